import { createActor, fromPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import {
  addressBookMachine,
  addressErrors,
  addressLabel,
  EMPTY_ADDRESS,
} from "../../machines/address-book.machine.js";
import { profileMachine } from "../../machines/profile.machine.js";
import { teamRegistrationMachine } from "../../machines/team-registration.machine.js";
import { teamMachine } from "../../machines/team.machine.js";
import {
  ADDRESSES,
  BOOK,
  COUNTRIES,
  model as addressBookModel,
} from "./models/address-book.model.js";
import { PROFILE, model as profileModel } from "./models/profile.model.js";
import { model as teamRegistrationModel } from "./models/team-registration.model.js";
import { INVITED, MEMBERS, model as teamModel } from "./models/team.model.js";
import { done, failed } from "./support/events.js";
import { pathTests } from "./support/path-tests.js";

// -------------------------------------------------------------------------------------------
// Team

describe("team machine", () => {
  pathTests(teamModel, { rule: "never changes or removes the own row", groups: 4 });

  it("invites with a valid e-mail and role, changes a role, removes after confirmation", () => {
    const notifications = { invited: vi.fn(), saved: vi.fn(), removed: vi.fn(), failure: vi.fn() };
    const actor = createActor(
      teamMachine.provide({
        actions: {
          notifyInvited: notifications.invited,
          notifySaved: notifications.saved,
          notifyRemoved: notifications.removed,
          notifyFailure: (_, params) => notifications.failure(params.message),
        },
      }),
    ).start();
    actor.send(done("loadMembers", MEMBERS) as never);
    actor.send({ type: "team.openInvite" });
    actor.send({ type: "team.changeInvite", field: "email", value: "not-an-email" });
    expect(actor.getSnapshot().context.inviteErrors.email).toBe("team.invite.emailInvalid");
    actor.send({ type: "team.submitInvite" });
    expect(actor.getSnapshot().context.inviteErrors.role).toBe("team.invite.roleRequired");
    expect(actor.getSnapshot().matches({ inviting: "editing" })).toBe(true);
    actor.send({ type: "team.changeInvite", field: "email", value: "new@demo-spa.example" });
    actor.send({ type: "team.changeInvite", field: "role", value: "MARKETING" });
    actor.send({ type: "team.submitInvite" });
    expect(actor.getSnapshot().matches({ inviting: "sending" })).toBe(true);
    actor.send(failed("inviteMember", { message: "Already registered" }) as never);
    expect(actor.getSnapshot().context.inviteFailure).toBe("Already registered");
    expect(notifications.failure).toHaveBeenCalledWith("Already registered");
    expect(actor.getSnapshot().context.invite.email).toBe("new@demo-spa.example");
    actor.send({ type: "team.submitInvite" });
    actor.send(done("inviteMember", INVITED) as never);
    expect(notifications.invited).toHaveBeenCalled();
    expect(actor.getSnapshot().context.members.map((m) => m.status)).toEqual([
      "ACTIVE",
      "ACTIVE",
      "PENDING",
    ]);

    // The own row: neither role change nor removal.
    actor.send({ type: "team.changeRole", id: "1", role: "MARKETING" });
    actor.send({ type: "team.remove", id: "1" });
    expect(actor.getSnapshot().value).toBe("ready");

    actor.send({ type: "team.changeRole", id: "2", role: "MARKETING" });
    actor.send(done("changeMemberRole", { ...MEMBERS[1]!, role: "MARKETING" }) as never);
    expect(actor.getSnapshot().context.members[1]?.role).toBe("MARKETING");
    expect(notifications.saved).toHaveBeenCalled();

    actor.send({ type: "team.remove", id: "2" });
    expect(actor.getSnapshot().value).toBe("confirmingRemoval");
    actor.send({ type: "team.cancel" });
    expect(actor.getSnapshot().context.members).toHaveLength(3);
    actor.send({ type: "team.remove", id: "2" });
    actor.send({ type: "team.confirmRemoval" });
    actor.send(done("removeMember") as never);
    expect(actor.getSnapshot().context.members.map((m) => m.id)).toEqual(["1", "3"]);
    expect(notifications.removed).toHaveBeenCalled();
  });
});

// -------------------------------------------------------------------------------------------
// Address book

describe("address book machine", () => {
  pathTests(addressBookModel, { rule: "never edits billing nor removes a default", groups: 10 });

  it("labels addresses and applies the form's rules, provinces only where there are some", () => {
    expect(addressLabel(ADDRESSES[1]!)).toBe("Lager 2, 50667 Köln, DE");
    expect(addressErrors({ ...EMPTY_ADDRESS, firstName: "H" }, COUNTRIES)).toEqual({
      firstName: "addresses.errors.minLength",
      lastName: "addresses.errors.required",
      company: "addresses.errors.required",
      street: "addresses.errors.required",
      city: "addresses.errors.required",
      postcode: "addresses.errors.required",
      countryCode: "addresses.errors.required",
    });
    const actor = createActor(addressBookMachine).start();
    actor.send(done("loadAddressBook", BOOK) as never);
    actor.send({ type: "address.edit", id: "3" });
    actor.send({ type: "address.change", field: "countryCode", value: "DE" });
    expect(actor.getSnapshot().context.values.provinceCode).toBe("");
    actor.send({ type: "address.change", field: "countryCode", value: "US" });
    actor.send({ type: "address.save" });
    expect(actor.getSnapshot().context.errors.provinceCode).toBe("addresses.errors.required");
    actor.send({ type: "address.change", field: "provinceCode", value: "US-NY" });
    actor.send({ type: "address.toggleDefault", value: true });
    actor.send({ type: "address.save" });
    expect(actor.getSnapshot().matches({ dialog: "saving" })).toBe(true);
    actor.send(
      failed("saveAddress", {
        message: "Invalid",
        violations: [{ propertyPath: "isShipping", message: "Nope" }],
      }) as never,
    );
    expect(actor.getSnapshot().context.serverErrors.isDefaultShipping).toBe("Nope");
    expect(actor.getSnapshot().context.values.city).toBe("New York");
    actor.send({ type: "address.save" });
    actor.send(done("saveAddress", ADDRESSES[2]) as never);
    expect(actor.getSnapshot().value).toBe("refreshing");
    actor.send(done("reloadAddressBook", BOOK) as never);
    // The default switch never turns off the current default.
    actor.send({ type: "address.edit", id: "2" });
    actor.send({ type: "address.toggleDefault", value: false });
    expect(actor.getSnapshot().context.values.isDefaultShipping).toBe(true);
    actor.send({ type: "address.cancel" });
    actor.send({ type: "address.remove", id: "2" });
    expect(actor.getSnapshot().value).toBe("ready");
    actor.send({ type: "address.makeDefault", id: "3" });
    expect(actor.getSnapshot().value).toBe("settingDefault");
  });
});

// -------------------------------------------------------------------------------------------
// My information and password

describe("profile machine", () => {
  pathTests(profileModel, { rule: "changes the password only with all fields", groups: 20 });

  it("tells of the changed password and keeps the details typed meanwhile", () => {
    const changed = vi.fn();
    const actor = createActor(
      profileMachine.provide({
        actions: {
          notifyPasswordChanged: changed,
        },
      }),
    ).start();
    actor.send(done("loadProfile", PROFILE) as never);
    actor.send({ type: "profile.change", field: "lastName", value: "" });
    actor.send({ type: "profile.save" });
    expect(actor.getSnapshot().context.errors.lastName).toBe("me.errors.required");
    actor.send({ type: "password.change", field: "currentPassword", value: "old" });
    actor.send({ type: "password.submit" });
    expect(actor.getSnapshot().matches({ loaded: { password: "editing" } })).toBe(true);
    actor.send({ type: "password.change", field: "newPassword", value: "new-secret-1" });
    actor.send({ type: "password.change", field: "confirmNewPassword", value: "new-secret-1" });
    actor.send({ type: "password.submit" });
    actor.send(failed("changePassword", { message: "The current password is wrong." }) as never);
    expect(actor.getSnapshot().context.passwordFailure).toBe("The current password is wrong.");
    actor.send({ type: "password.submit" });
    actor.send(done("changePassword", undefined) as never);
    expect(changed).toHaveBeenCalled();
    expect(actor.getSnapshot().context.password.newPassword).toBe("");
    expect(actor.getSnapshot().context.values.lastName).toBe("");
  });
});

// -------------------------------------------------------------------------------------------
// Team-member registration

describe("team registration machine", () => {
  pathTests(teamRegistrationModel, {
    rule: "registers only complete with terms accepted",
    groups: 24,
  });

  it("checks names and passwords, then shows the success state", () => {
    const actor = createActor(teamRegistrationMachine, { input: { token: "tok" } }).start();
    actor.send(done("checkInvitation", { valid: true, message: null }) as never);
    actor.send({ type: "registration.change", field: "firstName", value: "A" });
    expect(actor.getSnapshot().context.errors.firstName).toBe("teamRegistration.errors.minLength");
    actor.send({ type: "registration.change", field: "firstName", value: "Ada" });
    actor.send({ type: "registration.change", field: "lastName", value: "Lovelace" });
    actor.send({ type: "registration.change", field: "password", value: "analytical-1" });
    actor.send({ type: "registration.change", field: "passwordRepeat", value: "analytical-2" });
    expect(actor.getSnapshot().context.errors.passwordRepeat).toBe(
      "teamRegistration.errors.passwordMismatch",
    );
    actor.send({ type: "registration.change", field: "passwordRepeat", value: "analytical-1" });
    actor.send({ type: "registration.submit" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "registration.openTerms" });
    actor.send({ type: "registration.acceptTerms" });
    expect(actor.getSnapshot().context).toMatchObject({ termsAccepted: true, termsOpen: false });
    actor.send({ type: "registration.submit" });
    actor.send(
      failed("registerTeamMember", {
        detail: "Invalid",
        violations: [{ propertyPath: "newPlainPassword", message: "Too short" }],
      }) as never,
    );
    expect(actor.getSnapshot().context.failure).toBe("Invalid");
    expect(actor.getSnapshot().context.serverErrors.password).toBe("Too short");
    actor.send({ type: "registration.dismissFailure" });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: "registration.submit" });
    actor.send(done("registerTeamMember") as never);
    expect(actor.getSnapshot().value).toBe("registered");
  });

  it("fills in the names an approved application gave, and sends them as the person leaves them", () => {
    const registered = vi.fn();
    const actor = createActor(
      teamRegistrationMachine.provide({
        actors: {
          registerTeamMember: fromPromise(async ({ input }) => {
            registered(input);
          }),
        },
      }),
      { input: { token: "tok" } },
    ).start();
    actor.send(
      done("checkInvitation", {
        valid: true,
        message: null,
        companyName: "Atelier Nord Inc.",
        approvedApplication: true,
        firstName: "Anna",
        lastName: "Berg",
      }) as never,
    );
    expect(actor.getSnapshot().context).toMatchObject({
      values: { firstName: "Anna", lastName: "Berg", password: "", passwordRepeat: "" },
      approvedApplication: true,
      namesKnown: true,
      companyName: "Atelier Nord Inc.",
      errors: {},
    });
    // Still the form's rules: a name changed to one letter is refused before sending.
    actor.send({ type: "registration.change", field: "lastName", value: "B" });
    expect(actor.getSnapshot().context.errors.lastName).toBe("teamRegistration.errors.minLength");
    actor.send({ type: "registration.change", field: "lastName", value: "Berg-Lund" });
    actor.send({ type: "registration.change", field: "password", value: "first-order-2026" });
    actor.send({ type: "registration.change", field: "passwordRepeat", value: "first-order-2026" });
    actor.send({ type: "registration.acceptTerms" });
    actor.send({ type: "registration.submit" });
    expect(registered).toHaveBeenCalledWith(
      expect.objectContaining({ firstName: "Anna", lastName: "Berg-Lund" }),
    );

    // A colleague's invitation knows no names: nothing is filled in.
    const colleague = createActor(teamRegistrationMachine, { input: { token: "t2" } }).start();
    colleague.send(done("checkInvitation", { valid: true, message: null }) as never);
    expect(colleague.getSnapshot().context).toMatchObject({
      values: { firstName: "", lastName: "" },
      approvedApplication: false,
      namesKnown: false,
    });
  });

  it("shows a used link as invalid, before or after the form", () => {
    const before = createActor(teamRegistrationMachine, { input: { token: "x" } }).start();
    before.send(done("checkInvitation", { valid: false, message: "Link used" }) as never);
    expect(before.getSnapshot().value).toBe("invalid");
    expect(before.getSnapshot().context.invalidReason).toBe("Link used");
  });
});

import { createActor, fromPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { teamRegistrationMachine } from "../../machines/team-registration.machine.js";
import { model as teamRegistrationModel } from "./models/team-registration.model.js";
import { done, failed } from "./support/events.js";
import { pathTests } from "./support/path-tests.js";

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

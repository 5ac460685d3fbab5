// Hand-written cases of the team-registration machine beside its generated paths (team-registration.paths.test.ts):
// what the path tests' oracles left alive in the mutation run (decision 036). A separate
// file, so that adding a case does not make Stryker's incremental run retest every mutant
// the path tests already killed (it knows tests by file and name, not by location).
import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import {
  registrationFieldError,
  teamRegistrationMachine,
} from "../../machines/team-registration.machine.js";
import { done, failed } from "./support/events.js";

describe("team registration machine: hand-written cases", () => {
  it("judges names trimmed (two letters are enough) and passwords as typed", () => {
    const values = { firstName: " A ", lastName: "Li", password: " ", passwordRepeat: "" };
    expect(registrationFieldError("firstName", values)).toBe("teamRegistration.errors.minLength");
    expect(registrationFieldError("lastName", values)).toBeUndefined();
    // A space is a password as typed, but one of fewer than 10 characters (issue 30).
    expect(registrationFieldError("password", values)).toBe(
      "teamRegistration.errors.passwordTooShort",
    );
    expect(registrationFieldError("password", { ...values, password: "          " })).toBe(
      undefined,
    );
    expect(registrationFieldError("password", { ...values, password: "Ada-secr1" })).toBe(
      "teamRegistration.errors.passwordTooShort",
    );
    expect(registrationFieldError("passwordRepeat", values)).toBe(
      "teamRegistration.errors.required",
    );
  });

  it("an empty Register marks every field and the unaccepted terms; ticking them ends it", () => {
    const actor = createActor(teamRegistrationMachine, { input: { token: "tok" } }).start();
    actor.send(done("checkInvitation", { valid: true, message: null }) as never);
    actor.send({ type: "registration.submit" });
    const ctx = actor.getSnapshot().context;
    expect(actor.getSnapshot().value).toBe("editing");
    expect(ctx.termsMissing).toBe(true);
    expect(Object.keys(ctx.errors).sort()).toStrictEqual([
      "firstName",
      "lastName",
      "password",
      "passwordRepeat",
    ]);
    actor.send({ type: "registration.setTerms", value: true });
    expect(actor.getSnapshot().context.termsMissing).toBe(false);
    // Unticking again is no new attempt: the error comes back with the next Register.
    actor.send({ type: "registration.setTerms", value: false });
    expect(actor.getSnapshot().context.termsMissing).toBe(false);
    actor.send({ type: "registration.submit" });
    expect(actor.getSnapshot().context.termsMissing).toBe(true);
    actor.send({ type: "registration.openTerms" });
    actor.send({ type: "registration.acceptTerms" });
    expect(actor.getSnapshot().context.termsMissing).toBe(false);
  });

  it("fills in neither name when the application gave only one", () => {
    const actor = createActor(teamRegistrationMachine, { input: { token: "tok" } }).start();
    actor.send(
      done("checkInvitation", {
        valid: true,
        message: null,
        approvedApplication: true,
        firstName: "Ada",
        lastName: null,
      }) as never,
    );
    expect(actor.getSnapshot().context.namesKnown).toBe(false);
  });

  it("reads a refusal: its detail, else its own text; only well-formed violations", () => {
    const refused = (error: unknown) => {
      const actor = createActor(teamRegistrationMachine, { input: { token: "tok" } }).start();
      actor.send(done("checkInvitation", { valid: true, message: null }) as never);
      for (const [field, value] of [
        ["firstName", "Ada"],
        ["lastName", "Lovelace"],
        ["password", "analytical-1"],
        ["passwordRepeat", "analytical-1"],
      ] as const)
        actor.send({ type: "registration.change", field, value });
      actor.send({ type: "registration.openTerms" });
      actor.send({ type: "registration.acceptTerms" });
      actor.send({ type: "registration.submit" });
      actor.send(failed("registerTeamMember", error) as never);
      expect(actor.getSnapshot().value).toBe("editing");
      return actor.getSnapshot().context;
    };
    for (const [error, shown] of [
      [{ detail: "Refused." }, "Refused."],
      [{ detail: "" }, "teamRegistration.failed"],
      [{ detail: 4 }, "teamRegistration.failed"],
      [undefined, "teamRegistration.failed"],
    ] as [unknown, string][]) {
      const ctx = refused(error);
      expect(ctx.failure).toBe(shown);
      expect(ctx.serverErrors).toStrictEqual({});
    }
    expect(
      refused({
        detail: "Check the form.",
        violations: [
          { propertyPath: "newPlainPassword", message: "Too short" },
          { propertyPath: "newPlainPassword", message: "A second message" },
          { propertyPath: "lastName", message: "Too long" },
          { propertyPath: 9, message: "No field" },
          { propertyPath: "firstName" },
        ],
      }).serverErrors,
    ).toStrictEqual({ password: "Too short", lastName: "Too long" });
  });
});

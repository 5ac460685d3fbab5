// Hand-written cases of the profile machine beside its generated paths (profile.paths.test.ts):
// what the path tests' oracles left alive in the mutation run (decision 036). A separate
// file, so that adding a case does not make Stryker's incremental run retest every mutant
// the path tests already killed (it knows tests by file and name, not by location).
import { createActor, fromPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { profileMachine } from "../../machines/profile.machine.js";
import { PROFILE } from "./models/profile.model.js";
import { done, failed } from "./support/events.js";

describe("profile machine: hand-written cases", () => {
  /** A loaded form whose save is recorded (its input) and answered by `answer`. */
  const loaded = (answer: () => Promise<unknown>, profile = PROFILE) => {
    const sent: Record<string, string>[] = [];
    const actor = createActor(
      profileMachine.provide({
        actors: {
          saveProfile: fromPromise(async ({ input }) => {
            sent.push(input as unknown as Record<string, string>);
            return (await answer()) as never;
          }),
        },
      }),
    ).start();
    actor.send(done("loadProfile", profile) as never);
    return { actor, sent };
  };

  it("takes a phone of digits or none; letters keep the form from saving, what was typed kept (issue 30)", () => {
    const { actor, sent } = loaded(() => new Promise(() => {}));
    actor.send({ type: "profile.change", field: "phoneNumber", value: "030 CALL" });
    expect(actor.getSnapshot().context.errors.phoneNumber).toBe("me.errors.phone");
    actor.send({ type: "profile.save" });
    expect(actor.getSnapshot().matches({ loaded: { details: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context.values.phoneNumber).toBe("030 CALL");
    expect(actor.getSnapshot().context.errors.phoneNumber).toBe("me.errors.phone");
    expect(sent).toEqual([]);
    actor.send({ type: "profile.change", field: "phoneNumber", value: "   " });
    expect(actor.getSnapshot().context.errors.phoneNumber).toBeUndefined();
    actor.send({ type: "profile.save" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.phoneNumber).toBe("");
  });

  it("sends the details trimmed; a blank of spaces is blank; the same e-mail in other case and spaces needs no password", async () => {
    const { actor, sent } = loaded(() => new Promise(() => {}), {
      ...PROFILE,
      email: " Admin@Demo-Spa.example ",
    });
    actor.send({ type: "profile.change", field: "lastName", value: "   " });
    expect(actor.getSnapshot().context.errors.lastName).toBe("me.errors.required");
    actor.send({ type: "profile.save" });
    expect(actor.getSnapshot().matches({ loaded: { details: "editing" } })).toBe(true);
    for (const [field, value] of [
      ["firstName", "  Ada "],
      ["lastName", " Lovelace "],
      ["email", "  ADMIN@demo-spa.example  "],
      ["phoneNumber", " +41 44 000 00 00 "],
      ["jobTitle", " Buyer "],
    ] as const)
      actor.send({ type: "profile.change", field, value });
    expect(actor.getSnapshot().context.errors.lastName).toBeUndefined();
    actor.send({ type: "profile.save" });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toStrictEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ADMIN@demo-spa.example",
      phoneNumber: "+41 44 000 00 00",
      jobTitle: "Buyer",
    });
  });

  it("asks for the current password for another e-mail and sends it with the details", async () => {
    const { actor, sent } = loaded(() => new Promise(() => {}));
    actor.send({ type: "profile.change", field: "email", value: "ada@demo-spa.example" });
    actor.send({ type: "profile.save" });
    expect(actor.getSnapshot().context.errors.emailPassword).toBe("me.errors.passwordForEmail");
    actor.send({ type: "profile.emailPassword", value: "partner-demo" });
    actor.send({ type: "profile.save" });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      email: "ada@demo-spa.example",
      currentPassword: "partner-demo",
    });
  });

  it("reads a refusal: message, else detail, else its own text; only well-formed violations", async () => {
    const cases: [unknown, string][] = [
      [{ message: "Refused.", detail: "ignored" }, "Refused."],
      [{ detail: "Said in detail." }, "Said in detail."],
      [{ message: 42, detail: "Said in detail." }, "Said in detail."],
      [{ message: "" }, "me.saveFailed"],
      [{ detail: "" }, "me.saveFailed"],
      [undefined, "me.saveFailed"],
    ];
    for (const [error, shown] of cases) {
      const { actor } = loaded(() => Promise.reject(error));
      actor.send({ type: "profile.save" });
      await vi.waitFor(() =>
        expect(actor.getSnapshot().matches({ loaded: { details: "editing" } })).toBe(true),
      );
      expect(actor.getSnapshot().context.failure).toBe(shown);
      expect(actor.getSnapshot().context.serverErrors).toStrictEqual({});
    }
    const { actor } = loaded(() =>
      Promise.reject({
        message: "Check the form.",
        violations: [
          { propertyPath: "email", message: "This e-mail is taken." },
          { propertyPath: "email", message: "A second message." },
          { propertyPath: "currentPassword", message: "Wrong password." },
          { propertyPath: 3, message: "No field." },
          { propertyPath: "lastName" },
          { message: "No path." },
        ],
      }),
    );
    actor.send({ type: "profile.save" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.failure).toBe("Check the form."));
    expect(actor.getSnapshot().context.serverErrors).toStrictEqual({
      email: "This e-mail is taken.",
      emailPassword: "Wrong password.",
    });
  });

  it("shows why the details could not be loaded, else its own text", () => {
    for (const [error, shown] of [
      [{ detail: "The server is down." }, "The server is down."],
      [new Error(""), "me.loadFailed"],
      [undefined, "me.loadFailed"],
    ] as [unknown, string][]) {
      const actor = createActor(profileMachine).start();
      actor.send(failed("loadProfile", error) as never);
      expect(actor.getSnapshot().value).toBe("loadFailed");
      expect(actor.getSnapshot().context.loadFailure).toBe(shown);
    }
  });

  it("keeps the password button off while a field holds only spaces; a refusal without text shows its own", () => {
    const actor = createActor(profileMachine).start();
    actor.send(done("loadProfile", PROFILE) as never);
    actor.send({ type: "password.change", field: "currentPassword", value: "old-secret" });
    actor.send({ type: "password.change", field: "newPassword", value: "new-secret-1" });
    actor.send({ type: "password.change", field: "confirmNewPassword", value: "   " });
    actor.send({ type: "password.submit" });
    expect(actor.getSnapshot().matches({ loaded: { password: "editing" } })).toBe(true);
    actor.send({ type: "password.change", field: "confirmNewPassword", value: "new-secret-1" });
    actor.send({ type: "password.submit" });
    expect(actor.getSnapshot().matches({ loaded: { password: "editing" } })).toBe(false);
    actor.send(failed("changePassword", { detail: "" }) as never);
    expect(actor.getSnapshot().context.passwordFailure).toBe("me.password.failed");
  });
});

import { createActor } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { profileMachine } from "../../machines/profile.machine.js";
import { PROFILE, model as profileModel } from "./models/profile.model.js";
import { done, failed } from "./support/events.js";
import { pathTests } from "./support/path-tests.js";

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

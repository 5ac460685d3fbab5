import { createActor, toPromise, waitFor } from "xstate";
import { describe, expect, it } from "vitest";
import { signInMachine } from "../../machines/sign-in.machine.js";
import { unprovided } from "../../machines/unprovided.js";

describe("unprovided actors", () => {
  it("fail at once with their name", async () => {
    const actor = createActor(unprovided<number>("loadThings")).start();
    await expect(toPromise(actor)).rejects.toThrow(
      'the actor "loadThings" was invoked but not provided',
    );
  });

  it("send a machine whose service was not provided down its error path instead of hanging", async () => {
    const actor = createActor(signInMachine).start();
    actor.send({ type: "signIn.changeEmail", value: "buyer@demo-spa.example" });
    actor.send({ type: "signIn.changePassword", value: "partner-demo" });
    actor.send({ type: "signIn.submit" });
    const snapshot = await waitFor(actor, (s) => s.matches("editing"), { timeout: 1000 });
    expect(snapshot.context.error).toEqual({ key: "signIn.failed" });
    actor.stop();
  });
});

import { createActor } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { signInMachine } from "../../machines/sign-in.machine.js";
import { model as signInModel } from "./models/sign-in.model.js";
import { pathTests } from "./support/path-tests.js";

describe("sign-in machine paths", () => {
  pathTests(signInModel, { rule: "never submits without both fields", groups: 4 });
});

describe("sign-in machine behaviour", () => {
  const run = () => {
    const calls = { clear: vi.fn(), start: vi.fn(), shop: vi.fn() };
    const actor = createActor(
      signInMachine.provide({
        actions: {
          clearStoredSession: calls.clear,
          startSession: (_, p) => calls.start(p),
          redirectAfterSignIn: (_, p) => calls.shop(p),
        },
      }),
    ).start();
    return { actor, calls };
  };

  it("clears the stored session when the page opens", () => {
    expect(run().calls.clear).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message, else its detail, else nothing", () => {
    const { actor } = run();
    actor.send({ type: "signIn.changeEmail", value: " a@b.example " });
    actor.send({ type: "signIn.changePassword", value: "x" });
    const fail = (output: unknown) => {
      actor.send({ type: "signIn.submit" });
      actor.send({ type: "xstate.done.actor.signIn", output } as never);
      return actor.getSnapshot().context.error;
    };
    expect(fail({ ok: false, message: "Invalid credentials.", detail: "d" })).toEqual({
      text: "Invalid credentials.",
    });
    expect(fail({ ok: false, message: null, detail: "Only detail" })).toEqual({
      text: "Only detail",
    });
    expect(fail({ ok: false, message: null, detail: null })).toBeNull();
    actor.send({ type: "signIn.submit" });
    actor.send({ type: "xstate.error.actor.signIn", error: new Error("x") } as never);
    expect(actor.getSnapshot().context.error).toEqual({ key: "signIn.failed" });
    actor.send({ type: "signIn.dismissError" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("hands the session over and goes to /shop on success", () => {
    const { actor, calls } = run();
    actor.send({ type: "signIn.changeEmail", value: "a@b.example" });
    actor.send({ type: "signIn.changePassword", value: "pw" });
    actor.send({ type: "signIn.submit" });
    actor.send({
      type: "xstate.done.actor.signIn",
      output: { ok: true, customerId: "5" },
    } as never);
    expect(calls.start).toHaveBeenCalledWith({ customerId: "5" });
    expect(calls.shop).toHaveBeenCalledWith({ to: "/shop" });
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("goes to the page asked for before sign-in", () => {
    const shop = vi.fn();
    const actor = createActor(
      signInMachine.provide({ actions: { redirectAfterSignIn: (_, p) => shop(p) } }),
      { input: { returnTo: "/shop/account/payments" } },
    ).start();
    actor.send({ type: "signIn.changeEmail", value: "a@b.example" });
    actor.send({ type: "signIn.changePassword", value: "pw" });
    actor.send({ type: "signIn.submit" });
    actor.send({
      type: "xstate.done.actor.signIn",
      output: { ok: true, customerId: "5" },
    } as never);
    expect(shop).toHaveBeenCalledWith({ to: "/shop/account/payments" });
  });

  it("marks the empty fields when submitted without them, and calls nobody", () => {
    const { actor } = run();
    expect(actor.getSnapshot().context.attempted).toBe(false);
    actor.send({ type: "signIn.submit" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.attempted).toBe(true);
  });
});

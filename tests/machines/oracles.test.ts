/* eslint-disable @typescript-eslint/no-explicit-any -- edits machine configs of every shape */
import { createMachine, type AnyStateMachine } from "xstate";
import { describe, expect, it } from "vitest";
import { model as checkoutModel } from "./models/checkout.model.js";
import { model as signInModel } from "./models/sign-in.model.js";
import { runModel, type MachineModel } from "./support/paths.js";

/** A copy of a plain config tree (objects and arrays copied, functions kept). */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  return value;
}

/** The model's machine with a seeded bug: its config edited, its implementations kept. */
function seeded(model: MachineModel, edit: (config: any) => void): MachineModel {
  const config = copy(model.machine.config) as any;
  edit(config);
  const machine = createMachine(config, model.machine.implementations as any) as AnyStateMachine;
  return { ...model, machine };
}

const oracleFailures = (model: MachineModel) =>
  runModel(model).failures.filter((f) => f.includes("oracle after"));

/**
 * The oracles must catch the bugs issue 19 names: each seeded machine still reaches every
 * state and transition, so only the oracle can tell.
 */
describe("the oracles catch seeded bugs", () => {
  it("holds on the real machines", () => {
    expect(oracleFailures(signInModel)).toEqual([]);
  });

  it("sign-in: no message on a network error", () => {
    const bug = seeded(signInModel, (c) => (c.states.submitting.invoke.onError.actions = []));
    expect(oracleFailures(bug).join("\n")).toContain('expected {"key":"signIn.failed"}');
  });

  it("sign-in: the server's refusal not shown", () => {
    const bug = seeded(signInModel, (c) => (c.states.submitting.invoke.onDone[1].actions = []));
    expect(oracleFailures(bug).join("\n")).toContain('expected {"text":"Invalid credentials."}');
  });

  it("sign-in: success does not start the session", () => {
    const bug = seeded(signInModel, (c) => delete c.states.submitting.invoke.onDone[0].actions);
    expect(oracleFailures(bug).join("\n")).toContain("action startSession");
  });

  it("checkout: a quantity of 301 accepted (the guard forced to pass)", () => {
    const bug: MachineModel = {
      ...checkoutModel,
      machine: checkoutModel.machine.provide({ guards: { quantityIsValid: () => true } } as any),
    };
    expect(oracleFailures(bug).join("\n")).toContain("service adjustItem started unexpectedly");
  }, 300_000);

  it("checkout: the coupon code sent as typed, spaces and all", () => {
    const bug = seeded(checkoutModel, (c) => {
      c.states.active.states.applyingCoupon.invoke.input = ({ context }: any) => ({
        cart: context.cart,
        code: context.couponInput,
      });
    });
    expect(oracleFailures(bug).join("\n")).toContain("service applyCoupon got");
  }, 300_000);
});

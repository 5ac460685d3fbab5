import { createActor, fromPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import {
  cartMachine,
  isCartLoading,
  type CartLike,
  type CartOperation,
} from "../../machines/cart.machine.js";
import { runPathTests } from "./support/paths.js";

const empty: CartLike = { token: "c1", itemsTotal: 0, items: [], shipments: [] };
const filled: CartLike = {
  token: "c1",
  itemsTotal: 5000,
  items: [{ id: "1", quantity: 2 }],
  shipments: [{ id: "9", methodCode: "air_freight" }],
};

describe("cart machine", () => {
  it("covers every state and transition; the queue never loses a change", () => {
    const result = runPathTests({
      machine: cartMachine,
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.cart === null ? "none" : s.context.cart.items.length,
          Math.min(s.context.queue.length, 2),
          s.context.queue[0]?.silent ?? null,
          s.context.lastOutcome?.ok ?? null,
        ]),
      events: () => [
        { type: "cart.add", variantCode: "V1", quantity: 1 },
        { type: "cart.bulkAdd", items: [{ variantCode: "V1", quantity: 2 }], silent: true },
        { type: "cart.adjust", itemId: "1", quantity: 3 },
        { type: "cart.remove", itemId: "1" },
        { type: "cart.empty" },
        { type: "cart.refresh" },
        { type: "cart.replace", cart: filled },
        { type: "xstate.done.actor.findCart", output: empty },
        { type: "xstate.error.actor.findCart", error: { detail: "Down" } },
        { type: "xstate.done.actor.applyOperation", output: filled },
        { type: "xstate.done.actor.applyOperation", output: empty },
        { type: "xstate.error.actor.applyOperation", error: { detail: "Out of stock" } },
        { type: "xstate.done.actor.resetShipment", output: filled },
        { type: "xstate.error.actor.resetShipment", error: new Error("gone") },
      ],
      invariants: {
        "a change runs only while one is waiting": (s) =>
          !["updating", "resettingShipment", "reporting"].includes(String(s.value)) ||
          s.context.queue.length > 0,
        "idle only with nothing waiting": (s) => s.value !== "idle" || s.context.queue.length === 0,
      },
    });
    expect(result.failures).toEqual([]);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.missing).toEqual([]);
  });

  it("carries out changes one at a time in order, toasts each, and reports outcomes", async () => {
    const applied: CartOperation[] = [];
    const success = vi.fn();
    const failure = vi.fn();
    let cart: CartLike = { ...empty };
    const actor = createActor(
      cartMachine.provide({
        actors: {
          findCart: fromPromise<CartLike | null>(async () => cart),
          applyOperation: fromPromise<
            CartLike | null,
            { cart: CartLike | null; operation: CartOperation }
          >(async ({ input }) => {
            applied.push(input.operation);
            if (input.operation.kind === "add" && input.operation.variantCode === "GONE")
              throw { detail: "Product is out of stock" };
            cart = {
              ...cart,
              itemsTotal: cart.itemsTotal + 100,
              items: [...cart.items, { id: String(applied.length), quantity: 1 }],
              shipments: [{ id: "9", methodCode: "air_freight" }],
            };
            return cart;
          }),
          resetShipment: fromPromise(async ({ input }) => input.cart),
        },
        actions: {
          notifySuccess: (_, params) => success(params.kind),
          notifyFailure: (_, params) => failure(params.kind, params.message),
        },
      }),
    ).start();
    expect(isCartLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: "cart.add", variantCode: "A", quantity: 1 });
    actor.send({ type: "cart.add", variantCode: "GONE", quantity: 1, requestId: "r2" });
    actor.send({ type: "cart.bulkAdd", items: [{ variantCode: "B", quantity: 2 }], silent: true });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("idle"));
    expect(applied.map((o) => o.kind)).toEqual(["add", "add", "bulkAdd"]);
    expect(success.mock.calls).toEqual([["add"]]);
    expect(failure.mock.calls).toEqual([["add", "Product is out of stock"]]);
    expect(actor.getSnapshot().context.cart?.items).toHaveLength(2);
    expect(actor.getSnapshot().context.lastOutcome).toMatchObject({ kind: "bulkAdd", ok: true });
    expect(isCartLoading(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it("tries again after the cart could not be read when the person adds something", async () => {
    let calls = 0;
    const actor = createActor(
      cartMachine.provide({
        actors: {
          findCart: fromPromise<CartLike | null>(async () => {
            calls++;
            if (calls === 1) throw new Error("network");
            return empty;
          }),
          applyOperation: fromPromise<
            CartLike | null,
            { cart: CartLike | null; operation: CartOperation }
          >(async () => filled),
          resetShipment: fromPromise(async ({ input }) => input.cart),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("unavailable"));
    actor.send({ type: "cart.add", variantCode: "A", quantity: 1, requestId: "x" });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.lastOutcome).toMatchObject({ requestId: "x", ok: true }),
    );
    expect(calls).toBe(2);
    actor.stop();
  });
});

import { createActor, fromPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import {
  cartMachine,
  isCartLoading,
  type CartLike,
  type CartOperation,
} from "../../machines/cart.machine.js";
import { model as cartModel, empty, filled } from "./models/cart.model.js";
import { pathTests } from "./support/path-tests.js";

describe("cart machine", () => {
  pathTests(cartModel, { rule: "the queue never loses a change", groups: 4 });

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
          loadShippingMethods: fromPromise<readonly string[]>(async () => ["air_freight"]),
          setShippingMethod: fromPromise<CartLike, { cart: CartLike; methodCode: string }>(
            async () => {
              throw new Error("the method is offered: nothing to write");
            },
          ),
        },
        actions: {
          notifySuccess: (_, params) => success(params.kind),
          notifyFailure: (_, params) => failure(params.kind, params.message),
        },
      }),
    ).start();
    expect(isCartLoading(actor.getSnapshot())).toBe(false);
    actor.send({ type: "cart.add", variantCode: "IGNORED", quantity: 1 });
    actor.send({ type: "cart.start" });
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
          loadShippingMethods: fromPromise<readonly string[]>(async () => ["air_freight"]),
        },
      }),
    ).start();
    actor.send({ type: "cart.start" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("unavailable"));
    actor.send({ type: "cart.add", variantCode: "A", quantity: 1, requestId: "x" });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.lastOutcome).toMatchObject({ requestId: "x", ok: true }),
    );
    expect(calls).toBe(2);
    actor.stop();
  });

  it("writes the shipment's method only when the server no longer offers it", async () => {
    const written: string[] = [];
    let offered = ["air_freight", "sea_freight"];
    const actor = createActor(
      cartMachine.provide({
        actors: {
          findCart: fromPromise<CartLike | null>(async () => filled),
          applyOperation: fromPromise<
            CartLike | null,
            { cart: CartLike | null; operation: CartOperation }
          >(async ({ input }) => input.cart),
          loadShippingMethods: fromPromise<readonly string[]>(async () => offered),
          setShippingMethod: fromPromise<CartLike, { cart: CartLike; methodCode: string }>(
            async ({ input }) => {
              written.push(input.methodCode);
              return { ...input.cart, shipments: [{ id: "9", methodCode: input.methodCode }] };
            },
          ),
        },
      }),
    ).start();
    actor.send({ type: "cart.start" });
    actor.send({ type: "cart.adjust", itemId: "1", quantity: 3, requestId: "a" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.lastOutcome?.requestId).toBe("a"));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("idle"));
    expect(written).toEqual([]);
    offered = ["sea_freight"];
    actor.send({
      type: "cart.change",
      operation: { kind: "setNote", note: "Ring twice" },
      requestId: "b",
      silent: true,
    });
    await vi.waitFor(() => expect(actor.getSnapshot().context.lastOutcome?.requestId).toBe("b"));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("idle"));
    expect(written).toEqual(["sea_freight"]);
    expect(actor.getSnapshot().context.cart?.shipments[0]?.methodCode).toBe("sea_freight");
    actor.stop();
  });
});

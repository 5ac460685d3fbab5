import { createActor, fromPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import {
  canFinish,
  checkoutMachine,
  completionKey,
  defaultPaymentMethod,
  type CheckoutCart,
} from "../../machines/checkout.machine.js";
import {
  addresses,
  buyer,
  cart,
  methods,
  model as checkoutModel,
  poRequired,
  violation,
} from "./models/checkout.model.js";
import { pathTests } from "./support/path-tests.js";

describe("checkout machine", () => {
  pathTests(checkoutModel, { rule: "never places an order it should not", groups: 40 });

  it("defaults the payment method to the cart's, else the first card, else the first", () => {
    expect(defaultPaymentMethod(cart, methods)).toBe("invoice");
    expect(defaultPaymentMethod({ ...cart, payments: [] }, methods)).toBe("adyen_card");
    expect(defaultPaymentMethod(null, [{ code: "invoice", isCard: false }])).toBe("invoice");
    expect(defaultPaymentMethod(null, [])).toBeNull();
    expect(completionKey("abc")).toBe("checkout-abc");
  });

  it("goes from the overview to a placed invoice order with the defaults", async () => {
    const completed = vi.fn();
    const published = vi.fn();
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: fromPromise(async () => ({
            customer: buyer,
            cart: cart as CheckoutCart | null,
          })),
          loadAddresses: fromPromise(async () => addresses),
          setAddresses: fromPromise(async ({ input }) => {
            expect(input).toMatchObject({ shippingAddressId: "2", billingAddressId: "1" });
            return cart;
          }),
          loadPaymentMethods: fromPromise(async () => methods),
          setPaymentMethod: fromPromise(async () => cart),
          saveNote: fromPromise(async ({ input }) => ({ ...cart, notes: input.note })),
          completeOrder: fromPromise(async ({ input }) => {
            completed(input.key);
            return { orderNumber: "000200" };
          }),
          refreshCart: fromPromise(async () => {}),
        },
        actions: { publishCart: (_, params) => published(params.cart) },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    actor.send({ type: "checkout.next" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "details" })).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({
      shippingAddressId: "2",
      billingAddressId: "1",
      paymentMethodCode: "invoice",
    });
    expect(canFinish(actor.getSnapshot())).toBe(true);
    actor.send({ type: "note.change", value: "Deliver before noon" });
    actor.send({ type: "checkout.complete" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("completed"));
    expect(completed).toHaveBeenCalledWith("checkout-t1");
    expect(actor.getSnapshot().context.orderNumber).toBe("000200");
    expect(published).toHaveBeenCalled();
  });

  it("asks for a required PO number, then saves it before placing the order (issue 21)", async () => {
    const saved: string[] = [];
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: fromPromise(async () => ({
            customer: poRequired,
            cart: cart as CheckoutCart | null,
          })),
          loadAddresses: fromPromise(async () => addresses),
          setAddresses: fromPromise(async () => cart),
          loadPaymentMethods: fromPromise(async () => methods),
          setPaymentMethod: fromPromise(async () => cart),
          savePoNumber: fromPromise(async ({ input }) => {
            saved.push(input.poNumber);
            return { ...cart, poNumber: input.poNumber };
          }),
          completeOrder: fromPromise(async () => ({ orderNumber: "000300" })),
          refreshCart: fromPromise(async () => {}),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    actor.send({ type: "checkout.next" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "details" })).toBe(true));
    expect(canFinish(actor.getSnapshot())).toBe(false);
    actor.send({ type: "checkout.complete" });
    expect(actor.getSnapshot().matches({ active: "details" })).toBe(true);
    actor.send({ type: "poNumber.change", value: "X".repeat(36) });
    expect(actor.getSnapshot().context.poNumber).toBe("");
    actor.send({ type: "poNumber.change", value: "  PO-2027-01 " });
    expect(canFinish(actor.getSnapshot())).toBe(true);
    actor.send({ type: "checkout.complete" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("completed"));
    expect(saved).toEqual(["PO-2027-01"]);
  });

  it("confirms a changed or removed line with the cart's success toast", async () => {
    const changed: string[] = [];
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: fromPromise(async () => ({
            customer: buyer,
            cart: cart as CheckoutCart | null,
          })),
          adjustItem: fromPromise(async () => cart),
          removeItem: fromPromise(async () => cart),
        },
        actions: { notifyItemChanged: (_, { kind }) => void changed.push(kind) },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    actor.send({ type: "item.setQuantity", itemId: "1", quantity: 3 });
    await vi.waitFor(() => expect(changed).toEqual(["updated"]));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    actor.send({ type: "item.remove", itemId: "2" });
    await vi.waitFor(() => expect(changed).toEqual(["updated", "removed"]));
  });

  it("applies the minimum to the items after the coupon, as the server does (decision 028)", async () => {
    // 520.00 of items before WELCOME10 is above the minimum (500.00); what counts is after it:
    // 468.00 is below, 540.00 (600.00 before the coupon) above.
    const run = async (itemsTotal: number) => {
      const couponed: CheckoutCart = { ...cart, couponCode: "WELCOME10", itemsTotal };
      const actor = createActor(
        checkoutMachine.provide({
          actors: {
            loadCheckout: fromPromise(async () => ({
              customer: buyer,
              cart: couponed as CheckoutCart | null,
            })),
            loadAddresses: fromPromise(async () => addresses),
            setAddresses: fromPromise(async () => couponed),
            loadPaymentMethods: fromPromise(async () => methods),
            setPaymentMethod: fromPromise(async () => couponed),
          },
        }),
      ).start();
      await vi.waitFor(() =>
        expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true),
      );
      actor.send({ type: "checkout.next" });
      return actor.getSnapshot();
    };
    expect((await run(46_800)).matches({ active: "overview" })).toBe(true);
    expect((await run(54_000)).matches({ active: "overview" })).toBe(false);
  });

  it("clears the coupon or the shipping address the server names", async () => {
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: fromPromise(async () => ({
            customer: buyer,
            cart: cart as CheckoutCart | null,
          })),
          applyCoupon: fromPromise<CheckoutCart, { cart: CheckoutCart; code: string }>(async () => {
            throw violation("couponCode");
          }),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    actor.send({ type: "coupon.change", value: "NOPE" });
    actor.send({ type: "coupon.apply" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    expect(actor.getSnapshot().context.couponInput).toBe("");
    actor.send({ type: "coupon.change", value: "   " });
    actor.send({ type: "coupon.apply" });
    expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true);
  });
});

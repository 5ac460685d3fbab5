import { createActor, fromPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import {
  canFinish,
  checkoutMachine,
  completionKey,
  defaultPaymentMethod,
  type CheckoutCart,
} from "../../machines/checkout.machine.js";
import type { CartOperation } from "../../machines/cart.machine.js";
import {
  addresses,
  buyer,
  cart,
  methods,
  model as checkoutModel,
  poRequired,
  reread,
  violation,
} from "./models/checkout.model.js";
import { pathTests } from "./support/path-tests.js";

/** The cart actor's side of the checkout's changes: `answer` per operation kind. */
const changes = (
  answer: Partial<Record<CartOperation["kind"], (operation: CartOperation) => CheckoutCart | null>>,
) =>
  fromPromise<CheckoutCart | null, { operation: CartOperation }>(async ({ input }) => {
    const run = answer[input.operation.kind];
    if (!run) throw new Error(`unexpected change ${input.operation.kind}`);
    return run(input.operation);
  });

describe("checkout machine", () => {
  // The first group generates every path (45,000): over a minute under coverage on a busy machine.
  pathTests(checkoutModel, {
    rule: "never places an order it should not",
    groups: 40,
    timeout: 240_000,
  });

  it("defaults the payment method to the cart's, else the first card, else the first", () => {
    expect(defaultPaymentMethod(cart, methods)).toBe("invoice");
    expect(defaultPaymentMethod({ ...cart, payments: [] }, methods)).toBe("adyen_card");
    expect(defaultPaymentMethod(null, [{ code: "invoice", isCard: false }])).toBe("invoice");
    expect(defaultPaymentMethod(null, [])).toBeNull();
    expect(completionKey("abc")).toBe("checkout-abc");
  });

  it("goes from the overview to a placed invoice order with the defaults", async () => {
    const completed = vi.fn();
    const asked: CartOperation[] = [];
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: fromPromise(async () => ({
            customer: buyer,
            cart: cart as CheckoutCart | null,
          })),
          loadAddresses: fromPromise(async () => addresses),
          changeCart: changes({
            setAddresses: (o) => (asked.push(o), cart),
            setPaymentMethod: (o) => (asked.push(o), cart),
            setNote: (o) => (asked.push(o), { ...cart, notes: "Deliver before noon" }),
          }),
          loadPaymentMethods: fromPromise(async () => methods),
          completeOrder: fromPromise(async ({ input }) => {
            completed(input.key);
            return { orderNumber: "000200" };
          }),
          refreshCart: fromPromise(async () => {}),
        },
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
    // Every change went to the cart actor, the cart's one owner.
    expect(asked).toEqual([
      { kind: "setAddresses", shippingAddressId: "2", billingAddressId: "1" },
      { kind: "setNote", note: "Deliver before noon" },
    ]);
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
          changeCart: changes({
            setAddresses: () => cart,
            setPoNumber: (o) => {
              const poNumber = o.kind === "setPoNumber" ? o.poNumber : "";
              saved.push(poNumber);
              return { ...cart, poNumber };
            },
          }),
          loadPaymentMethods: fromPromise(async () => methods),
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
    expect(actor.getSnapshot().context.poNumber).toBe("X".repeat(36));
    expect(canFinish(actor.getSnapshot())).toBe(false);
    actor.send({ type: "poNumber.change", value: "  PO-2027-01 " });
    expect(canFinish(actor.getSnapshot())).toBe(true);
    actor.send({ type: "checkout.complete" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("completed"));
    expect(saved).toEqual(["PO-2027-01"]);
  });

  it("keeps the PO number and comment typed while the payment method is saved, fixes them while the order is placed", async () => {
    let answerPayment: (c: CheckoutCart) => void = () => {};
    let answerCompletion: (o: { orderNumber: string }) => void = () => {};
    const saved: { note: string[]; po: string[] } = { note: [], po: [] };
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: fromPromise(async () => ({
            customer: buyer,
            cart: cart as CheckoutCart | null,
          })),
          loadAddresses: fromPromise(async () => addresses),
          loadPaymentMethods: fromPromise(async () => methods),
          changeCart: fromPromise<CheckoutCart | null, { operation: CartOperation }>(
            async ({ input: { operation } }) => {
              switch (operation.kind) {
                case "setAddresses":
                  return cart;
                case "setPaymentMethod":
                  return new Promise<CheckoutCart>((resolve) => (answerPayment = resolve));
                case "setNote":
                  saved.note.push(operation.note);
                  return { ...cart, notes: operation.note };
                case "setPoNumber":
                  saved.po.push(operation.poNumber);
                  return { ...cart, notes: "Gate 4", poNumber: operation.poNumber };
                default:
                  throw new Error(`unexpected change ${operation.kind}`);
              }
            },
          ),
          completeOrder: fromPromise(
            () => new Promise<{ orderNumber: string }>((resolve) => (answerCompletion = resolve)),
          ),
          refreshCart: fromPromise(async () => {}),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    actor.send({ type: "checkout.next" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "details" })).toBe(true));
    const other = methods.find((m) => m.code !== actor.getSnapshot().context.paymentMethodCode)!;
    actor.send({ type: "paymentMethod.select", code: other.code });
    expect(actor.getSnapshot().matches({ active: "settingPaymentMethod" })).toBe(true);
    // The partner types on while the method is being saved: nothing typed is dropped.
    actor.send({ type: "poNumber.change", value: "PO-TYPED-EARLY" });
    actor.send({ type: "note.change", value: "Gate 4" });
    expect(actor.getSnapshot().context).toMatchObject({
      poNumber: "PO-TYPED-EARLY",
      note: "Gate 4",
    });
    answerPayment({ ...cart, payments: [{ id: "p", methodCode: other.code }] });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "details" })).toBe(true));
    expect(actor.getSnapshot().context.poNumber).toBe("PO-TYPED-EARLY");
    actor.send({ type: "paymentMethod.select", code: "invoice" });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ active: "settingPaymentMethod" })).toBe(true),
    );
    answerPayment({ ...cart, payments: [{ id: "p", methodCode: "invoice" }] });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "details" })).toBe(true));
    actor.send({ type: "checkout.complete" });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ active: "completing" })).toBe(true),
    );
    // Once the order is being placed, what was saved is what it carries.
    actor.send({ type: "poNumber.change", value: "" });
    actor.send({ type: "note.change", value: "changed too late" });
    expect(actor.getSnapshot().context).toMatchObject({
      poNumber: "PO-TYPED-EARLY",
      note: "Gate 4",
    });
    answerCompletion({ orderNumber: "000301" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("completed"));
    expect(saved).toEqual({ note: ["Gate 4"], po: ["PO-TYPED-EARLY"] });
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
          changeCart: changes({ adjust: () => cart, remove: () => cart }),
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
            changeCart: changes({ setAddresses: () => couponed, setPaymentMethod: () => couponed }),
            loadPaymentMethods: fromPromise(async () => methods),
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

  it("keeps a refused coupon as typed with the refusal under it, until the code changes", async () => {
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: fromPromise(async () => ({
            customer: buyer,
            cart: cart as CheckoutCart | null,
          })),
          changeCart: changes({
            applyCoupon: () => {
              throw violation("couponCode");
            },
          }),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    actor.send({ type: "coupon.change", value: "NOPE" });
    actor.send({ type: "coupon.apply" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    expect(actor.getSnapshot().context.couponInput).toBe("NOPE");
    expect(actor.getSnapshot().context.couponFailure?.violations).toEqual([
      { propertyPath: "couponCode" },
    ]);
    actor.send({ type: "coupon.change", value: "   " });
    expect(actor.getSnapshot().context.couponFailure).toBeNull();
    actor.send({ type: "coupon.apply" });
    expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true);
  });

  it("applies a coupon on step 1 and stays there (a coupon never sends the person back)", async () => {
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: fromPromise(async () => ({
            customer: buyer,
            cart: cart as CheckoutCart | null,
          })),
          loadAddresses: fromPromise(async () => addresses),
          loadPaymentMethods: fromPromise(async () => methods),
          changeCart: changes({
            setAddresses: () => cart,
            applyCoupon: () => ({ ...cart, couponCode: "WELCOME10" }),
            removeCoupon: () => cart,
          }),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    actor.send({ type: "checkout.next" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "details" })).toBe(true));
    actor.send({ type: "coupon.change", value: "WELCOME10" });
    actor.send({ type: "coupon.apply" });
    expect(actor.getSnapshot().context.step).toBe("details");
    await vi.waitFor(() => expect(actor.getSnapshot().context.cart?.couponCode).toBe("WELCOME10"));
    expect(actor.getSnapshot().matches({ active: "details" })).toBe(true);
    actor.send({ type: "coupon.remove" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.cart?.couponCode).toBeNull());
    expect(actor.getSnapshot().matches({ active: "details" })).toBe(true);
    actor.send({ type: "checkout.back" });
    actor.send({ type: "coupon.change", value: "WELCOME10" });
    actor.send({ type: "coupon.apply" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.cart?.couponCode).toBe("WELCOME10"));
    expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true);
  });

  it("shows what the cart has after the connection dropped while setting the address or method", async () => {
    const failures: (string | null)[] = [];
    const dropped = { detail: null, violations: [], cart: reread };
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadCheckout: fromPromise(async () => ({
            customer: buyer,
            cart: cart as CheckoutCart | null,
          })),
          loadAddresses: fromPromise(async () => addresses),
          loadPaymentMethods: fromPromise(async () => methods),
          changeCart: changes({
            setAddresses: (o) => {
              if (o.kind === "setAddresses" && o.shippingAddressId === "2")
                return { ...cart, shippingAddress: reread.shippingAddress };
              throw dropped;
            },
            setPaymentMethod: () => {
              throw dropped;
            },
          }),
        },
        actions: { notifyFailure: (_, { detail }) => void failures.push(detail) },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "overview" })).toBe(true));
    actor.send({ type: "checkout.next" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "details" })).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({
      shippingAddressId: "2",
      paymentMethodCode: "invoice",
    });
    // The person picks entry 1; the write fails: the page shows entry 2, the cart's.
    actor.send({ type: "shipping.select", addressId: "1" });
    expect(actor.getSnapshot().context.shippingAddressId).toBe("1");
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "details" })).toBe(true));
    expect(actor.getSnapshot().context.shippingAddressId).toBe("2");
    // The card instead of the invoice; the write fails, but the cart read again has the card.
    actor.send({ type: "paymentMethod.select", code: "invoice" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: "details" })).toBe(true));
    expect(actor.getSnapshot().context.paymentMethodCode).toBe("adyen_card");
    expect(actor.getSnapshot().context.cart).toBe(reread);
    // No detail from the server: the page shows its own translated text (checkout-page.tsx).
    expect(failures).toEqual([null, null]);
  });
});

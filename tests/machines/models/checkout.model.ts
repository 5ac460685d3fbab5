import {
  canFinish,
  checkoutMachine,
  MARKETING_ROLE,
  type CheckoutAddress,
  type CheckoutCart,
  type CheckoutCustomer,
  type CheckoutPaymentMethod,
} from "../../../machines/checkout.machine.js";
import type { MachineModel } from "../support/paths.js";

export const buyer: CheckoutCustomer = {
  roles: ["ROLE_COMPANY_COMMERCIAL"],
  defaultShippingAddressId: "2",
  defaultBillingAddressId: "1",
};
export const noDefaults: CheckoutCustomer = { ...buyer, defaultShippingAddressId: null };
export const marketing: CheckoutCustomer = { ...buyer, roles: [MARKETING_ROLE] };
export const cart: CheckoutCart = {
  token: "t1",
  items: [
    { id: "1", quantity: 2 },
    { id: "2", quantity: 1 },
  ],
  itemsTotal: 60_000,
  minimalOrderValue: 50_000,
  couponCode: null,
  notes: null,
  payments: [{ id: "p", methodCode: "invoice" }],
};
export const oneLine: CheckoutCart = { ...cart, items: [{ id: "1", quantity: 2 }] };
export const unpaid: CheckoutCart = { ...cart, payments: [] };
export const low: CheckoutCart = { ...cart, itemsTotal: 10_000 };
export const withCoupon: CheckoutCart = { ...cart, couponCode: "WELCOME10" };
export const emptied: CheckoutCart = { ...cart, items: [], itemsTotal: 0 };
export const noted: CheckoutCart = {
  ...cart,
  notes: "Ring twice",
  payments: [{ id: "p", methodCode: "adyen_card" }],
};
export const addresses: CheckoutAddress[] = [{ id: "1" }, { id: "2" }];
export const methods: CheckoutPaymentMethod[] = [
  { code: "adyen_card", isCard: true },
  { code: "invoice", isCard: false },
];
export const violation = (propertyPath: string) => ({
  detail: "Refused",
  violations: [{ propertyPath }],
});

export const model: MachineModel = {
  machine: checkoutMachine,
  simplePathMaxStates: 0,
  // Which abstract situation the page is in; ids, texts and amounts do not matter.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      (s.context.customer?.roles ?? []).includes(MARKETING_ROLE),
      s.context.cart && [
        s.context.cart.items.length,
        s.context.cart.itemsTotal >= s.context.cart.minimalOrderValue,
        s.context.cart.couponCode !== null,
        s.context.cart.payments[0]?.methodCode,
      ],
      s.context.couponInput !== "",
      s.context.shippingAddressId !== null,
      s.context.paymentMethodCode,
      s.context.note.trim() !== (s.context.cart?.notes ?? ""),
    ]),
  events: (s) => [
    { type: "item.setQuantity", itemId: "1", quantity: 3 },
    { type: "item.setQuantity", itemId: "1", quantity: 301 },
    { type: "item.remove", itemId: "1" },
    { type: "emptyCart.ask" },
    { type: "emptyCart.cancel" },
    { type: "emptyCart.confirm" },
    { type: "coupon.change", value: s.context.couponInput ? "" : "WELCOME10" },
    { type: "coupon.apply" },
    { type: "coupon.remove" },
    { type: "checkout.next" },
    { type: "checkout.back" },
    { type: "shipping.select", addressId: "1" },
    { type: "address.add" },
    { type: "address.cancel" },
    { type: "address.created", address: { id: "9" } },
    { type: "note.change", value: s.context.note ? "" : "Please call ahead" },
    { type: "note.change", value: "x".repeat(501) },
    { type: "paymentMethod.select", code: "invoice" },
    { type: "paymentMethod.select", code: "adyen_card" },
    { type: "paymentMethod.select", code: "bitcoin" },
    { type: "checkout.complete" },
    { type: "payment.succeeded", orderNumber: "000123" },
    { type: "payment.closed" },
    { type: "retry" },
    { type: "xstate.done.actor.loadCheckout", output: { customer: buyer, cart } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: noDefaults, cart: unpaid } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: buyer, cart: low } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: buyer, cart: noted } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: marketing, cart } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: buyer, cart: null } },
    { type: "xstate.error.actor.loadCheckout", error: { detail: "Down" } },
    { type: "xstate.done.actor.adjustItem", output: cart },
    { type: "xstate.error.actor.adjustItem", error: { detail: "Only 2 left" } },
    { type: "xstate.done.actor.removeItem", output: oneLine },
    { type: "xstate.done.actor.removeItem", output: emptied },
    { type: "xstate.error.actor.removeItem", error: { detail: "Gone" } },
    { type: "xstate.done.actor.deleteCart" },
    { type: "xstate.error.actor.deleteCart", error: { detail: "No" } },
    { type: "xstate.done.actor.applyCoupon", output: withCoupon },
    { type: "xstate.error.actor.applyCoupon", error: violation("couponCode") },
    { type: "xstate.done.actor.removeCoupon", output: cart },
    { type: "xstate.error.actor.removeCoupon", error: { detail: "No" } },
    { type: "xstate.done.actor.loadAddresses", output: addresses },
    { type: "xstate.error.actor.loadAddresses", error: { detail: "No" } },
    { type: "xstate.done.actor.setDefaultAddresses", output: cart },
    { type: "xstate.error.actor.setDefaultAddresses", error: violation("shippingAddress") },
    { type: "xstate.done.actor.loadPaymentMethods", output: methods },
    { type: "xstate.error.actor.loadPaymentMethods", error: { detail: "No" } },
    { type: "xstate.done.actor.setPaymentMethod", output: cart },
    { type: "xstate.error.actor.setPaymentMethod", error: { detail: "No" } },
    { type: "xstate.done.actor.setAddresses", output: cart },
    { type: "xstate.error.actor.setAddresses", error: violation("shippingAddress") },
    { type: "xstate.done.actor.saveNote", output: noted },
    { type: "xstate.error.actor.saveNote", error: { detail: "Too long" } },
    { type: "xstate.done.actor.completeOrder", output: { orderNumber: "000124" } },
    { type: "xstate.error.actor.completeOrder", error: violation("couponCode") },
    { type: "xstate.error.actor.completeOrder", error: violation("shippingAddress") },
    { type: "xstate.done.actor.refreshCart" },
    { type: "xstate.error.actor.refreshCart", error: new Error("offline") },
  ],
  invariants: {
    "an order is placed or paid only with a shipping address": (s) =>
      !["completing", "paying", "savingNote"].some((v) =>
        JSON.stringify(s.value).includes(`"${v}"`),
      ) || s.context.shippingAddressId !== null,
    "the final button is enabled only in step 1 with a shipping address": (s) =>
      !canFinish(s as never) || s.context.shippingAddressId !== null,
    "step 1 only at or above the minimal order value": (s) =>
      JSON.stringify(s.value) !== '{"active":"details"}' ||
      s.context.cart.itemsTotal >= s.context.cart.minimalOrderValue,
    "the marketing role never gets the steps": (s) =>
      !(s.context.customer?.roles ?? []).includes(MARKETING_ROLE) ||
      !JSON.stringify(s.value).includes("active"),
    "the comment never exceeds 500 characters": (s) => s.context.note.length <= 500,
  },
};

import {
  canFinish,
  checkoutMachine,
  MARKETING_ROLE,
  type CheckoutAddress,
  type CheckoutCart,
  type CheckoutCustomer,
  type CheckoutPaymentMethod,
} from "../../../machines/checkout.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

export const buyer: CheckoutCustomer = {
  roles: ["ROLE_COMPANY_COMMERCIAL"],
  defaultShippingAddressId: "2",
  defaultBillingAddressId: "1",
};
export const noDefaults: CheckoutCustomer = { ...buyer, defaultShippingAddressId: null };
/**
 * A company that requires a purchase-order number at checkout, and a buyer with spending limits
 * (issue 21): 1,000.00 per order is not crossed by the cart's 714.00, but with 400.00 spent this
 * month the monthly 1,000.00 is, so the order waits for approval and no card dialog opens. One
 * customer for both keeps the graph's size (the two rules do not meet).
 */
export const poRequired: CheckoutCustomer = {
  ...buyer,
  poNumberRequired: true,
  spendingLimits: { orderLimit: 100_000, monthlyLimit: 100_000, spentThisMonth: 40_000 },
};
export const marketing: CheckoutCustomer = { ...buyer, roles: [MARKETING_ROLE] };

export const cart: CheckoutCart = {
  token: "t1",
  items: [
    { id: "1", quantity: 2 },
    { id: "2", quantity: 1 },
  ],
  itemsTotal: 60_000,
  total: 71_400,
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
export const referenced: CheckoutCart = { ...cart, poNumber: "PO-7" };
/** Two address-book entries; the second is the buyer's default shipping address. */
const head = { firstName: "Ada", lastName: "Berg", company: "Atelier Nord", countryCode: "SE" };
export const addresses: CheckoutAddress[] = [
  { id: "1", ...head, street: "Storgatan 1", postcode: "111 20", city: "Stockholm" },
  { id: "2", ...head, street: "Hamngatan 9", postcode: "411 06", city: "Göteborg" },
];
/** The cart as read again after a failed change: it ships to entry 2, its method is the card. */
export const reread: CheckoutCart = {
  ...cart,
  payments: [{ id: "p", methodCode: "adyen_card" }],
  shippingAddress: { ...head, street: "Hamngatan 9", postcode: "411 06", city: "Göteborg" },
};
export const methods: CheckoutPaymentMethod[] = [
  { code: "adyen_card", isCard: true },
  { code: "invoice", isCard: false },
];
export const violation = (propertyPath: string) => ({
  detail: "Refused",
  violations: [{ propertyPath }],
});

/** What the toast shows for a refusal: the server's detail (if any) and the fields it names. */
function refusal(error: unknown) {
  const e = (error ?? {}) as { detail?: unknown; violations?: { propertyPath: string }[] };
  return {
    detail: typeof e.detail === "string" && e.detail.length > 0 ? e.detail : null,
    violations: e.violations ?? [],
  };
}

type Ctx = {
  customer: CheckoutCustomer | null;
  cart: CheckoutCart | null;
  addresses: CheckoutAddress[];
  paymentMethods: CheckoutPaymentMethod[];
  shippingAddressId: string | null;
  billingAddressId: string | null;
  paymentMethodCode: string | null;
  note: string;
  poNumber: string;
  couponInput: string;
  couponFailure: ReturnType<typeof refusal> | null;
  orderNumber: string | null;
  step: "overview" | "details";
};

/**
 * The checkout rules (storefront spec, checkout page, sections 4, 5 and 8), stated here without
 * the machine: which service each step calls with what, what the page then holds and shows.
 */
function oracle(step: OracleStep): OracleExpectation {
  // The step shown is the one the machine is on; it stays while a coupon is applied.
  const expected = rules(step);
  const on = sub(expected.value);
  if ((on === "overview" || on === "details") && expected.context)
    return { ...expected, context: { ...(expected.context as Ctx), step: on } };
  return expected;
}

function rules({ event, before }: OracleStep): OracleExpectation {
  const c = before.context as Ctx;
  const stay: OracleExpectation = { value: before.value, context: c };
  const step = (name: string) => ({ active: name });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every event's fields
  const e = event as unknown as Record<string, any>;
  const type = event.type;
  const done = (id: string) => type === `xstate.done.actor.${id}`;
  const failedCall = (id: string) => type === `xstate.error.actor.${id}`;
  const toast = () => ({ type: "notifyFailure", params: refusal(e.error) });
  const cart = c.cart!;
  // A refusal naming the coupon empties the coupon box; one naming the address unsets it.
  const afterRefusal = (ctx: Ctx): Ctx => {
    const named = (path: string) =>
      refusal(e.error).violations.some((v) => v.propertyPath === path);
    return {
      ...ctx,
      couponInput: named("couponCode") ? "" : ctx.couponInput,
      shippingAddressId: named("shippingAddress") ? null : ctx.shippingAddressId,
    };
  };
  // A purchase-order number changed in the field is saved before placing (issue 21).
  const poThenPlace = (ctx: Ctx): OracleExpectation => {
    const poNumber = ctx.poNumber.trim();
    if (poNumber === (ctx.cart!.poNumber ?? "")) return place(ctx);
    return {
      value: step("savingPoNumber"),
      context: ctx,
      started: { savePoNumber: { operation: { kind: "setPoNumber", poNumber } } },
    };
  };
  const isCard = (ctx: Ctx) =>
    ctx.paymentMethods.some((m) => m.code === ctx.paymentMethodCode && m.isCard);
  // An order over the buyer's limit per order, or taking the month's orders over the monthly
  // limit, waits for an ADMIN's approval (decision 043): no card dialog then.
  const overLimit = (ctx: Ctx) => {
    const own = ctx.customer?.spendingLimits;
    if (!own) return false;
    const total = ctx.cart!.total;
    return (
      (own.orderLimit !== null && total > own.orderLimit) ||
      (own.monthlyLimit !== null && own.spentThisMonth + total > own.monthlyLimit)
    );
  };
  const completion = (ctx: Ctx): OracleExpectation => ({
    value: step("completing"),
    context: ctx,
    started: { completeOrder: { cart: ctx.cart, key: `checkout-${ctx.cart!.token}` } },
  });
  // Placing the order: by card the payment dialog opens; by invoice, or over the buyer's
  // spending limit, the order is completed.
  const place = (ctx: Ctx): OracleExpectation =>
    isCard(ctx) && !overLimit(ctx) ? { value: step("paying"), context: ctx } : completion(ctx);
  // Step 1 starts on the cart's method, else the first card method, else the first one; a
  // method other than the cart's is put on the cart at once.
  const paymentDefault = (ctx: Ctx, methods: CheckoutPaymentMethod[]): OracleExpectation => {
    const current = ctx.cart?.payments[0]?.methodCode ?? null;
    const chosen = methods.some((m) => m.code === current)
      ? current
      : ((methods.find((m) => m.isCard) ?? methods[0])?.code ?? null);
    const next = { ...ctx, paymentMethods: methods, paymentMethodCode: chosen };
    return chosen !== null && chosen !== current
      ? {
          value: step("settingPaymentMethod"),
          context: next,
          started: { setPaymentMethod: { operation: { kind: "setPaymentMethod", code: chosen } } },
        }
      : { value: step("details"), context: next };
  };
  const toPaymentMethods = (ctx: Ctx, actions: OracleExpectation["actions"] = []) => ({
    value: step("loadingPaymentMethods"),
    context: ctx,
    started: { loadPaymentMethods: undefined },
    actions,
  });
  // Applying or removing a coupon returns to the step it was asked from (decision 014).
  const origin = () => step(c.step);
  // The cart as read again after a failed change (the error carries it), else as last known.
  const rereadCart = (): CheckoutCart => {
    const again = (e.error as { cart?: CheckoutCart } | undefined)?.cart;
    return again && typeof again.token === "string" ? again : cart;
  };
  // The address-book entry the cart's address was copied from: same name, company, street,
  // postcode, city, country and province.
  const entryOf = (onCart: CheckoutCart): string | null => {
    const a = onCart.shippingAddress;
    if (!a) return null;
    const keys = [
      "firstName",
      "lastName",
      "company",
      "street",
      "postcode",
      "city",
      "countryCode",
      "provinceCode",
    ] as const;
    return c.addresses.find((b) => keys.every((k) => (b[k] ?? "") === (a[k] ?? "")))?.id ?? null;
  };
  // A failed address change shows the address the cart has; none when the server refused it.
  const addressAsIs = (): Ctx => {
    const again = rereadCart();
    const refused = refusal(e.error).violations.some((v) => v.propertyPath === "shippingAddress");
    return { ...c, cart: again, shippingAddressId: refused ? null : entryOf(again) };
  };

  if (type === "xstate.init")
    return {
      value: "loading",
      context: {
        customer: null,
        cart: null,
        addresses: [],
        paymentMethods: [],
        shippingAddressId: null,
        billingAddressId: null,
        paymentMethodCode: null,
        note: "",
        poNumber: "",
        couponInput: "",
        couponFailure: null,
        orderNumber: null,
        step: "overview",
      },
      started: { loadCheckout: undefined },
    };
  const where = typeof before.value === "string" ? before.value : sub(before.value)!;
  if (typeof before.value !== "string" && type === "coupon.change")
    return { value: before.value, context: { ...c, couponInput: e.value, couponFailure: null } };
  // The comment (500 characters at most) and the PO number (as typed, also past its 35: the
  // order then waits) are taken in every step state, also while something else is being saved
  // (typing is never lost), but not once the order is being placed: what was saved is what the
  // order carries.
  const placing = ["savingNote", "savingPoNumber", "choosingPayment", "paying", "completing"];
  if (typeof before.value !== "string" && type === "note.change")
    return (e.value as string).length > 500 || placing.includes(where)
      ? stay
      : { value: before.value, context: { ...c, note: e.value } };
  if (typeof before.value !== "string" && type === "poNumber.change")
    return placing.includes(where)
      ? stay
      : { value: before.value, context: { ...c, poNumber: e.value } };
  switch (where) {
    case "loading": {
      if (done("loadCheckout")) {
        const { customer, cart: loaded } = e.output as {
          customer: CheckoutCustomer;
          cart: CheckoutCart | null;
        };
        if (customer.roles.includes("ROLE_COMPANY_MARKETING"))
          return { value: "notAllowed", context: c };
        if (!loaded || loaded.items.length === 0)
          return { value: "empty", context: { ...c, customer } };
        return {
          value: step("overview"),
          context: {
            ...c,
            customer,
            cart: loaded,
            note: loaded.notes ?? "",
            poNumber: loaded.poNumber ?? "",
            couponInput: loaded.couponCode ?? "",
          },
        };
      }
      if (failedCall("loadCheckout"))
        return { value: "loadFailed", context: c, actions: [toast()] };
      return stay;
    }
    case "loadFailed":
      return type === "retry"
        ? { value: "loading", context: c, started: { loadCheckout: undefined } }
        : stay;
    case "overview":
    case "details": {
      if (type === "coupon.apply") {
        const code = c.couponInput.trim();
        return code
          ? {
              value: step("applyingCoupon"),
              context: { ...c, couponFailure: null },
              started: { applyCoupon: { operation: { kind: "applyCoupon", code } } },
            }
          : stay;
      }
      if (type === "coupon.remove")
        return cart.couponCode
          ? {
              value: step("removingCoupon"),
              context: c,
              started: { removeCoupon: { operation: { kind: "removeCoupon" } } },
            }
          : stay;
      if (where === "overview") {
        switch (type) {
          case "item.setQuantity": {
            // 1 to 300 whole units per line (spec section 4).
            const q = e.quantity as number;
            return Number.isInteger(q) && q >= 1 && q <= 300
              ? {
                  value: step("updatingItem"),
                  context: c,
                  started: {
                    adjustItem: { operation: { kind: "adjust", itemId: e.itemId, quantity: q } },
                  },
                }
              : stay;
          }
          case "item.remove":
            return {
              value: step("removingItem"),
              context: c,
              started: { removeItem: { operation: { kind: "remove", itemId: e.itemId } } },
            };
          case "emptyCart.ask":
            return { value: step("confirmingEmpty"), context: c };
          case "checkout.next":
            return cart.itemsTotal >= cart.minimalOrderValue
              ? {
                  value: step("loadingAddresses"),
                  context: c,
                  started: { loadAddresses: undefined },
                }
              : stay;
        }
        return stay;
      }
      switch (type) {
        case "checkout.back":
          return { value: step("overview"), context: c };
        case "shipping.select": {
          const next = { ...c, shippingAddressId: e.addressId };
          return {
            value: step("settingShippingAddress"),
            context: next,
            started: {
              setAddresses: {
                operation: {
                  kind: "setAddresses",
                  shippingAddressId: e.addressId,
                  billingAddressId: c.billingAddressId,
                },
              },
            },
          };
        }
        case "address.add":
          return { value: step("addingAddress"), context: c };
        case "paymentMethod.select":
          return c.paymentMethods.some((m) => m.code === e.code)
            ? {
                value: step("settingPaymentMethod"),
                context: { ...c, paymentMethodCode: e.code },
                started: {
                  setPaymentMethod: { operation: { kind: "setPaymentMethod", code: e.code } },
                },
              }
            : stay;
        case "checkout.complete": {
          if (c.shippingAddressId === null) return stay;
          // A company that requires a purchase-order number gets no order without one.
          if (c.customer?.poNumberRequired && c.poNumber.trim() === "") return stay;
          // Nor one whose PO number does not fit the invoice's 35 characters (kept as typed).
          if (c.poNumber.trim().length > 35) return stay;
          const note = c.note.trim();
          if (note === (cart.notes ?? "")) return poThenPlace(c);
          return {
            value: step("savingNote"),
            context: c,
            started: { saveNote: { operation: { kind: "setNote", note } } },
          };
        }
      }
      return stay;
    }
    case "updatingItem":
      if (done("adjustItem"))
        return {
          value: step("overview"),
          context: { ...c, cart: e.output },
          actions: [{ type: "notifyItemChanged", params: { kind: "updated" } }],
        };
      if (failedCall("adjustItem"))
        return { value: step("overview"), context: c, actions: [toast()] };
      return stay;
    case "removingItem":
      if (done("removeItem"))
        return {
          value: (e.output as CheckoutCart).items.length === 0 ? "empty" : step("overview"),
          context: { ...c, cart: e.output },
          actions: [{ type: "notifyItemChanged", params: { kind: "removed" } }],
        };
      if (failedCall("removeItem"))
        return { value: step("overview"), context: c, actions: [toast()] };
      return stay;
    case "confirmingEmpty":
      if (type === "emptyCart.cancel") return { value: step("overview"), context: c };
      if (type === "emptyCart.confirm")
        return {
          value: step("emptying"),
          context: c,
          started: { deleteCart: { operation: { kind: "empty" } } },
        };
      return stay;
    case "emptying":
      if (done("deleteCart"))
        return {
          value: "emptied",
          context: c,
          actions: [{ type: "notifyEmptied" }, { type: "goToShop" }],
        };
      if (failedCall("deleteCart"))
        return { value: step("overview"), context: c, actions: [toast()] };
      return stay;
    case "applyingCoupon":
      if (done("applyCoupon")) return { value: origin(), context: { ...c, cart: e.output } };
      if (failedCall("applyCoupon"))
        // The code stays as typed, the refusal under it (no toast).
        return { value: origin(), context: { ...c, couponFailure: refusal(e.error) } };
      return stay;
    case "removingCoupon":
      if (done("removeCoupon"))
        return {
          value: origin(),
          context: { ...c, cart: e.output, couponInput: "" },
        };
      if (failedCall("removeCoupon")) return { value: origin(), context: c, actions: [toast()] };
      return stay;
    case "loadingAddresses": {
      if (done("loadAddresses")) {
        const list = e.output as CheckoutAddress[];
        const known = (id: string | null | undefined) =>
          list.some((a) => a.id === id) ? id! : null;
        const next: Ctx = {
          ...c,
          addresses: list,
          shippingAddressId:
            known(c.shippingAddressId) ?? known(c.customer?.defaultShippingAddressId),
          billingAddressId: known(c.customer?.defaultBillingAddressId),
        };
        if (next.shippingAddressId === null) return toPaymentMethods(next);
        return {
          value: step("settingDefaultAddresses"),
          context: next,
          started: {
            setDefaultAddresses: {
              operation: {
                kind: "setAddresses",
                shippingAddressId: next.shippingAddressId,
                billingAddressId: next.billingAddressId,
              },
            },
          },
        };
      }
      if (failedCall("loadAddresses"))
        return { value: step("overview"), context: c, actions: [toast()] };
      return stay;
    }
    case "settingDefaultAddresses":
      if (done("setDefaultAddresses")) return toPaymentMethods({ ...c, cart: e.output });
      if (failedCall("setDefaultAddresses")) return toPaymentMethods(addressAsIs(), [toast()]);
      return stay;
    case "loadingPaymentMethods":
      if (done("loadPaymentMethods")) return paymentDefault(c, e.output);
      if (failedCall("loadPaymentMethods"))
        return { value: step("overview"), context: c, actions: [toast()] };
      return stay;
    case "addingAddress":
      if (type === "address.cancel") return { value: step("details"), context: c };
      if (type === "address.created")
        return {
          value: step("settingShippingAddress"),
          context: {
            ...c,
            addresses: [...c.addresses, e.address],
            shippingAddressId: e.address.id,
          },
          started: {
            setAddresses: {
              operation: {
                kind: "setAddresses",
                shippingAddressId: e.address.id,
                billingAddressId: c.billingAddressId,
              },
            },
          },
        };
      return stay;
    case "settingShippingAddress":
      if (done("setAddresses"))
        return {
          value: step("details"),
          context: { ...c, cart: e.output },
        };
      if (failedCall("setAddresses"))
        return { value: step("details"), context: addressAsIs(), actions: [toast()] };
      return stay;
    case "settingPaymentMethod":
      if (done("setPaymentMethod"))
        return {
          value: step("details"),
          context: { ...c, cart: e.output },
        };
      if (failedCall("setPaymentMethod")) {
        // The page shows the method the cart has, as read again after the failure.
        const again = rereadCart();
        return {
          value: step("details"),
          context: { ...c, cart: again, paymentMethodCode: again.payments[0]?.methodCode ?? null },
          actions: [toast()],
        };
      }
      return stay;
    case "savingNote":
      if (done("saveNote")) return poThenPlace({ ...c, cart: e.output });
      if (failedCall("saveNote")) return { value: step("details"), context: c, actions: [toast()] };
      return stay;
    case "savingPoNumber":
      if (done("savePoNumber")) return place({ ...c, cart: e.output });
      if (failedCall("savePoNumber"))
        return { value: step("details"), context: c, actions: [toast()] };
      return stay;
    case "paying":
      if (type === "payment.succeeded")
        return {
          value: "finishing",
          context: { ...c, orderNumber: e.orderNumber },
          started: { refreshCart: undefined },
        };
      if (type === "payment.closed") return { value: step("details"), context: c };
      // The server refused the card: the cart is over the limit after all; placed unpaid.
      if (type === "payment.approvalRequired") return completion(c);
      return stay;
    case "completing":
      if (done("completeOrder"))
        return {
          value: "finishing",
          context: { ...c, orderNumber: e.output.orderNumber },
          started: { refreshCart: undefined },
        };
      if (failedCall("completeOrder"))
        return { value: step("details"), context: afterRefusal(c), actions: [toast()] };
      return stay;
    case "finishing":
      return done("refreshCart") || failedCall("refreshCart")
        ? { value: "completed", context: c }
        : stay;
  }
  return stay;
}

/** The step of `{ active: step }`, else undefined. */
function sub(value: unknown): string | undefined {
  return typeof value === "object" && value !== null
    ? ((value as { active?: string }).active ?? undefined)
    : undefined;
}

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
      s.context.customer?.poNumberRequired === true,
      s.context.customer?.spendingLimits != null,
      s.context.poNumber.trim() !== (s.context.cart?.poNumber ?? ""),
      s.context.poNumber.trim() === "",
      s.context.step,
      s.context.cart?.shippingAddress ? "ships" : "unaddressed",
    ]),
  events: (s) => [
    { type: "item.setQuantity", itemId: "1", quantity: 3 },
    { type: "item.setQuantity", itemId: "1", quantity: 301 },
    { type: "item.remove", itemId: "1" },
    { type: "emptyCart.ask" },
    { type: "emptyCart.cancel" },
    { type: "emptyCart.confirm" },
    { type: "coupon.change", value: s.context.couponInput ? "" : " WELCOME10 " },
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
    { type: "poNumber.change", value: s.context.poNumber ? "" : " PO-4711 " },
    { type: "poNumber.change", value: "P".repeat(36) },
    { type: "paymentMethod.select", code: "invoice" },
    { type: "paymentMethod.select", code: "adyen_card" },
    { type: "paymentMethod.select", code: "bitcoin" },
    { type: "checkout.complete" },
    { type: "payment.succeeded", orderNumber: "000123" },
    { type: "payment.closed" },
    { type: "payment.approvalRequired" },
    { type: "retry" },
    { type: "xstate.done.actor.loadCheckout", output: { customer: buyer, cart } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: noDefaults, cart: unpaid } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: buyer, cart: low } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: marketing, cart } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: poRequired, cart } },
    { type: "xstate.done.actor.loadCheckout", output: { customer: buyer, cart: noted } },
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
    {
      type: "xstate.error.actor.setDefaultAddresses",
      error: { detail: null, violations: [], cart: reread },
    },
    { type: "xstate.done.actor.loadPaymentMethods", output: methods },
    { type: "xstate.error.actor.loadPaymentMethods", error: { detail: "No" } },
    { type: "xstate.done.actor.setPaymentMethod", output: cart },
    { type: "xstate.error.actor.setPaymentMethod", error: { detail: "No" } },
    // The connection dropped: no detail, and the cart read again says what it has.
    {
      type: "xstate.error.actor.setPaymentMethod",
      error: { detail: null, violations: [], cart: reread },
    },
    { type: "xstate.done.actor.setAddresses", output: cart },
    { type: "xstate.error.actor.setAddresses", error: violation("shippingAddress") },
    {
      type: "xstate.error.actor.setAddresses",
      error: { detail: null, violations: [], cart: reread },
    },
    { type: "xstate.error.actor.setAddresses", error: { detail: null, violations: [] } },
    { type: "xstate.done.actor.saveNote", output: noted },
    { type: "xstate.error.actor.saveNote", error: { detail: "Too long" } },
    { type: "xstate.done.actor.savePoNumber", output: referenced },
    { type: "xstate.error.actor.savePoNumber", error: violation("poNumber") },
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
    "no order is placed with a purchase-order number over 35 characters": (s) =>
      !["completing", "paying", "savingNote", "savingPoNumber"].some((v) =>
        JSON.stringify(s.value).includes(`"${v}"`),
      ) || s.context.poNumber.trim().length <= 35,
    "the final button is disabled while the PO number is over 35 characters": (s) =>
      !canFinish(s as never) || s.context.poNumber.trim().length <= 35,
    "no order is placed without a PO number the company requires": (s) =>
      !["completing", "paying", "savingNote", "savingPoNumber"].some((v) =>
        JSON.stringify(s.value).includes(`"${v}"`),
      ) ||
      s.context.customer?.poNumberRequired !== true ||
      s.context.poNumber.trim() !== "",
    "the final button is disabled while a required PO number is missing": (s) =>
      !canFinish(s as never) ||
      s.context.customer?.poNumberRequired !== true ||
      s.context.poNumber.trim() !== "",
  },
  oracle,
};

import {
  and,
  assertEvent,
  assign,
  not,
  or,
  setup,
  stateIn,
  type DoneActorEvent,
  type ErrorActorEvent,
} from "xstate";
import {
  MAX_LINE_QUANTITY,
  MAX_NOTE_LENGTH,
  MAX_PO_NUMBER_LENGTH,
  MIN_LINE_QUANTITY,
} from "../rules/limits.js";
import { exceededLimits, type LimitExceeded } from "../rules/spending-limits.js";
import type { CartOperation } from "./cart.machine.js";
import { unprovided } from "./unprovided.js";

/** The step states in which the order is being placed: the comment and PO number are fixed. */
export const PLACING_STATES = [
  "savingNote",
  "savingPoNumber",
  "choosingPayment",
  "paying",
  "completing",
] as const;
const placingOrder = or(PLACING_STATES.map((state) => stateIn({ active: state })));

/** What the checkout needs to know of a cart; the app's actors return the full cart. */
export interface CheckoutCart {
  token: string;
  items: readonly { id: string; quantity: number }[];
  /** The items after the coupon, before shipping and tax: the minimum applies to it. */
  itemsTotal: number;
  /** What the order would total (shipping and tax included): spending limits apply to it. */
  total: number;
  minimalOrderValue: number;
  couponCode: string | null;
  notes: string | null;
  /** The buyer's order reference / purchase-order number (issue 21). */
  poNumber?: string | null;
  payments: readonly { id: string; methodCode: string }[];
  /** The shipping address on the cart: a copy of an address-book entry (absent: none). */
  shippingAddress?: AddressFields | null;
}

/** The fields that say which address-book entry a cart's address was copied from. */
const ADDRESS_KEYS = [
  "firstName",
  "lastName",
  "company",
  "street",
  "postcode",
  "city",
  "countryCode",
  "provinceCode",
] as const;
type AddressFields = Partial<Record<(typeof ADDRESS_KEYS)[number], string | null>>;

export interface CheckoutCustomer {
  roles: readonly string[];
  defaultShippingAddressId: string | null;
  defaultBillingAddressId: string | null;
  /** The company requires a purchase-order number (issue 21). */
  poNumberRequired?: boolean;
  /** A limited buyer's own spending limits (minor units; issue 21); null or absent: none. */
  spendingLimits?: {
    orderLimit: number | null;
    monthlyLimit: number | null;
    spentThisMonth: number;
  } | null;
}

export interface CheckoutAddress extends AddressFields {
  id: string;
}

/** The address-book entry the cart's shipping address was copied from, else null. */
export function shippingAddressIdOf(
  cart: CheckoutCart | null,
  addresses: readonly CheckoutAddress[],
): string | null {
  const onCart = cart?.shippingAddress;
  if (!onCart) return null;
  const same = (a: CheckoutAddress) =>
    ADDRESS_KEYS.every((k) => (a[k] ?? "") === (onCart[k] ?? ""));
  return addresses.find(same)?.id ?? null;
}

export interface CheckoutPaymentMethod {
  code: string;
  isCard: boolean;
}

/** A refusal of the server: its detail (in the user's language) and which fields it names. */
export interface CheckoutFailure {
  detail: string | null;
  violations: readonly { propertyPath: string }[];
}

/**
 * The cart as read again after a failed change (the change may or may not have reached the
 * server), carried by the error as `cart`; undefined when it could not be read either.
 */
function cartAfterFailure(error: unknown): CheckoutCart | undefined {
  const cart = (error as { cart?: unknown } | null)?.cart;
  return typeof cart === "object" &&
    cart !== null &&
    typeof (cart as CheckoutCart).token === "string"
    ? (cart as CheckoutCart)
    : undefined;
}

export interface CheckoutContext {
  customer: CheckoutCustomer | null;
  cart: CheckoutCart | null;
  addresses: readonly CheckoutAddress[];
  paymentMethods: readonly CheckoutPaymentMethod[];
  shippingAddressId: string | null;
  billingAddressId: string | null;
  paymentMethodCode: string | null;
  note: string;
  /** The purchase-order number field (issue 21). */
  poNumber: string;
  couponInput: string;
  /**
   * Why the coupon typed was refused, shown under its field (issue 30: a toast went away and
   * the code was wiped); cleared when the code is changed or a coupon is applied.
   */
  couponFailure: CheckoutFailure | null;
  /** The placed order's number, for the completion screen. */
  orderNumber: string | null;
  /** The step shown (0 overview, 1 details): a coupon returns to it. */
  step: "overview" | "details";
}

export type CheckoutEvent =
  | { type: "item.setQuantity"; itemId: string; quantity: number }
  | { type: "item.remove"; itemId: string }
  | { type: "emptyCart.ask" }
  | { type: "emptyCart.cancel" }
  | { type: "emptyCart.confirm" }
  | { type: "coupon.change"; value: string }
  | { type: "coupon.apply" }
  | { type: "coupon.remove" }
  | { type: "checkout.next" }
  | { type: "checkout.back" }
  | { type: "shipping.select"; addressId: string }
  | { type: "address.add" }
  | { type: "address.cancel" }
  | { type: "address.created"; address: CheckoutAddress }
  | { type: "note.change"; value: string }
  | { type: "poNumber.change"; value: string }
  | { type: "paymentMethod.select"; code: string }
  | { type: "checkout.complete" }
  | { type: "payment.succeeded"; orderNumber: string | null }
  | { type: "payment.closed" }
  /** The card dialog was refused: the order is over the buyer's spending limit. */
  | { type: "payment.approvalRequired" }
  | { type: "retry" };

export const MARKETING_ROLE = "ROLE_COMPANY_MARKETING";

/** The method the payment radios start on: the cart's, else the first card method, else the first. */
export function defaultPaymentMethod(
  cart: CheckoutCart | null,
  methods: readonly CheckoutPaymentMethod[],
): string | null {
  const current = cart?.payments[0]?.methodCode;
  if (current && methods.some((m) => m.code === current)) return current;
  return (methods.find((m) => m.isCard) ?? methods[0])?.code ?? null;
}

/** The checkout's idempotency key: a cart completes once, so its token names the attempt. */
export function completionKey(cartToken: string): string {
  return `checkout-${cartToken}`;
}

function failureOf(error: unknown): CheckoutFailure {
  const e = (typeof error === "object" && error !== null ? error : {}) as {
    detail?: unknown;
    violations?: unknown;
  };
  return {
    detail: typeof e.detail === "string" && e.detail !== "" ? e.detail : null,
    violations: Array.isArray(e.violations)
      ? (e.violations as { propertyPath: string }[]).filter(
          (v) => typeof v?.propertyPath === "string",
        )
      : [],
  };
}

const names = (failure: CheckoutFailure, path: string) =>
  failure.violations.some((v) => v.propertyPath === path);

/**
 * The checkout page (storefront spec: checkout page, sections 4, 5 and 8). Step 0 is the order
 * overview (quantities, removal, emptying the cart); 'Checkout' (only at or above the minimal
 * order value) loads the addresses, sets the defaults, loads the payment methods and sets the
 * default method: step 1 (shipping address, add-address dialog, comment, purchase-order number,
 * required when the company says so, payment method). The
 * coupon box works on both steps. 'Complete order' (invoice) places the order; 'Pay & complete'
 * (card) opens the payment dialog, whose success places it. Then the cart is read again and the
 * thank-you screen shows. Users with the marketing role never get a checkout.
 */
export const checkoutMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    /** The signed-in customer and the cart in use (null: there is none). */
    loadCheckout: unprovided<{ customer: CheckoutCustomer; cart: CheckoutCart | null }>(
      // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
      "loadCheckout",
    ),
    /**
     * Asks the cart actor, the cart's one owner, for a change (silently: the page reports it)
     * and answers the cart after it (null: deleted). A failure throws the refusal with the cart
     * as read again afterwards (`cart`).
     */
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    changeCart: unprovided<CheckoutCart | null, { operation: CartOperation }>("changeCart"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    loadAddresses: unprovided<CheckoutAddress[]>("loadAddresses"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    loadPaymentMethods: unprovided<CheckoutPaymentMethod[]>("loadPaymentMethods"),
    completeOrder: unprovided<{ orderNumber: string }, { cart: CheckoutCart; key: string }>(
      // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
      "completeOrder",
    ),
    /** Reads the cart in use again after the order was placed (the app's cart actor). */
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    refreshCart: unprovided<void>("refreshCart"),
  },
  actions: {
    assignCart: assign((_, params: { cart: CheckoutCart }) => ({ cart: params.cart })),
    /**
     * After a failed address change the page shows the cart as it is (read again; else as last
     * known) and the address it has, none when the server refused the address.
     */
    showCartAddress: assign(({ context }, params: { failure: CheckoutFailure; error: unknown }) => {
      const cart = cartAfterFailure(params.error) ?? context.cart;
      return {
        cart,
        shippingAddressId: names(params.failure, "shippingAddress")
          ? null
          : shippingAddressIdOf(cart, context.addresses),
      };
    }),
    /** After a failed payment-method change: the cart as it is and the method it has. */
    showCartPaymentMethod: assign(({ context }, params: { error: unknown }) => {
      const cart = cartAfterFailure(params.error) ?? context.cart;
      // Stryker disable next-line OptionalChaining: the cart is loaded in every state this runs in (a missing cart ends in "empty")
      return { cart, paymentMethodCode: cart?.payments[0]?.methodCode ?? null };
    }),
    assignCouponFailure: assign((_, failure: CheckoutFailure) => ({ couponFailure: failure })),
    /** Error toast, 8 s (spec section 8). */
    notifyFailure: (_, _params: CheckoutFailure) => {},
    /** 'The item has been successfully added to / removed from cart!' (spec section 8). */
    notifyItemChanged: (_, _params: { kind: "updated" | "removed" }) => {},
    notifyEmptied: () => {},
    goToShop: () => {},
    /** A violation on couponCode clears the coupon; one on shippingAddress the chosen address. */
    clearNamedFields: assign(({ context }, failure: CheckoutFailure) => {
      return {
        couponInput: names(failure, "couponCode") ? "" : context.couponInput,
        shippingAddressId: names(failure, "shippingAddress") ? null : context.shippingAddressId,
      };
    }),
  },
  guards: {
    isMarketing: (_, params: Loaded) => params.customer.roles.includes(MARKETING_ROLE),
    loadedCartIsEmpty: (_, params: Loaded) => (params.cart?.items.length ?? 0) === 0,
    resultIsEmpty: (_, params: { cart: CheckoutCart }) => params.cart.items.length === 0,
    quantityIsValid: ({ event }) => {
      assertEvent(event, "item.setQuantity");
      const q = event.quantity;
      return Number.isInteger(q) && q >= MIN_LINE_QUANTITY && q <= MAX_LINE_QUANTITY;
    },
    couponIsFilled: ({ context }) => context.couponInput.trim() !== "",
    onDetails: ({ context }) => context.step === "details",
    // Stryker disable next-line OptionalChaining: the cart is loaded in every state this runs in (a missing cart ends in "empty")
    cartHasCoupon: ({ context }) => !!context.cart?.couponCode,
    meetsMinimum: ({ context }) =>
      !!context.cart && context.cart.itemsTotal >= context.cart.minimalOrderValue,
    /** A shipping address, and a purchase-order number when the company requires one. */
    canComplete: ({ context }) => context.shippingAddressId !== null && poNumberSatisfied(context),
    noShippingAddress: ({ context }) => context.shippingAddressId === null,
    noteFits: ({ event }) => {
      assertEvent(event, "note.change");
      return event.value.length <= MAX_NOTE_LENGTH;
    },
    // Stryker disable next-line OptionalChaining: the cart is loaded in every state this runs in (a missing cart ends in "empty")
    noteUnchanged: ({ context }) => context.note.trim() === (context.cart?.notes ?? ""),
    // Stryker disable next-line OptionalChaining: the cart is loaded in every state this runs in (a missing cart ends in "empty")
    poNumberUnchanged: ({ context }) => context.poNumber.trim() === (context.cart?.poNumber ?? ""),
    needsApproval: ({ context }) => needsApproval(context),
    payingByCard: ({ context }) =>
      context.paymentMethods.find((m) => m.code === context.paymentMethodCode)?.isCard === true,
    paymentMethodDiffers: ({ context }) =>
      context.paymentMethodCode !== null &&
      // Stryker disable next-line OptionalChaining: the cart is loaded in every state this runs in (a missing cart ends in "empty")
      context.paymentMethodCode !== (context.cart?.payments[0]?.methodCode ?? null),
    knownPaymentMethod: ({ context, event }) => {
      assertEvent(event, "paymentMethod.select");
      return context.paymentMethods.some((m) => m.code === event.code);
    },
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "checkout",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "The checkout page of a signed-in customer.",
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
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "loading"
  initial: "loading",
  states: {
    loading: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Loading the customer and the cart: a loader shows.",
      invoke: {
        id: "loadCheckout",
        src: "loadCheckout",
        onDone: [
          { guard: { type: "isMarketing", params: loaded }, target: "notAllowed" },
          {
            guard: { type: "loadedCartIsEmpty", params: loaded },
            target: "empty",
            actions: assign({ customer: ({ event }) => event.output.customer }),
          },
          {
            target: "active",
            actions: assign({
              customer: ({ event }) => event.output.customer,
              cart: ({ event }) => event.output.cart,
              // Stryker disable next-line OptionalChaining: "loadedCartIsEmpty" sent a missing cart to "empty" before this branch
              note: ({ event }) => event.output.cart?.notes ?? "",
              // Stryker disable next-line OptionalChaining: "loadedCartIsEmpty" sent a missing cart to "empty" before this branch
              poNumber: ({ event }) => event.output.cart?.poNumber ?? "",
              // Stryker disable next-line OptionalChaining: "loadedCartIsEmpty" sent a missing cart to "empty" before this branch
              couponInput: ({ event }) => event.output.cart?.couponCode ?? "",
            }),
          },
        ],
        onError: { target: "loadFailed", actions: { type: "notifyFailure", params: failed } },
      },
    },
    loadFailed: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The customer or cart could not be read; the page offers to try again.",
      on: { retry: { target: "loading" } },
    },
    notAllowed: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The marketing role has no checkout (spec section 6).",
      type: "final",
    },
    empty: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "'Cart is empty'.",
      type: "final",
    },
    active: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The cart has items: the two steps and the side summary.",
      initial: "overview",
      on: {
        "coupon.change": {
          actions: assign({ couponInput: ({ event }) => event.value, couponFailure: null }),
        },
        // Typing is never lost: the comment and the PO number are taken in every step state,
        // also while an address, a payment method or a coupon is being saved; only while the
        // order is being placed are they fixed (the page shows them read-only then).
        "note.change": {
          guard: and(["noteFits", not(placingOrder)]),
          actions: assign({ note: ({ event }) => event.value }),
        },
        // A PO number is kept as typed, also past its maximum (issue 30: it was cut silently);
        // 'Complete order' waits until it fits (poNumberSatisfied).
        "poNumber.change": {
          guard: not(placingOrder),
          actions: assign({ poNumber: ({ event }) => event.value }),
        },
      },
      states: {
        overview: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Step 0, the order overview. 'Checkout' is enabled at the minimal value.",
          entry: assign({ step: "overview" as const }),
          on: {
            "item.setQuantity": { guard: "quantityIsValid", target: "updatingItem" },
            "item.remove": { target: "removingItem" },
            "emptyCart.ask": { target: "confirmingEmpty" },
            "coupon.apply": { guard: "couponIsFilled", target: "applyingCoupon" },
            "coupon.remove": { guard: "cartHasCoupon", target: "removingCoupon" },
            "checkout.next": { guard: "meetsMinimum", target: "loadingAddresses" },
          },
        },
        updatingItem: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Setting a line's quantity.",
          invoke: {
            id: "adjustItem",
            src: "changeCart",
            input: ({ event }) => {
              assertEvent(event, "item.setQuantity");
              return {
                operation: { kind: "adjust", itemId: event.itemId, quantity: event.quantity },
              };
            },
            onDone: {
              target: "overview",
              actions: [
                { type: "assignCart", params: doneCart },
                { type: "notifyItemChanged", params: { kind: "updated" } },
              ],
            },
            onError: { target: "overview", actions: { type: "notifyFailure", params: failed } },
          },
        },
        removingItem: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Removing a line; removing the last one leaves an empty cart.",
          invoke: {
            id: "removeItem",
            src: "changeCart",
            input: ({ event }) => {
              assertEvent(event, "item.remove");
              return { operation: { kind: "remove", itemId: event.itemId } };
            },
            onDone: [
              {
                guard: { type: "resultIsEmpty", params: doneCart },
                target: "#checkout.empty",
                actions: [
                  { type: "assignCart", params: doneCart },
                  { type: "notifyItemChanged", params: { kind: "removed" } },
                ],
              },
              {
                target: "overview",
                actions: [
                  { type: "assignCart", params: doneCart },
                  { type: "notifyItemChanged", params: { kind: "removed" } },
                ],
              },
            ],
            onError: { target: "overview", actions: { type: "notifyFailure", params: failed } },
          },
        },
        confirmingEmpty: {
          description:
            // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
            "'Are you sure you want to delete all items from the cart?' (Cancel, Empty cart).",
          on: {
            "emptyCart.cancel": { target: "overview" },
            "emptyCart.confirm": { target: "emptying" },
          },
        },
        emptying: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Deleting the cart; then the person goes to /shop.",
          invoke: {
            id: "deleteCart",
            src: "changeCart",
            input: { operation: { kind: "empty" } },
            onDone: { target: "#checkout.emptied", actions: "notifyEmptied" },
            onError: { target: "overview", actions: { type: "notifyFailure", params: failed } },
          },
        },
        applyingCoupon: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Applying the coupon typed in the summary.",
          entry: assign({ couponFailure: null }),
          invoke: {
            id: "applyCoupon",
            src: "changeCart",
            input: ({ context }) => ({
              operation: { kind: "applyCoupon", code: context.couponInput.trim() },
            }),
            // Back to the step it was asked from. A refusal stays under the field with the code
            // as typed, to be corrected (no toast).
            onDone: [
              {
                guard: "onDetails",
                target: "details",
                actions: { type: "assignCart", params: doneCart },
              },
              { target: "overview", actions: { type: "assignCart", params: doneCart } },
            ],
            onError: [
              {
                guard: "onDetails",
                target: "details",
                actions: { type: "assignCouponFailure", params: failed },
              },
              { target: "overview", actions: { type: "assignCouponFailure", params: failed } },
            ],
          },
        },
        removingCoupon: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Removing the applied coupon.",
          invoke: {
            id: "removeCoupon",
            src: "changeCart",
            input: { operation: { kind: "removeCoupon" } },
            onDone: [
              {
                guard: "onDetails",
                target: "details",
                actions: [{ type: "assignCart", params: doneCart }, assign({ couponInput: "" })],
              },
              {
                target: "overview",
                actions: [{ type: "assignCart", params: doneCart }, assign({ couponInput: "" })],
              },
            ],
            onError: [
              {
                guard: "onDetails",
                target: "details",
                actions: { type: "notifyFailure", params: failed },
              },
              { target: "overview", actions: { type: "notifyFailure", params: failed } },
            ],
          },
        },
        loadingAddresses: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Loading the address book; shipping and billing start on the defaults.",
          invoke: {
            id: "loadAddresses",
            src: "loadAddresses",
            onDone: {
              target: "settingDefaultAddresses",
              actions: assign(({ context, event }) => {
                const known = (id: string | null | undefined) =>
                  id && event.output.some((a) => a.id === id) ? id : null;
                return {
                  addresses: event.output,
                  shippingAddressId:
                    known(context.shippingAddressId) ??
                    // Stryker disable next-line OptionalChaining: the customer is loaded before the address book is
                    known(context.customer?.defaultShippingAddressId),
                  // Stryker disable next-line OptionalChaining: the customer is loaded before the address book is
                  billingAddressId: known(context.customer?.defaultBillingAddressId),
                };
              }),
            },
            onError: { target: "overview", actions: { type: "notifyFailure", params: failed } },
          },
        },
        settingDefaultAddresses: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Putting the chosen addresses on the cart (skipped without one).",
          always: { guard: "noShippingAddress", target: "loadingPaymentMethods" },
          invoke: {
            id: "setDefaultAddresses",
            src: "changeCart",
            input: ({ context }) => ({
              operation: {
                kind: "setAddresses",
                // Stryker disable next-line StringLiteral: "noShippingAddress" leaves this state before its service starts when there is no address
                shippingAddressId: context.shippingAddressId ?? "",
                billingAddressId: context.billingAddressId,
              },
            }),
            onDone: {
              target: "loadingPaymentMethods",
              actions: [{ type: "assignCart", params: doneCart }],
            },
            onError: {
              target: "loadingPaymentMethods",
              actions: [
                { type: "showCartAddress", params: failedChange },
                { type: "notifyFailure", params: failed },
              ],
            },
          },
        },
        loadingPaymentMethods: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Loading the payment methods.",
          invoke: {
            id: "loadPaymentMethods",
            src: "loadPaymentMethods",
            onDone: {
              target: "settingDefaultPaymentMethod",
              actions: assign(({ context, event }) => ({
                paymentMethods: event.output,
                paymentMethodCode: defaultPaymentMethod(context.cart, event.output),
              })),
            },
            onError: { target: "overview", actions: { type: "notifyFailure", params: failed } },
          },
        },
        settingDefaultPaymentMethod: {
          description:
            // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
            "The cart's method, else the first card method, else the first: set on the cart.",
          always: [
            { guard: "paymentMethodDiffers", target: "settingPaymentMethod" },
            { target: "details" },
          ],
        },
        details: {
          description:
            // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
            "Step 1: shipping address, billing (shown, disabled), comment, payment method.",
          entry: assign({ step: "details" as const }),
          on: {
            "checkout.back": { target: "overview" },
            "shipping.select": {
              target: "settingShippingAddress",
              actions: assign({ shippingAddressId: ({ event }) => event.addressId }),
            },
            "address.add": { target: "addingAddress" },
            "paymentMethod.select": {
              guard: "knownPaymentMethod",
              target: "settingPaymentMethod",
              actions: assign({ paymentMethodCode: ({ event }) => event.code }),
            },
            "coupon.apply": { guard: "couponIsFilled", target: "applyingCoupon" },
            "coupon.remove": { guard: "cartHasCoupon", target: "removingCoupon" },
            "checkout.complete": { guard: "canComplete", target: "savingNote" },
          },
        },
        addingAddress: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "The add-address dialog; a new address becomes the shipping address.",
          on: {
            "address.cancel": { target: "details" },
            "address.created": {
              target: "settingShippingAddress",
              actions: assign({
                addresses: ({ context, event }) => [...context.addresses, event.address],
                shippingAddressId: ({ event }) => event.address.id,
              }),
            },
          },
        },
        settingShippingAddress: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Putting the chosen shipping address on the cart.",
          invoke: {
            id: "setAddresses",
            src: "changeCart",
            input: ({ context }) => ({
              operation: {
                kind: "setAddresses",
                shippingAddressId: context.shippingAddressId!,
                billingAddressId: context.billingAddressId,
              },
            }),
            onDone: {
              target: "details",
              actions: [{ type: "assignCart", params: doneCart }],
            },
            onError: {
              target: "details",
              actions: [
                { type: "showCartAddress", params: failedChange },
                { type: "notifyFailure", params: failed },
              ],
            },
          },
        },
        settingPaymentMethod: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Setting the chosen payment method on the cart's payment.",
          invoke: {
            id: "setPaymentMethod",
            src: "changeCart",
            input: ({ context }) => ({
              operation: { kind: "setPaymentMethod", code: context.paymentMethodCode! },
            }),
            onDone: {
              target: "details",
              actions: [{ type: "assignCart", params: doneCart }],
            },
            onError: {
              target: "details",
              actions: [
                { type: "showCartPaymentMethod", params: failedChange },
                { type: "notifyFailure", params: failed },
              ],
            },
          },
        },
        savingNote: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Saving the order comment when it changed.",
          always: { guard: "noteUnchanged", target: "savingPoNumber" },
          invoke: {
            id: "saveNote",
            src: "changeCart",
            input: ({ context }) => ({ operation: { kind: "setNote", note: context.note.trim() } }),
            onDone: { target: "savingPoNumber", actions: { type: "assignCart", params: doneCart } },
            onError: { target: "details", actions: { type: "notifyFailure", params: failed } },
          },
        },
        savingPoNumber: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Saving the purchase-order number when it changed (issue 21).",
          always: { guard: "poNumberUnchanged", target: "choosingPayment" },
          invoke: {
            id: "savePoNumber",
            src: "changeCart",
            input: ({ context }) => ({
              operation: { kind: "setPoNumber", poNumber: context.poNumber.trim() },
            }),
            onDone: {
              target: "choosingPayment",
              actions: { type: "assignCart", params: doneCart },
            },
            onError: { target: "details", actions: { type: "notifyFailure", params: failed } },
          },
        },
        choosingPayment: {
          description:
            // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
            "Card: the payment dialog; invoice, or an order over the buyer's spending limit: completion straight away.",
          always: [
            { guard: and(["payingByCard", not("needsApproval")]), target: "paying" },
            { target: "completing" },
          ],
        },
        paying: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "The 'Order payment' dialog is open; its success places the order.",
          on: {
            // The server found the order over the buyer's limit (spent meanwhile, limit
            // lowered): nothing is charged; it is placed awaiting approval instead.
            "payment.approvalRequired": { target: "completing" },
            "payment.succeeded": {
              target: "#checkout.finishing",
              actions: assign({ orderNumber: ({ event }) => event.orderNumber }),
            },
            "payment.closed": { target: "details" },
          },
        },
        completing: {
          description:
            // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
            "Placing the order: by invoice, or awaiting approval when it is over the buyer's spending limit (paid by card once approved).",
          invoke: {
            id: "completeOrder",
            src: "completeOrder",
            input: ({ context }) => ({
              cart: context.cart!,
              key: completionKey(context.cart!.token),
            }),
            onDone: {
              target: "#checkout.finishing",
              actions: assign({ orderNumber: ({ event }) => event.output.orderNumber }),
            },
            onError: {
              target: "details",
              actions: [
                { type: "clearNamedFields", params: failed },
                { type: "notifyFailure", params: failed },
              ],
            },
          },
        },
      },
    },
    finishing: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The order is placed; the cart in use is read again.",
      invoke: {
        id: "refreshCart",
        src: "refreshCart",
        onDone: { target: "completed" },
        // The order is placed either way; the mini-cart catches up on the next page.
        onError: { target: "completed" },
      },
    },
    completed: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Thank-you message and a link to the product catalogue.",
      type: "final",
    },
    emptied: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The cart was emptied; the person goes to /shop.",
      type: "final",
      entry: "goToShop",
    },
  },
});

/** What loading the checkout answers: the customer and the cart in use (null: none). */
type Loaded = { customer: CheckoutCustomer; cart: CheckoutCart | null };

function loaded({ event }: { event: DoneActorEvent<Loaded> }): Loaded {
  return event.output;
}

function failed({ event }: { event: ErrorActorEvent }): CheckoutFailure {
  return failureOf(event.error);
}

function doneCart({ event }: { event: DoneActorEvent<CheckoutCart | null> }): {
  cart: CheckoutCart;
} {
  return { cart: event.output! };
}

function failedChange({ event }: { event: ErrorActorEvent }) {
  return { failure: failureOf(event.error), error: event.error };
}

/**
 * A purchase-order number is given, or the company does not require one (issue 21), and it
 * fits the invoice's field (issue 30).
 */
export function poNumberSatisfied(context: Pick<CheckoutContext, "customer" | "poNumber">) {
  return poNumberProblem(context) === null;
}

/** Why the PO number keeps the order from completing: missing, too long, or nothing. */
export function poNumberProblem(
  context: Pick<CheckoutContext, "customer" | "poNumber">,
): "missing" | "tooLong" | null {
  const po = context.poNumber.trim();
  if (po.length > MAX_PO_NUMBER_LENGTH) return "tooLong";
  return context.customer?.poNumberRequired === true && po === "" ? "missing" : null;
}

/**
 * Whether the order, at the cart's total, is over one of the buyer's spending limits: it is then
 * placed awaiting an ADMIN's approval, and paid (by card) only once approved. The server decides
 * again when it places the order (decision 043).
 */
export function needsApproval(context: Pick<CheckoutContext, "customer" | "cart">): boolean {
  return limitsExceeded(context).length > 0;
}

/** Which of the buyer's spending limits the cart's total crosses (the page names them). */
export function limitsExceeded(
  context: Pick<CheckoutContext, "customer" | "cart">,
): LimitExceeded[] {
  const own = context.customer?.spendingLimits;
  if (!own || !context.cart) return [];
  const limits = { perOrder: own.orderLimit, perMonth: own.monthlyLimit };
  return exceededLimits(limits, context.cart.total, own.spentThisMonth);
}

/** Whether the final button ('Pay & complete' / 'Complete order') may be pressed. */
export function canFinish(snapshot: {
  matches: (value: { active: "details" }) => boolean;
  context: CheckoutContext;
}): boolean {
  return (
    snapshot.matches({ active: "details" }) &&
    snapshot.context.shippingAddressId !== null &&
    poNumberSatisfied(snapshot.context)
  );
}

import { assertEvent, assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";

/** What the machine needs to know of a cart; the app's actors return the full cart. */
export interface CartLike {
  token: string;
  itemsTotal: number;
  items: readonly { id: string; quantity: number }[];
  shipments: readonly { id: string; methodCode: string }[];
}

export interface CartLine {
  variantCode: string;
  quantity: number;
}

/** One change of the cart, as the app's `applyOperation` actor carries it out. */
export type CartOperation =
  /** `upToStock`: the server adds what the stock allows of `quantity` (a reorder). */
  | { kind: "add"; variantCode: string; quantity: number; upToStock?: boolean }
  | { kind: "bulkAdd"; items: readonly CartLine[] }
  | { kind: "adjust"; itemId: string; quantity: number }
  | { kind: "remove"; itemId: string }
  | { kind: "empty" }
  | CheckoutOperation;

/** The changes the checkout asks of the cart (`cart.change`): the cart has one owner. */
export type CheckoutOperation =
  | { kind: "applyCoupon"; code: string }
  | { kind: "removeCoupon" }
  | { kind: "setAddresses"; shippingAddressId: string; billingAddressId: string | null }
  | { kind: "setPaymentMethod"; code: string }
  | { kind: "setNote"; note: string }
  | { kind: "setPoNumber"; poNumber: string };

/** A field the server named when it refused a change. */
export interface CartViolation {
  propertyPath: string;
  message?: string;
}

export interface CartRequest {
  operation: CartOperation;
  /** Lets the sender find its own outcome in `lastOutcome`. */
  requestId: string | null;
  /** No toast: the sender reports the outcome itself (reorder, quick order). */
  silent: boolean;
}

export interface CartOutcome {
  requestId: string | null;
  kind: CartOperation["kind"];
  ok: boolean;
  /** The server's detail in the user's language, when it gave one. */
  message: string | null;
  /** The fields the server named when it refused the change (none when it succeeded). */
  violations: readonly CartViolation[];
}

export interface CartContext {
  cart: CartLike | null;
  /** Changes waiting their turn; the first one is the one running while `updating`. */
  queue: CartRequest[];
  lastOutcome: CartOutcome | null;
  /** Why the cart could not be found or started, when that failed. */
  loadError: string | null;
  /** The shipping methods the server offered when last asked (after a change). */
  shippingMethods: readonly string[];
}

type Tagged = { requestId?: string; silent?: boolean };

export type CartEvent =
  | ({ type: "cart.add"; variantCode: string; quantity: number; upToStock?: boolean } & Tagged)
  | ({ type: "cart.bulkAdd"; items: readonly CartLine[] } & Tagged)
  | ({ type: "cart.adjust"; itemId: string; quantity: number } & Tagged)
  | ({ type: "cart.remove"; itemId: string } & Tagged)
  | ({ type: "cart.empty" } & Tagged)
  /** A checkout change (coupon, addresses, payment method, comment, purchase-order number). */
  | ({ type: "cart.change"; operation: CheckoutOperation } & Tagged)
  /** Read the cart again from the server (after an order was placed elsewhere, say). */
  | { type: "cart.refresh" }
  /** Someone signed in: find their cart. */
  | { type: "cart.start" }
  /** The person signed out: forget the cart and whatever waited. */
  | { type: "cart.stop" };

type OperationEvent = Extract<
  CartEvent,
  {
    type:
      "cart.add" | "cart.bulkAdd" | "cart.adjust" | "cart.remove" | "cart.empty" | "cart.change";
  }
>;

function requestOf(event: OperationEvent): CartRequest {
  const tag = { requestId: event.requestId ?? null, silent: event.silent ?? false };
  switch (event.type) {
    case "cart.add":
      return {
        ...tag,
        operation: {
          kind: "add",
          variantCode: event.variantCode,
          quantity: event.quantity,
          ...(event.upToStock ? { upToStock: true } : {}),
        },
      };
    case "cart.bulkAdd":
      return { ...tag, operation: { kind: "bulkAdd", items: event.items } };
    case "cart.adjust":
      return {
        ...tag,
        operation: { kind: "adjust", itemId: event.itemId, quantity: event.quantity },
      };
    case "cart.remove":
      return { ...tag, operation: { kind: "remove", itemId: event.itemId } };
    case "cart.empty":
      return { ...tag, operation: { kind: "empty" } };
    case "cart.change":
      return { ...tag, operation: event.operation };
  }
}

/** The fields a failed actor's error names (a refusal's violations), if any. */
export function errorViolations(error: unknown): CartViolation[] {
  const violations = (error as { violations?: unknown } | null)?.violations;
  if (!Array.isArray(violations)) return [];
  return violations.filter(
    (v): v is CartViolation => typeof (v as CartViolation)?.propertyPath === "string",
  );
}

/** The detail a failed actor's error carries (the server's words), if any. */
export function errorDetail(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { detail, message } = error as { detail?: unknown; message?: unknown };
  if (typeof detail === "string" && detail !== "") return detail;
  if (typeof message === "string" && message !== "") return message;
  return null;
}

const operationEvents = [
  "cart.add",
  "cart.bulkAdd",
  "cart.adjust",
  "cart.remove",
  "cart.empty",
  "cart.change",
] as const satisfies readonly OperationEvent["type"][];

/** While the cart is busy, changes wait their turn; none is lost. */
const queueing = Object.fromEntries(operationEvents.map((type) => [type, { actions: "enqueue" }]));

/**
 * The signed-in user's cart, one actor for the whole visit (storefront spec section 4). Once
 * someone signs in it finds
 * the cart (the one with items, else the first, else a new one), then carries out changes one
 * at a time in the order they were asked for: add, bulk add, change quantity, remove, empty,
 * and the checkout's changes.
 * While a change runs `loading` is true and add buttons are disabled. After every change, when
 * the cart has shipments, the server's shipping methods are read: a first shipment whose method
 * is no longer offered gets the first offered one (otherwise nothing is written). The checkout
 * sends its changes here too (`cart.change`, coupon to purchase-order number): the cart has one
 * owner. Each change
 * ends in a success or error toast (spec section 8) unless its sender asked for silence, and in
 * `lastOutcome`, which callers that add items one by one (reorder) read.
 */
export const cartMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    /** The active cart, else a newly started one (null only if the server has none to give). */
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    findCart: unprovided<CartLike | null>("findCart"),
    /** Carries out one change; starts a cart first when there is none. Throws the server's detail. */
    applyOperation: unprovided<
      CartLike | null,
      { cart: CartLike | null; operation: CartOperation }
      // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    >("applyOperation"),
    /** The codes of the shipping methods the server offers now, in its order. */
    loadShippingMethods: unprovided<readonly string[]>("loadShippingMethods"),
    /** Puts `methodCode` on the cart's first shipment; answers the cart. */
    setShippingMethod: unprovided<CartLike, { cart: CartLike; methodCode: string }>(
      "setShippingMethod",
    ),
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) => {
        assertEvent(event, operationEvents);
        return [...context.queue, requestOf(event)];
      },
    }),
    recordSuccess: assign(({ context }, { cart }: { cart: CartLike | null }) => {
      const request = context.queue[0]!;
      return {
        cart,
        lastOutcome: {
          requestId: request.requestId,
          kind: request.operation.kind,
          ok: true,
          message: null,
          violations: [],
        },
      };
    }),
    recordFailure: assign(({ context }, { error }: { error: unknown }) => {
      const request = context.queue[0]!;
      return {
        lastOutcome: {
          requestId: request.requestId,
          kind: request.operation.kind,
          ok: false,
          message: errorDetail(error),
          violations: errorViolations(error),
        },
      };
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    /** Toasts of the spec's error catalogue; the app shows them (texts, durations). */
    notifySuccess: (_, _params: { kind: CartOperation["kind"] }) => {},
    notifyFailure: (_, _params: { kind: CartOperation["kind"]; message: string | null }) => {},
  },
  guards: {
    hasShipments: (_, { cart }: { cart: CartLike | null }) => (cart?.shipments.length ?? 0) > 0,
    /** The server offers methods, and the first shipment's is not one of them. */
    shipmentMethodWithdrawn: ({ context }, { offered }: { offered: readonly string[] }) =>
      offered.length > 0 && !offered.includes(context.cart?.shipments[0]?.methodCode ?? ""),
    hasQueuedRequests: ({ context }) => context.queue.length > 0,
    isSilent: ({ context }) => context.queue[0]?.silent === true,
    succeeded: ({ context }) => context.lastOutcome?.ok === true,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "cart",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "The signed-in user's cart for the whole visit.",
  context: { cart: null, queue: [], lastOutcome: null, loadError: null, shippingMethods: [] },
  initial: "signedOut",
  on: {
    "cart.stop": {
      target: ".signedOut",
      actions: assign({
        cart: null,
        queue: [],
        lastOutcome: null,
        loadError: null,
        shippingMethods: [],
      }),
    },
  },
  states: {
    signedOut: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "No one is signed in: there is no cart, and changes are not taken.",
      on: {
        "cart.start": { target: "finding" },
      },
    },
    finding: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "Listing the carts: the one with items, else the first, else a new one. Loading.",
      on: queueing,
      invoke: {
        id: "findCart",
        src: "findCart",
        onDone: {
          target: "idle",
          actions: assign({ cart: ({ event }) => event.output, loadError: null }),
        },
        onError: {
          target: "unavailable",
          actions: assign({ loadError: ({ event }) => errorDetail(event.error) }),
        },
      },
    },
    unavailable: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The cart could not be read; the next change or a refresh tries again.",
      on: {
        "cart.refresh": { target: "finding" },
        ...Object.fromEntries(
          operationEvents.map((type) => [type, { target: "finding", actions: "enqueue" }]),
        ),
      },
    },
    idle: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The cart is shown; nothing is running.",
      always: { guard: "hasQueuedRequests", target: "updating" },
      on: {
        "cart.refresh": { target: "finding" },
        ...Object.fromEntries(
          operationEvents.map((type) => [type, { target: "updating", actions: "enqueue" }]),
        ),
      },
    },
    updating: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The first waiting change is being carried out. Loading: add is disabled.",
      on: queueing,
      invoke: {
        id: "applyOperation",
        src: "applyOperation",
        input: ({ context }) => ({ cart: context.cart, operation: context.queue[0]!.operation }),
        onDone: [
          {
            guard: { type: "hasShipments", params: ({ event }) => ({ cart: event.output }) },
            target: "checkingShipment",
            actions: { type: "recordSuccess", params: ({ event }) => ({ cart: event.output }) },
          },
          {
            target: "reporting",
            actions: { type: "recordSuccess", params: ({ event }) => ({ cart: event.output }) },
          },
        ],
        onError: {
          target: "reporting",
          actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    checkingShipment: {
      description:
        "The cart has shipments: the server's shipping methods say whether the first one's method is still offered.",
      on: queueing,
      invoke: {
        id: "loadShippingMethods",
        src: "loadShippingMethods",
        onDone: [
          {
            guard: {
              type: "shipmentMethodWithdrawn",
              params: ({ event }) => ({ offered: event.output }),
            },
            target: "settingShipment",
            actions: assign({ shippingMethods: ({ event }) => event.output }),
          },
          {
            target: "reporting",
            actions: assign({ shippingMethods: ({ event }) => event.output }),
          },
        ],
        // The change itself succeeded; the shipment keeps its method.
        onError: { target: "reporting" },
      },
    },
    settingShipment: {
      description:
        "The shipment's method is no longer offered: the first offered method replaces it.",
      on: queueing,
      invoke: {
        id: "setShippingMethod",
        src: "setShippingMethod",
        input: ({ context }) => ({
          cart: context.cart!,
          methodCode: context.shippingMethods[0]!,
        }),
        onDone: { target: "reporting", actions: assign({ cart: ({ event }) => event.output }) },
        // The change itself succeeded; the next change or the checkout tries again.
        onError: { target: "reporting" },
      },
    },
    reporting: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The change's toast (unless its sender asked for silence); the next change.",
      always: [
        { guard: "isSilent", target: "idle", actions: "dequeue" },
        {
          guard: "succeeded",
          target: "idle",
          actions: [
            {
              type: "notifySuccess",
              params: ({ context }) => ({ kind: context.lastOutcome!.kind }),
            },
            "dequeue",
          ],
        },
        {
          target: "idle",
          actions: [
            {
              type: "notifyFailure",
              params: ({ context }) => ({
                kind: context.lastOutcome!.kind,
                message: context.lastOutcome!.message,
              }),
            },
            "dequeue",
          ],
        },
      ],
    },
  },
});

/** Whether the cart actor is busy (finding the cart or carrying out a change). */
export function isCartLoading(snapshot: { value: unknown; context: CartContext }): boolean {
  return !["idle", "unavailable", "signedOut"].includes(String(snapshot.value));
}

/**
 * The life of a placed order, as the brand's staff move it along (account spec 3 lists the
 * states; "Order status transitions: not shown", so the transitions are ours):
 *
 * | transition            | from                                  | to              |
 * |-----------------------|---------------------------------------|-----------------|
 * | `approve`             | new, waiting, payment missing         | approved        |
 * | `wait`                | new                                   | waiting         |
 * | `mark_payment_missing`| new                                   | payment missing |
 * | `ship`                | approved                              | shipped         |
 * | `invoice`             | shipped                               | invoiced        |
 * | `complete`            | invoiced                              | completed       |
 * | `fulfill`             | completed                             | fulfilled       |
 * | `cancel`              | new, approved, waiting, payment missing| cancelled      |
 *
 * `cancelled` and `fulfilled` are final. Goods that left the warehouse (shipped and later)
 * are not cancelled: that is a return, which this portal does not handle. Cancelling gives the
 * stock of the order's items back and cancels its unpaid payments; shipping marks the
 * shipments shipped.
 */
export const ORDER_STATES = [
  "new",
  "approved",
  "shipped",
  "invoiced",
  "completed",
  "fulfilled",
  "waiting",
  "payment missing",
  "cancelled",
  // Placed over the buyer's spending limit (decision 043): only the company's ADMINs move it
  // on (approve: new; reject: cancelled), so no transition of the back office starts here.
  "awaiting approval",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const FINAL_STATES: readonly OrderState[] = ["cancelled", "fulfilled"];

export interface TransitionEffects {
  /** Put the items' quantities back on hand. */
  returnStock: boolean;
  /** Payments still `new` become `cancelled`. */
  cancelUnpaidPayments: boolean;
  /** The order's and its shipments' new shipping state, when it changes. */
  shippingState?: "shipped" | "cancelled";
}

interface TransitionDefinition {
  from: readonly OrderState[];
  to: OrderState;
  effects: TransitionEffects;
}

const NONE: TransitionEffects = { returnStock: false, cancelUnpaidPayments: false };

export const TRANSITIONS = {
  approve: { from: ["new", "waiting", "payment missing"], to: "approved", effects: NONE },
  wait: { from: ["new"], to: "waiting", effects: NONE },
  mark_payment_missing: { from: ["new"], to: "payment missing", effects: NONE },
  ship: { from: ["approved"], to: "shipped", effects: { ...NONE, shippingState: "shipped" } },
  invoice: { from: ["shipped"], to: "invoiced", effects: NONE },
  complete: { from: ["invoiced"], to: "completed", effects: NONE },
  fulfill: { from: ["completed"], to: "fulfilled", effects: NONE },
  cancel: {
    from: ["new", "approved", "waiting", "payment missing"],
    to: "cancelled",
    effects: { returnStock: true, cancelUnpaidPayments: true, shippingState: "cancelled" },
  },
} as const satisfies Record<string, TransitionDefinition>;
export type TransitionName = keyof typeof TRANSITIONS;
export const TRANSITION_NAMES = Object.keys(TRANSITIONS) as TransitionName[];

export function isOrderState(value: unknown): value is OrderState {
  return (ORDER_STATES as readonly unknown[]).includes(value);
}

export function isTransitionName(value: unknown): value is TransitionName {
  return typeof value === "string" && Object.hasOwn(TRANSITIONS, value);
}

/**
 * A state as people type it: any case, `_` or `-` for the space ("payment_missing"), and the
 * American "canceled" the spec also mentions. Undefined when it names no state.
 */
export function normalizeOrderState(value: string): OrderState | undefined {
  const s = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
  const state = s === "canceled" ? "cancelled" : s;
  return isOrderState(state) ? state : undefined;
}

/** The transitions an order in `from` may take, in table order; none from a final state. */
export function allowedTransitions(from: string): TransitionName[] {
  return TRANSITION_NAMES.filter((name) =>
    (TRANSITIONS[name].from as readonly string[]).includes(from),
  );
}

export type TransitionResult =
  | {
      ok: true;
      transition: TransitionName;
      from: OrderState;
      to: OrderState;
      effects: TransitionEffects;
    }
  | {
      ok: false;
      /** `unknownTransition` / `unknownState`: the request names nothing; `notAllowed`: not from here. */
      reason: "unknownTransition" | "unknownState" | "notAllowed";
      /** The target states reachable from `from`, for the message. */
      allowed: OrderState[];
    };

/**
 * Resolves a requested move, named either by transition (`{transition: "ship"}`) or by target
 * state (`{to: "shipped"}`), from the order's current state.
 */
export function resolveTransition(
  from: string,
  request: { transition: string } | { to: string },
): TransitionResult {
  const options = allowedTransitions(from);
  const allowed = options.map((name) => TRANSITIONS[name].to);
  let name: TransitionName | undefined;
  if ("transition" in request) {
    if (!isTransitionName(request.transition))
      return { ok: false, reason: "unknownTransition", allowed };
    name = request.transition;
    if (!options.includes(name)) return { ok: false, reason: "notAllowed", allowed };
  } else {
    const to = normalizeOrderState(request.to);
    if (!to) return { ok: false, reason: "unknownState", allowed };
    name = options.find((n) => TRANSITIONS[n].to === to);
    if (!name) return { ok: false, reason: "notAllowed", allowed };
  }
  const t = TRANSITIONS[name];
  return { ok: true, transition: name, from: from as OrderState, to: t.to, effects: t.effects };
}

/**
 * The order's payment state from its payments (the states the account area reads, spec 4):
 * `paid` once nothing is left to pay and something was paid, `partially_paid` while some was
 * paid and some is open, otherwise `awaiting_payment`.
 */
export function orderPaymentState(payments: readonly { state: string; amount: number }[]) {
  const open = payments.some((p) => p.state === "new" && p.amount > 0);
  const paid = payments.filter((p) => p.state === "completed").reduce((a, p) => a + p.amount, 0);
  if (paid > 0 && !open) return "paid";
  if (paid > 0) return "partially_paid";
  return "awaiting_payment";
}

/**
 * The payment state of an order being cancelled, from its payments before the cancellation:
 * `cancelled` when nothing was received; otherwise what was received stays visible (`paid`
 * when nothing was open, `partially_paid` when open payments are being cancelled).
 */
export function paymentStateAfterCancel(
  paymentsBefore: readonly { state: string; amount: number }[],
) {
  const state = orderPaymentState(paymentsBefore);
  return state === "awaiting_payment" ? "cancelled" : state;
}

/**
 * Which open payments a received amount settles, oldest due first: whole payments while the
 * amount covers them, then at most one payment split into a paid part and an open remainder.
 * The caller has checked `0 < amount <= sum of open amounts`.
 */
export function allocateReceivedAmount(
  open: readonly { id: number; amount: number }[],
  amount: number,
): { settled: number[]; partial?: { id: number; paid: number; remaining: number } } {
  const settled: number[] = [];
  let rest = amount;
  for (const p of open) {
    if (rest <= 0) break;
    if (rest >= p.amount) {
      settled.push(p.id);
      rest -= p.amount;
    } else {
      return { settled, partial: { id: p.id, paid: rest, remaining: p.amount - rest } };
    }
  }
  return { settled };
}

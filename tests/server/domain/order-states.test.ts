import { describe, expect, it } from "vitest";
import {
  allocateReceivedAmount,
  allowedTransitions,
  FINAL_STATES,
  isOrderState,
  isTransitionName,
  normalizeOrderState,
  ORDER_STATES,
  orderPaymentState,
  paymentStateAfterCancel,
  resolveTransition,
  TRANSITIONS,
  type OrderState,
} from "../../../server/domain/order-states.js";

/** The table of the module's TSDoc, written out independently: from -> reachable states. */
const expected: Record<OrderState, OrderState[]> = {
  new: ["approved", "waiting", "payment missing", "cancelled"],
  approved: ["shipped", "cancelled"],
  shipped: ["invoiced"],
  invoiced: ["completed"],
  completed: ["fulfilled"],
  fulfilled: [],
  waiting: ["approved", "cancelled"],
  "payment missing": ["approved", "cancelled"],
  cancelled: [],
  // Only the buyer's company decides on it (decision 043).
  "awaiting approval": [],
};

describe("order state machine", () => {
  const pairs = ORDER_STATES.flatMap((from) => ORDER_STATES.map((to) => [from, to] as const));

  it.each(pairs)("from %j to %j follows the table", (from, to) => {
    const result = resolveTransition(from, { to });
    if (expected[from].includes(to)) {
      expect(result).toMatchObject({ ok: true, from, to });
    } else {
      expect(result).toEqual({ ok: false, reason: "notAllowed", allowed: expected[from] });
    }
  });

  it("names the same moves by transition as by target state", () => {
    for (const from of ORDER_STATES) {
      const names = allowedTransitions(from);
      expect(names.map((n) => TRANSITIONS[n].to).sort()).toEqual([...expected[from]].sort());
      for (const name of names) {
        expect(resolveTransition(from, { transition: name })).toMatchObject({
          ok: true,
          transition: name,
          to: TRANSITIONS[name].to,
        });
      }
    }
  });

  it("refuses a known transition from a state that does not allow it", () => {
    expect(resolveTransition("new", { transition: "ship" })).toEqual({
      ok: false,
      reason: "notAllowed",
      allowed: expected.new,
    });
    expect(resolveTransition("shipped", { transition: "cancel" })).toMatchObject({
      ok: false,
      reason: "notAllowed",
    });
  });

  it("keeps cancelled and fulfilled final", () => {
    expect(FINAL_STATES).toEqual(["cancelled", "fulfilled"]);
    for (const s of FINAL_STATES) expect(allowedTransitions(s)).toEqual([]);
  });

  it("reports unknown transitions and states, and allows nothing from a cart", () => {
    expect(resolveTransition("new", { transition: "teleport" })).toMatchObject({
      ok: false,
      reason: "unknownTransition",
    });
    expect(resolveTransition("new", { transition: "toString" })).toMatchObject({
      ok: false,
      reason: "unknownTransition",
    });
    expect(resolveTransition("new", { to: "lost" })).toMatchObject({
      ok: false,
      reason: "unknownState",
    });
    expect(resolveTransition("cart", { to: "approved" })).toEqual({
      ok: false,
      reason: "notAllowed",
      allowed: [],
    });
  });

  it("gives back stock and cancels open payments only when cancelling, and ships shipments", () => {
    const cancel = resolveTransition("approved", { transition: "cancel" });
    expect(cancel).toMatchObject({
      ok: true,
      effects: { returnStock: true, cancelUnpaidPayments: true, shippingState: "cancelled" },
    });
    const ship = resolveTransition("approved", { to: "shipped" });
    expect(ship).toMatchObject({
      ok: true,
      effects: { returnStock: false, cancelUnpaidPayments: false, shippingState: "shipped" },
    });
    for (const name of [
      "approve",
      "wait",
      "mark_payment_missing",
      "invoice",
      "complete",
      "fulfill",
    ] as const)
      expect(TRANSITIONS[name].effects).toEqual({
        returnStock: false,
        cancelUnpaidPayments: false,
      });
  });

  it.each([
    ["payment missing", "payment missing"],
    ["payment_missing", "payment missing"],
    ["Payment-Missing", "payment missing"],
    ["payment__missing", "payment missing"],
    ["payment _-  missing", "payment missing"],
    ["payment\tmissing", "payment missing"],
    ["  APPROVED ", "approved"],
    ["canceled", "cancelled"],
    ["cancelled", "cancelled"],
    ["cart", undefined],
    ["", undefined],
    ["paid", undefined],
  ])("reads the state %j as %j", (input, state) => {
    expect(normalizeOrderState(input)).toBe(state);
  });
});

describe("isOrderState and isTransitionName", () => {
  it("know the names as strings only, not values that read as them", () => {
    expect(isOrderState("approved")).toBe(true);
    expect(isTransitionName("approve")).toBe(true);
    const readsAs = (name: string) => ({ toString: () => name });
    expect(isOrderState(readsAs("approved"))).toBe(false);
    expect(isTransitionName(readsAs("approve"))).toBe(false);
    expect(isTransitionName(["approve"])).toBe(false);
    expect(isOrderState(null)).toBe(false);
  });
});

describe("orderPaymentState", () => {
  it.each([
    [[], "awaiting_payment"],
    [[{ state: "new", amount: 100 }], "awaiting_payment"],
    [
      [
        { state: "completed", amount: 40 },
        { state: "new", amount: 60 },
      ],
      "partially_paid",
    ],
    [[{ state: "completed", amount: 100 }], "paid"],
    [
      [
        { state: "completed", amount: 100 },
        { state: "cancelled", amount: 50 },
        { state: "failed", amount: 50 },
      ],
      "paid",
    ],
    [[{ state: "cancelled", amount: 100 }], "awaiting_payment"],
    // An open payment of nothing leaves nothing to pay.
    [
      [
        { state: "completed", amount: 100 },
        { state: "new", amount: 0 },
      ],
      "paid",
    ],
  ])("payments %j make the order %s", (payments, state) => {
    expect(orderPaymentState(payments)).toBe(state);
  });

  it("marks a cancelled order's payment state cancelled unless money was received", () => {
    expect(paymentStateAfterCancel([{ state: "new", amount: 100 }])).toBe("cancelled");
    expect(paymentStateAfterCancel([])).toBe("cancelled");
    expect(
      paymentStateAfterCancel([
        { state: "completed", amount: 40 },
        { state: "new", amount: 60 },
      ]),
    ).toBe("partially_paid");
    expect(paymentStateAfterCancel([{ state: "completed", amount: 100 }])).toBe("paid");
  });
});

describe("allocateReceivedAmount", () => {
  const open = [
    { id: 1, amount: 1000 },
    { id: 2, amount: 500 },
    { id: 3, amount: 250 },
  ];

  it("settles whole payments in order while the amount covers them", () => {
    expect(allocateReceivedAmount(open, 1500)).toEqual({ settled: [1, 2] });
    expect(allocateReceivedAmount(open, 1750)).toEqual({ settled: [1, 2, 3] });
  });

  it("splits the first payment the amount does not cover", () => {
    expect(allocateReceivedAmount(open, 1200)).toEqual({
      settled: [1],
      partial: { id: 2, paid: 200, remaining: 300 },
    });
    expect(allocateReceivedAmount(open, 1)).toEqual({
      settled: [],
      partial: { id: 1, paid: 1, remaining: 999 },
    });
  });

  it("conserves the money: settled + paid part equals the amount", () => {
    for (let amount = 1; amount <= 1750; amount += 37) {
      const r = allocateReceivedAmount(open, amount);
      const settled = r.settled.reduce((a, id) => a + open.find((p) => p.id === id)!.amount, 0);
      expect(settled + (r.partial?.paid ?? 0)).toBe(amount);
      if (r.partial)
        expect(r.partial.paid + r.partial.remaining).toBe(
          open.find((p) => p.id === r.partial!.id)!.amount,
        );
    }
  });
});

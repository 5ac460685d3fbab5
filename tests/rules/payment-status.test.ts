import { describe, expect, it } from "vitest";

import { paymentDisplayStatus, totalUnpaidAmount } from "../../rules/payment-status.js";

describe("paymentDisplayStatus", () => {
  it.each([
    ["paid", "paid"],
    ["completed", "paid"],
    ["partially_paid", "partially_paid"],
    ["awaiting_payment", "pending"],
    ["cart", "pending"],
    ["new", "not_paid"],
    ["failed", "not_paid"],
    ["cancelled", "not_paid"],
    ["refunded", "not_paid"],
    ["", "not_paid"],
  ])("shows payment state %j as %s", (state, expected) => {
    expect(paymentDisplayStatus(state)).toBe(expected);
  });
});

describe("totalUnpaidAmount", () => {
  it("is zero without payments", () => {
    expect(totalUnpaidAmount([])).toBe(0);
  });

  it("adds up only the payments in state new", () => {
    expect(
      totalUnpaidAmount([
        { state: "new", amount: 12_000 },
        { state: "completed", amount: 5000 },
        { state: "new", amount: 3450 },
        { state: "failed", amount: 700 },
        { state: "cancelled", amount: 800 },
        { state: "processing", amount: 900 },
        { state: "authorized", amount: 1000 },
        { state: "refunded", amount: 1100 },
      ]),
    ).toBe(15_450);
  });

  it("is zero when every payment is settled or abandoned", () => {
    expect(
      totalUnpaidAmount([
        { state: "completed", amount: 5000 },
        { state: "cancelled", amount: 800 },
      ]),
    ).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { ROLES } from "../../../rules/permissions.js";
import { exceededLimits } from "../../../rules/spending-limits.js";
import {
  decisionRefusal,
  limitsApply,
  monthStart,
  readLimit,
  readRejectionReason,
} from "../../../server/domain/spending-limits.js";

/** The pure rules of spending limits and order approval (decision 043). */
describe("spending limits", () => {
  it("holds an order strictly above a limit, per order and with the month's spending", () => {
    const limits = { perOrder: 1_000, perMonth: 3_000 };
    expect(exceededLimits(limits, 1_000, 0)).toEqual([]);
    expect(exceededLimits(limits, 1_001, 0)).toEqual(["perOrder"]);
    expect(exceededLimits(limits, 1_000, 2_000)).toEqual([]);
    expect(exceededLimits(limits, 1_000, 2_001)).toEqual(["perMonth"]);
    expect(exceededLimits(limits, 1_001, 2_500)).toEqual(["perOrder", "perMonth"]);
    expect(exceededLimits({ perOrder: null, perMonth: null }, 10 ** 9, 10 ** 9)).toEqual([]);
  });

  it("applies to COMMERCIAL users who are not ADMINs", () => {
    expect(limitsApply([ROLES.commercial])).toBe(true);
    expect(limitsApply([ROLES.admin, ROLES.commercial])).toBe(false);
    expect(limitsApply([ROLES.marketing])).toBe(false);
    expect(limitsApply([])).toBe(false);
  });

  it("starts the calendar month at its first instant in UTC", () => {
    expect(monthStart(new Date("2026-11-30T23:59:59Z")).toISOString()).toBe(
      "2026-11-01T00:00:00.000Z",
    );
    expect(monthStart(new Date("2027-01-01T00:00:00Z")).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });

  it("reads a limit: none, or whole minor units from 1 to ten million in the currency", () => {
    expect(readLimit(undefined, "orderLimit")).toEqual({ value: null });
    expect(readLimit(null, "orderLimit")).toEqual({ value: null });
    expect(readLimit(1, "orderLimit")).toEqual({ value: 1 });
    expect(readLimit(1_000_000_000, "orderLimit")).toEqual({ value: 1_000_000_000 });
    for (const bad of [0, -5, 1_000_000_001])
      expect(readLimit(bad, "orderLimit").violation?.message).toBe("spendingLimit.range");
    for (const bad of [1.5, "100", true])
      expect(readLimit(bad, "monthlyLimit").violation).toMatchObject({
        propertyPath: "monthlyLimit",
        message: "field.type",
      });
  });

  it("reads a rejection's reason: required, trimmed, at most 500 characters", () => {
    expect(readRejectionReason("  Too much  ")).toEqual({ value: "Too much" });
    expect(readRejectionReason(` ${"x".repeat(500)} `)).toEqual({ value: "x".repeat(500) });
    expect(readRejectionReason("x".repeat(501)).violation?.message).toBe("approval.reasonTooLong");
    for (const missing of [undefined, null, "", "   "])
      expect(readRejectionReason(missing).violation?.message).toBe("approval.reasonRequired");
    expect(readRejectionReason(42).violation?.message).toBe("field.type");
  });

  it("refuses a decision on one's own order, and on an order no longer awaiting approval", () => {
    expect(decisionRefusal({ state: "awaiting approval", buyerId: 7 }, 8)).toBeNull();
    expect(decisionRefusal({ state: "awaiting approval", buyerId: 7 }, 7)).toBe("own");
    expect(decisionRefusal({ state: "new", buyerId: 7 }, 8)).toBe("decided");
    expect(decisionRefusal({ state: "cancelled", buyerId: 7 }, 7)).toBe("own");
  });
});

describe("limits and reasons: every refusal in full (mutation run)", () => {
  it("names the field, the type and the highest amount in the currency", () => {
    for (const bad of ["100", 1.5, Number.MAX_SAFE_INTEGER + 1, true])
      expect(readLimit(bad, "monthLimit"), String(bad)).toEqual({
        violation: {
          propertyPath: "monthLimit",
          message: "field.type",
          params: { type: "integer" },
        },
      });
    for (const bad of [0, -5, 1_000_000_001])
      expect(readLimit(bad, "orderLimit")).toEqual({
        violation: {
          propertyPath: "orderLimit",
          message: "spendingLimit.range",
          params: { max: 10_000_000 },
        },
      });
  });

  it("requires a reason of at most 500 characters, trimmed", () => {
    const required = { violation: { propertyPath: "reason", message: "approval.reasonRequired" } };
    expect(readRejectionReason(undefined)).toEqual(required);
    expect(readRejectionReason("   ")).toEqual(required);
    expect(readRejectionReason(42)).toEqual({
      violation: { propertyPath: "reason", message: "field.type", params: { type: "string" } },
    });
    expect(readRejectionReason(` ${"r".repeat(500)} `)).toEqual({ value: "r".repeat(500) });
    expect(readRejectionReason("r".repeat(501))).toEqual({
      violation: {
        propertyPath: "reason",
        message: "approval.reasonTooLong",
        params: { max: 500 },
      },
    });
  });
});

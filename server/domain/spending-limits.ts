import { ROLES } from "../../rules/permissions.js";
import { isSafeInteger } from "../../rules/numbers.js";
import type { Violation } from "../../rules/violations.js";

/**
 * Spending limits and order approval (issue 21, part 1; decision 043). A company ADMIN gives a
 * COMMERCIAL user an optional limit per order and an optional limit per calendar month, in minor
 * units of the company's currency. An order of such a user over either limit is placed "awaiting
 * approval"; another ADMIN of the company approves or rejects it. Which limits an order exceeds
 * is stated once for browser and server, in rules/spending-limits.ts.
 */

/** The state of a placed order that waits for an ADMIN's decision. */
export const AWAITING_APPROVAL = "awaiting approval";

/** The highest limit that can be set: ten million in the currency (an int4 holds it). */
export const MAX_LIMIT = 1_000_000_000;
/** A rejection's reason: required, at most this many characters. */
export const MAX_REASON_LENGTH = 500;

/**
 * Limits apply to COMMERCIAL users who are not ADMINs: an ADMIN approves others' orders and
 * nobody approves their own, so an ADMIN's order is never held (decision 043).
 */
export function limitsApply(roles: readonly string[]): boolean {
  return roles.includes(ROLES.commercial) && !roles.includes(ROLES.admin);
}

/** The first instant of `now`'s calendar month, in UTC (decision 043). */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * A limit as an ADMIN sends it: null (or absent) for none, else a whole number of minor units
 * from 1 to MAX_LIMIT.
 */
export function readLimit(
  value: unknown,
  propertyPath: string,
): { value: number | null; violation?: undefined } | { violation: Violation } {
  if (value === undefined || value === null) return { value: null };
  if (!isSafeInteger(value))
    return { violation: { propertyPath, message: "field.type", params: { type: "integer" } } };
  if (value < 1 || value > MAX_LIMIT)
    return {
      violation: {
        propertyPath,
        message: "spendingLimit.range",
        params: { max: MAX_LIMIT / 100 },
      },
    };
  return { value };
}

/** A rejection's reason: trimmed, required, at most MAX_REASON_LENGTH characters. */
export function readRejectionReason(
  value: unknown,
): { value: string; violation?: undefined } | { violation: Violation } {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === ""))
    return { violation: { propertyPath: "reason", message: "approval.reasonRequired" } };
  if (typeof value !== "string")
    return {
      violation: { propertyPath: "reason", message: "field.type", params: { type: "string" } },
    };
  const reason = value.trim();
  if (reason.length > MAX_REASON_LENGTH)
    return {
      violation: {
        propertyPath: "reason",
        message: "approval.reasonTooLong",
        params: { max: MAX_REASON_LENGTH },
      },
    };
  return { value: reason };
}

export type ApprovalDecision = "approve" | "reject";

/**
 * Whether `deciderId`, an ADMIN of the order's company, may decide on an order of `buyerId` in
 * `state`: `own` when it is their own order, `decided` when it no longer awaits approval.
 */
export function decisionRefusal(
  order: { state: string; buyerId: number },
  deciderId: number,
): "own" | "decided" | null {
  if (order.buyerId === deciderId) return "own";
  if (order.state !== AWAITING_APPROVAL) return "decided";
  return null;
}

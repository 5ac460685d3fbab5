/**
 * Spending limits (issue 21, decision 043): which of a buyer's limits an order exceeds. One
 * statement of the rule for both sides: checkout tells the buyer beforehand that the order will
 * wait for approval (and opens no card dialog); the server decides under its lock
 * (server/db/spending.ts). Pure: imports nothing.
 */

/** A buyer's limits, minor units of the company's currency; null: no limit. */
export interface SpendingLimits {
  /** The most one order may total (minor units), or null for no limit. */
  perOrder: number | null;
  /** The most the orders placed in one calendar month may total together, or null. */
  perMonth: number | null;
}

export type LimitExceeded = "perOrder" | "perMonth";

/**
 * Which limits an order of `total` (minor units) exceeds, given what the buyer's other orders
 * placed this calendar month (and not cancelled or rejected) total: the order exceeds a limit
 * when it is strictly more. Empty: the order is placed as any order.
 */
export function exceededLimits(
  limits: SpendingLimits,
  total: number,
  spentThisMonth: number,
): LimitExceeded[] {
  const exceeded: LimitExceeded[] = [];
  if (limits.perOrder !== null && total > limits.perOrder) exceeded.push("perOrder");
  if (limits.perMonth !== null && spentThisMonth + total > limits.perMonth)
    exceeded.push("perMonth");
  return exceeded;
}

/**
 * The violation code (message key) of the server's refusal to take a card payment for a cart
 * over the buyer's limit (`/problems/approval-required`): the card dialog then hands the order
 * back to checkout, which places it awaiting approval.
 */
export const PAY_AFTER_APPROVAL = "approval.payAfterApproval";

/**
 * Limits that contradict each other (issue 30): a month's limit below the limit per order would
 * hold every order the per-order limit lets through. Both set and the month's smaller: the
 * violation code (message key) of the monthly limit; otherwise null.
 */
export function limitsConflict(limits: SpendingLimits): "spendingLimit.monthBelowOrder" | null {
  return limits.perOrder !== null && limits.perMonth !== null && limits.perMonth < limits.perOrder
    ? "spendingLimit.monthBelowOrder"
    : null;
}

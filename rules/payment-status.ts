export type PaymentDisplayStatus = "paid" | "partially_paid" | "pending" | "not_paid";

/** The payment status the account area shows for an order (account spec 4). */
export function paymentDisplayStatus(paymentState: string): PaymentDisplayStatus {
  switch (paymentState) {
    case "paid":
    case "completed":
      return "paid";
    case "partially_paid":
      return "partially_paid";
    case "awaiting_payment":
    case "cart":
      return "pending";
    default:
      return "not_paid";
  }
}

/** What is left to pay: only payments still in state `new` count (account spec 4). */
export function totalUnpaidAmount(payments: readonly { state: string; amount: number }[]) {
  return payments.filter((p) => p.state === "new").reduce((a, p) => a + p.amount, 0);
}

/**
 * Whether a payment is overdue (issue 30): still open (`new`) and due on a day before `now`'s
 * day (UTC calendar days: an invoice due today is not overdue yet). One rule for the account's
 * Payments, its statement and the API (`overdue` on orders and payments, REST and GraphQL).
 */
export function isOverdue(
  payment: { state: string; due_date: Date | string | null },
  now: Date,
): boolean {
  if (payment.state !== "new" || payment.due_date === null) return false;
  const due = new Date(payment.due_date);
  const dueDay = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate());
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return dueDay < today;
}

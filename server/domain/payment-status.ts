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

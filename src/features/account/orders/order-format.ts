import { paymentDisplayStatus, type PaymentDisplayStatus } from "../../../../rules/payment-status";
import { formatDate as formatSharedDate } from "../../../../rules/format";
import { formatMoney } from "../../../lib/money";

/** The order fields the account's formatting rules read. */
export interface FormattableOrder {
  number?: string | null;
  state: string;
  paymentState: string;
  paymentStatus?: string | null;
  currencyCode: string;
  totalUnpaidAmount: number;
  splitIndex?: number | null;
  splitCount?: number | null;
  splitOrders: readonly unknown[];
  payments: readonly {
    state: string;
    methodCode: string;
    dueDate?: string | null;
    paidAt?: string | null;
  }[];
}

export type PaymentStatus = PaymentDisplayStatus;

/** Mantine colours of the order states (account spec 3: "order states displayed with colours"). */
const STATE_COLORS: Record<string, string> = {
  new: "blue",
  approved: "teal",
  shipped: "indigo",
  invoiced: "grape",
  completed: "green",
  fulfilled: "green",
  waiting: "yellow",
  "payment missing": "orange",
  // Over the buyer's spending limit, waiting for an ADMIN (decision 043).
  "awaiting approval": "violet",
  cancelled: "red",
  canceled: "red",
  // Cancelled by an ADMIN's rejection of an order over a spending limit (issue 30).
  rejected: "red",
};

export const stateColor = (state: string) => STATE_COLORS[state] ?? "gray";

/** Both spellings of the cancelled state occur (account spec 3). */
export const isCancelled = (state: string) => state === "cancelled" || state === "canceled";

/** The translation key of a state; "canceled" shares "cancelled"'s text. */
export const stateKey = (state: string) => `orders.states.${state}`;

/**
 * The payment display status (account spec 4): the server's own rule, so the account pages and
 * the API cannot disagree.
 */
export function paymentStatusOf(order: Pick<FormattableOrder, "paymentState">): PaymentStatus {
  return paymentDisplayStatus(order.paymentState);
}

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  paid: "green",
  partially_paid: "yellow",
  pending: "orange",
  not_paid: "red",
};

/**
 * The open amount of an order: what the partner still owes on it, positive with two decimals,
 * as the server gives it (`totalUnpaidAmount`) and as the open balance above the table sums it
 * (issue 30, decision 063: what the partner owes is positive everywhere). Nothing owed is zero.
 */
export function formatBalance(
  order: Pick<FormattableOrder, "totalUnpaidAmount" | "currencyCode">,
  language: string,
): string {
  return formatMoney(Math.max(0, order.totalUnpaidAmount), order.currencyCode, language);
}

/** The date part of a timestamp in the interface language (account spec 9). */
export function formatDate(iso: string | null | undefined, language: string): string {
  return formatSharedDate(iso, language);
}

/** When the order was last paid: the latest settled payment's time, or null. */
export function paymentDateOf(order: Pick<FormattableOrder, "payments">): string | null {
  const paid = order.payments
    .map((p) => p.paidAt)
    .filter((d): d is string => typeof d === "string" && d !== "")
    .sort();
  return paid.at(-1) ?? null;
}

/**
 * When payment is due: the earliest due date of what is still to pay (payments in state new,
 * account spec 4), else of any payment.
 */
export function dueDateOf(order: Pick<FormattableOrder, "payments">): string | null {
  const dates = (list: FormattableOrder["payments"]) =>
    list
      .map((p) => p.dueDate)
      .filter((d): d is string => typeof d === "string" && d !== "")
      .sort();
  return (
    dates(order.payments.filter((p) => p.state === "new"))[0] ?? dates(order.payments)[0] ?? null
  );
}

/** "k/N" for a split order, null otherwise (account spec 2). */
export function splitLabel(order: Pick<FormattableOrder, "splitIndex" | "splitCount">) {
  return order.splitIndex && order.splitCount ? `${order.splitIndex}/${order.splitCount}` : null;
}

/**
 * Whether the order has an invoice to download: not a cancelled one (a split order's invoices
 * are its parts', account spec 2), a rejected one or one awaiting approval.
 */
export function showsInvoice(order: Pick<FormattableOrder, "state">): boolean {
  // An order awaiting approval, rejected or cancelled has no invoice (issue 32, finding I).
  return !isCancelled(order.state) && order.state !== "awaiting approval";
}

/**
 * Whether 'Pay now' is offered: something is left to pay (the server's open balance) on an
 * order that is not cancelled. Any open balance can be paid by card, whatever method the order
 * was placed with (an invoice too): the server charges the open amount and marks the open
 * payments paid by the card.
 */
export function isCardPayable(order: FormattableOrder): boolean {
  return !isCancelled(order.state) && order.totalUnpaidAmount > 0;
}

/**
 * Why an order that is not paid offers no 'Pay now': a card payment is waiting for the
 * payment provider's confirmation. Null when it can be paid or nothing is open.
 */
export function notPayableReason(order: FormattableOrder): "processing" | null {
  if (isCardPayable(order) || isCancelled(order.state)) return null;
  return order.payments.some((p) => p.state === "processing") ? "processing" : null;
}

/** Initials for the avatar: first letters of first and last name, else of the e-mail. */
export function initialsOf(
  first: string | null | undefined,
  last: string | null | undefined,
  email: string,
) {
  const letters = [first, last]
    .map((s) => s?.trim().charAt(0) ?? "")
    .join("")
    .toUpperCase();
  return letters || email.charAt(0).toUpperCase();
}

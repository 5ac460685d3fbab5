import { formatMoney } from "../../rules/format.js";
import { MAX_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH } from "../../rules/limits.js";
import { readLine, readNote } from "../../rules/text.js";
import type { Violation } from "../../rules/violations.js";

export { MAX_NOTE_LENGTH, MAX_PO_NUMBER_LENGTH };

export interface CompletionInput {
  itemCount: number;
  /** The items after the coupon, before shipping and tax: what the minimum applies to. */
  itemsTotal: number;
  minimalOrderValue: number;
  /** The cart's currency (ISO code, "EUR"). */
  currencyCode: string;
  /** The reader's language: the minimum is written as every amount is (rules/format.ts). */
  language?: string;
  hasShippingAddress: boolean;
  hasBillingAddress: boolean;
  hasPaymentMethod: boolean;
  notesLength: number;
  /** The company requires a purchase-order number (issue 21). */
  poNumberRequired?: boolean;
  poNumber?: string | null;
}

/**
 * A purchase-order number as given: trimmed of every kind of white space; empty is none
 * (null). Answers the violation when it is not a string, holds a character that does not print
 * (a line break, a zero-width or direction-changing character: issue 32, finding H) or is
 * longer than 35 characters after trimming.
 */
export function readPoNumber(
  raw: unknown,
  propertyPath = "poNumber",
): { value: string | null; violation?: undefined } | { value?: undefined; violation: Violation } {
  if (raw === null || raw === undefined) return { value: null };
  if (typeof raw !== "string")
    return { violation: { propertyPath, message: "field.type", params: { type: "string" } } };
  const { text: value, printable } = readLine(raw);
  if (!printable) return { violation: { propertyPath, message: "field.unprintable" } };
  if (value.length > MAX_PO_NUMBER_LENGTH)
    return {
      violation: {
        propertyPath,
        message: "poNumber.tooLong",
        params: { max: MAX_PO_NUMBER_LENGTH },
      },
    };
  return { value: value === "" ? null : value };
}

/**
 * What stops a cart from becoming an order. The minimum order value is compared with the items
 * total: after the coupon, before shipping and tax (docs/decisions/028-minimum-order-and-split-shipping.md);
 * the storefront's Checkout button and its message follow the same rule.
 */
export function completionViolations(o: CompletionInput): Violation[] {
  const v: Violation[] = [];
  if (o.itemCount === 0) v.push({ propertyPath: "items", message: "checkout.emptyCart" });
  if (o.itemsTotal < o.minimalOrderValue) {
    v.push({
      propertyPath: "itemsTotal",
      message: "checkout.minimalOrderValue",
      params: { minimum: formatMoney(o.minimalOrderValue, o.currencyCode, o.language ?? "en") },
    });
  }
  if (!o.hasShippingAddress) {
    v.push({ propertyPath: "shippingAddress", message: "checkout.shippingAddressRequired" });
  }
  if (!o.hasBillingAddress) {
    v.push({ propertyPath: "billingAddress", message: "checkout.billingAddressRequired" });
  }
  if (!o.hasPaymentMethod) {
    v.push({ propertyPath: "payments", message: "checkout.paymentMethodRequired" });
  }
  if (o.notesLength > MAX_NOTE_LENGTH) {
    v.push({ propertyPath: "notes", message: "notes.tooLong", params: { max: MAX_NOTE_LENGTH } });
  }
  if (o.poNumberRequired && !o.poNumber?.trim()) {
    v.push({ propertyPath: "poNumber", message: "checkout.poNumberRequired" });
  }
  return v;
}

/**
 * An order note as given: null when absent or blank; line breaks kept (CR LF read as LF).
 * Answers the violation when it is not a string, is longer than 500 characters, or holds a
 * control, invisible or direction-changing character (issue 32, finding H).
 */
export function readOrderNote(
  raw: unknown,
  propertyPath = "notes",
): { value: string | null; violation?: undefined } | { value?: undefined; violation: Violation } {
  if (raw === null || raw === undefined) return { value: null };
  if (typeof raw !== "string")
    return { violation: { propertyPath, message: "field.type", params: { type: "string" } } };
  const { text, printable } = readNote(raw);
  if (text.length > MAX_NOTE_LENGTH)
    return {
      violation: { propertyPath, message: "notes.tooLong", params: { max: MAX_NOTE_LENGTH } },
    };
  if (!printable) return { violation: { propertyPath, message: "field.unprintable" } };
  return { value: text.trim() === "" ? null : text };
}

/** Digits of an order number at least (server/db/orders.ts numbers orders in SQL with it). */
export const ORDER_NUMBER_DIGITS = 9;

/** Order numbers are the order sequence, zero-padded to nine digits as Sylius does. */
export function formatOrderNumber(sequence: number): string {
  return String(sequence).padStart(ORDER_NUMBER_DIGITS, "0");
}

/**
 * When an invoice falls due: the company's payment terms after completion. Card payments are
 * due at once.
 */
export function paymentDueDate(completedAt: Date, method: "card" | "invoice", termsDays: number) {
  const days = method === "card" ? 0 : termsDays;
  return new Date(completedAt.getTime() + days * 86_400_000);
}

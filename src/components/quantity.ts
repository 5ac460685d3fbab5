import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "../../rules/limits";

/** The values of the texts that name the range ("from {{min}} to {{max}}"). */
export const QUANTITY_RANGE = { min: MIN_LINE_QUANTITY, max: MAX_LINE_QUANTITY } as const;

/** Keys the quantity input refuses: no sign, no exponent, no decimals. */
export const BLOCKED_QUANTITY_KEYS: readonly string[] = ["-", "e", "E", "."];

/** Whether a key press must be blocked in the quantity input. */
export function isBlockedQuantityKey(key: string): boolean {
  return BLOCKED_QUANTITY_KEYS.includes(key);
}

/**
 * Turns whatever the input holds into a valid quantity: an integer from 1 to 300. Empty or
 * unreadable input falls back to the minimum; fractions are cut, not rounded up.
 */
export function normalizeQuantity(value: string | number | null | undefined): number {
  const number = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  if (!Number.isFinite(number)) return MIN_LINE_QUANTITY;
  return Math.min(MAX_LINE_QUANTITY, Math.max(MIN_LINE_QUANTITY, Math.trunc(number)));
}

/**
 * Whether what the field holds is a valid line quantity: a whole number from 1 to 300. What was
 * typed is never changed; an invalid value stays visible, marked with the rule.
 */
export function isValidQuantity(value: string | number | null | undefined): value is number {
  const number = typeof value === "number" ? value : Number(String(value ?? "").trim() || NaN);
  return Number.isInteger(number) && number >= MIN_LINE_QUANTITY && number <= MAX_LINE_QUANTITY;
}

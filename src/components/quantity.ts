import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "../../rules/limits";

/** The values of the texts that name the range ("from {{min}} to {{max}}"). */
export const QUANTITY_RANGE = { min: MIN_LINE_QUANTITY, max: MAX_LINE_QUANTITY } as const;

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
 * The line quantity the field holds: a whole number from 1 to 300 written in digits, or null.
 * What was typed is never changed; an invalid value stays visible, marked with the rule.
 */
export function quantityOf(value: string | number | null | undefined): number | null {
  const number =
    typeof value === "number"
      ? value
      : /^\s*\d+\s*$/.test(value ?? "")
        ? Number(value)
        : Number.NaN;
  return Number.isInteger(number) && number >= MIN_LINE_QUANTITY && number <= MAX_LINE_QUANTITY
    ? number
    : null;
}

/** Whether what the field holds is a valid line quantity (see `quantityOf`). */
export function isValidQuantity(value: string | number | null | undefined): boolean {
  return quantityOf(value) !== null;
}

/** Whether the field holds a fraction ("1.5", "1,5"): a quantity is counted in whole units. */
export function isFractionQuantity(value: string | number | null | undefined): boolean {
  return typeof value === "number" ? !Number.isInteger(value) : /\d\s*[.,]\s*\d/.test(value ?? "");
}

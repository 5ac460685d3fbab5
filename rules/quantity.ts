import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "./limits.js";
import { isInteger } from "./numbers.js";
import type { Violation } from "./violations.js";

export { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY };

/** A line quantity is a whole number of units from 1 to 300 (spec: storefront 5 and 9). */
export function quantityViolation(quantity: unknown, propertyPath = "quantity"): Violation | null {
  if (!isInteger(quantity)) {
    return { propertyPath, message: "quantity.integer" };
  }
  if (quantity < MIN_LINE_QUANTITY || quantity > MAX_LINE_QUANTITY) {
    return {
      propertyPath,
      message: "quantity.range",
      params: { min: MIN_LINE_QUANTITY, max: MAX_LINE_QUANTITY },
    };
  }
  return null;
}

import { describe, expect, it } from "vitest";

import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, quantityViolation } from "../../rules/quantity.js";

describe("quantityViolation", () => {
  it("allows quantities from 1 to 300", () => {
    expect(MIN_LINE_QUANTITY).toBe(1);
    expect(MAX_LINE_QUANTITY).toBe(300);
  });

  it.each([1, 2, 150, 299, 300])("accepts %s units", (quantity) => {
    expect(quantityViolation(quantity)).toBeNull();
  });

  it.each([0, 301, -1, -300, 1000])("refuses the whole number %s as out of range", (quantity) => {
    expect(quantityViolation(quantity)).toEqual({
      propertyPath: "quantity",
      message: "quantity.range",
      params: { min: 1, max: 300 },
    });
  });

  it.each<[string, unknown]>([
    ["a fraction", 1.5],
    ["a tiny fraction above a valid quantity", 2.0001],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["a numeric string", "3"],
    ["null", null],
    ["undefined", undefined],
    ["a boolean", true],
    ["an object", { quantity: 3 }],
  ])("refuses %s as not a whole number", (_label, quantity) => {
    expect(quantityViolation(quantity)).toEqual({
      propertyPath: "quantity",
      message: "quantity.integer",
    });
  });

  it("refuses an out-of-range fraction as not a whole number rather than out of range", () => {
    expect(quantityViolation(300.5)?.message).toBe("quantity.integer");
    expect(quantityViolation(-0.5)?.message).toBe("quantity.integer");
  });

  it("reports the violation on the property path it is given", () => {
    expect(quantityViolation(0, "lines[2].quantity")?.propertyPath).toBe("lines[2].quantity");
    expect(quantityViolation("x", "lines[0].quantity")?.propertyPath).toBe("lines[0].quantity");
  });
});

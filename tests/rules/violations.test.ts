import { describe, expect, expectTypeOf, it } from "vitest";

import { completionViolations } from "../../server/domain/checkout.js";
import { couponViolation } from "../../server/domain/promotions.js";
import { quantityViolation } from "../../rules/quantity.js";
import type { Violation } from "../../rules/violations.js";

function expectWellFormed(violation: Violation) {
  expect(typeof violation.propertyPath).toBe("string");
  expect(violation.propertyPath).not.toBe("");
  // A key of the `server` locale namespace: dot-separated camelCase words.
  expect(violation.message).toMatch(/^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*)+$/);
  for (const value of Object.values(violation.params ?? {})) {
    expect(["string", "number"]).toContain(typeof value);
  }
}

describe("Violation", () => {
  it("has a property path, a message key and optional string or number params", () => {
    expectTypeOf<Violation>().toEqualTypeOf<{
      propertyPath: string;
      message: string;
      params?: Record<string, string | number>;
    }>();
  });

  it("is what the domain rules produce, with translatable message keys", () => {
    const violations: Violation[] = [
      quantityViolation(0)!,
      quantityViolation(1.5)!,
      couponViolation(undefined, new Date())!,
      ...completionViolations({
        itemCount: 0,
        itemsTotal: 0,
        minimalOrderValue: 100,
        currencyCode: "EUR",
        hasShippingAddress: false,
        hasBillingAddress: false,
        hasPaymentMethod: false,
        notesLength: 501,
      }),
    ];
    expect(violations).toHaveLength(9);
    for (const violation of violations) expectWellFormed(violation);
  });
});

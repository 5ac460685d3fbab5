import { describe, expect, it } from "vitest";

import {
  EXTRA_PER_KG,
  PER_UNIT_RATE,
  WEIGHT_BANDS,
  shippingCost,
} from "../../../server/domain/shipping.js";

describe("shippingCost to the United States and Canada", () => {
  it("charges 2.99 per unit", () => {
    expect(PER_UNIT_RATE).toBe(299);
    expect(shippingCost({ countryCode: "US", units: 1, weightGrams: 100 })).toBe(299);
    expect(shippingCost({ countryCode: "US", units: 30, weightGrams: 100 })).toBe(8970);
    expect(shippingCost({ countryCode: "CA", units: 10, weightGrams: 100 })).toBe(2990);
  });

  it("ignores the weight", () => {
    expect(shippingCost({ countryCode: "US", units: 2, weightGrams: 0 })).toBe(598);
    expect(shippingCost({ countryCode: "CA", units: 2, weightGrams: 50_000 })).toBe(598);
  });
});

describe("shippingCost elsewhere, by weight band", () => {
  it("uses the documented band table", () => {
    expect(WEIGHT_BANDS).toEqual([
      { maxGrams: 1000, price: 990 },
      { maxGrams: 5000, price: 1990 },
      { maxGrams: 10_000, price: 2990 },
      { maxGrams: 20_000, price: 4490 },
    ]);
    expect(EXTRA_PER_KG).toBe(190);
  });

  it.each([
    [0, 990],
    [1, 990],
    [1000, 990],
    [1001, 1990],
    [5000, 1990],
    [5001, 2990],
    [10_000, 2990],
    [10_001, 4490],
    [20_000, 4490],
    // Past 20 kg: 44.90 plus 1.90 per started kilogram.
    [20_001, 4680],
    [21_000, 4680],
    [21_001, 4870],
    [25_000, 5440],
  ])("charges %i g to Germany %i", (weightGrams, expected) => {
    expect(shippingCost({ countryCode: "DE", units: 3, weightGrams })).toBe(expected);
  });

  it("does not depend on the number of units", () => {
    expect(shippingCost({ countryCode: "FR", units: 1, weightGrams: 3000 })).toBe(1990);
    expect(shippingCost({ countryCode: "FR", units: 300, weightGrams: 3000 })).toBe(1990);
  });
});

describe("shippingCost without a destination or units", () => {
  it("is zero when no country is known", () => {
    expect(shippingCost({ countryCode: null, units: 5, weightGrams: 2000 })).toBe(0);
    expect(shippingCost({ countryCode: "", units: 5, weightGrams: 2000 })).toBe(0);
  });

  it("is zero for an empty cart", () => {
    expect(shippingCost({ countryCode: "DE", units: 0, weightGrams: 0 })).toBe(0);
    expect(shippingCost({ countryCode: "US", units: 0, weightGrams: 0 })).toBe(0);
  });
});

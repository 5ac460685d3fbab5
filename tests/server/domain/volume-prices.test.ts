import { describe, expect, it } from "vitest";

import {
  applyingTier,
  MAX_TIER_PRICE,
  MAX_TIERS,
  readTiers,
  tierPrice,
  tierRanges,
} from "../../../server/domain/volume-prices.js";

const tiers = [
  { minQuantity: 10, price: 900 },
  { minQuantity: 1, price: 1000 },
  { minQuantity: 50, price: 800 },
];

describe("tierPrice", () => {
  it("takes the price of the last tier starting at or below the quantity", () => {
    expect(tierPrice(tiers, 1, 1200)).toBe(1000);
    expect(tierPrice(tiers, 9, 1200)).toBe(1000);
    expect(tierPrice(tiers, 10, 1200)).toBe(900);
    expect(tierPrice(tiers, 49, 1200)).toBe(900);
    expect(tierPrice(tiers, 50, 1200)).toBe(800);
    expect(tierPrice(tiers, 300, 1200)).toBe(800);
  });

  it("is the base price without tiers, or below the first tier", () => {
    expect(tierPrice([], 5, 1200)).toBe(1200);
    expect(tierPrice([{ minQuantity: 5, price: 700 }], 4, 1200)).toBe(1200);
    expect(tierPrice([{ minQuantity: 0, price: 700 }], 4, 1200)).toBe(1200);
  });
});

describe("tierRanges and applyingTier", () => {
  it("orders the tiers and gives each its last quantity, the last open-ended", () => {
    const ranges = tierRanges(tiers);
    expect(ranges).toEqual([
      { minQuantity: 1, maxQuantity: 9, price: 1000 },
      { minQuantity: 10, maxQuantity: 49, price: 900 },
      { minQuantity: 50, maxQuantity: null, price: 800 },
    ]);
    expect(tiers[0]!.minQuantity).toBe(10);
    expect(applyingTier(ranges, 9)).toEqual(ranges[0]);
    expect(applyingTier(ranges, 10)).toEqual(ranges[1]);
    expect(applyingTier(ranges, 49)).toEqual(ranges[1]);
    expect(applyingTier(ranges, 50)).toEqual(ranges[2]);
    expect(applyingTier(ranges, 0)).toBeNull();
    expect(applyingTier([], 3)).toBeNull();
  });
});

describe("readTiers (decision 040)", () => {
  const ok = [
    { minQuantity: 1, maxQuantity: 9, price: 1000 },
    { minQuantity: 10, maxQuantity: 49, price: 900 },
    { minQuantity: 50, price: 800 },
  ];

  it("reads 2 to 10 tiers in order, or none, and keeps the minimum and the price", () => {
    expect(MAX_TIERS).toBe(10);
    expect(readTiers(ok)).toEqual({
      tiers: [
        { minQuantity: 1, price: 1000 },
        { minQuantity: 10, price: 900 },
        { minQuantity: 50, price: 800 },
      ],
      violations: [],
    });
    expect(readTiers([])).toEqual({ tiers: [], violations: [] });
    const ten = Array.from({ length: 10 }, (_, n) => ({
      minQuantity: n * 10 + 1,
      maxQuantity: n < 9 ? n * 10 + 10 : null,
      price: 2000 - n * 100,
    }));
    expect(readTiers(ten).tiers).toHaveLength(10);
    expect(readTiers(ten).violations).toEqual([]);
  });

  it("refuses what is no list, and one tier or more than ten", () => {
    expect(readTiers({ minQuantity: 1, price: 5 })).toEqual({
      tiers: [],
      violations: [
        { propertyPath: "volumePrices", message: "field.type", params: { type: "array" } },
      ],
    });
    const count = {
      tiers: [],
      violations: [
        {
          propertyPath: "volumePrices",
          message: "volumePrices.count",
          params: { min: 2, max: 10 },
        },
      ],
    };
    expect(readTiers([{ minQuantity: 1, price: 5 }])).toEqual(count);
    const eleven = Array.from({ length: 11 }, (_, n) => ({ minQuantity: n + 1, price: 100 - n }));
    expect(readTiers(eleven)).toEqual(count);
  });

  it("names every field it cannot read", () => {
    expect(
      readTiers([
        null,
        [1],
        "tier",
        { minQuantity: 1, price: 10, colour: "red" },
        { minQuantity: 0, maxQuantity: 0, price: 0 },
        { minQuantity: 301, maxQuantity: 1.5, price: MAX_TIER_PRICE + 1 },
        { minQuantity: "2", maxQuantity: "3", price: "4" },
        { minQuantity: 2.5, price: -1 },
      ]).violations,
    ).toEqual([
      { propertyPath: "volumePrices[0]", message: "field.type", params: { type: "object" } },
      { propertyPath: "volumePrices[1]", message: "field.type", params: { type: "object" } },
      { propertyPath: "volumePrices[2]", message: "field.type", params: { type: "object" } },
      { propertyPath: "volumePrices[3].colour", message: "field.unknown" },
      ...[4, 5, 6].flatMap((n) => [
        {
          propertyPath: `volumePrices[${n}].minQuantity`,
          message: "volumePrices.quantity",
          params: { min: 1, max: 300 },
        },
        {
          propertyPath: `volumePrices[${n}].maxQuantity`,
          message: "volumePrices.quantity",
          params: { min: 1, max: 300 },
        },
        {
          propertyPath: `volumePrices[${n}].price`,
          message: "volumePrices.price",
          params: { max: 1_000_000 },
        },
      ]),
      {
        propertyPath: "volumePrices[7].minQuantity",
        message: "volumePrices.quantity",
        params: { min: 1, max: 300 },
      },
      {
        propertyPath: "volumePrices[7].price",
        message: "volumePrices.price",
        params: { max: 1_000_000 },
      },
    ]);
  });

  it("takes the bounds themselves: quantity 300, price 1,000,000.00, a maximum of 1", () => {
    expect(
      readTiers([
        { minQuantity: 1, maxQuantity: 1, price: MAX_TIER_PRICE },
        { minQuantity: 2, maxQuantity: 299, price: 1 + 1 },
        { minQuantity: 300, price: 1 },
      ]),
    ).toEqual({
      tiers: [
        { minQuantity: 1, price: 100_000_000 },
        { minQuantity: 2, price: 2 },
        { minQuantity: 300, price: 1 },
      ],
      violations: [],
    });
    expect(
      readTiers([
        { minQuantity: 1, maxQuantity: null, price: 2 },
        { minQuantity: 2, price: 1 },
      ]).violations,
    ).toEqual([]);
  });

  it("returns no tier at all beside a violation, of a field or of the order", () => {
    expect(
      readTiers([
        { minQuantity: 1, price: 10 },
        { minQuantity: 0, price: 9 },
      ]),
    ).toEqual({
      tiers: [],
      violations: [
        {
          propertyPath: "volumePrices[1].minQuantity",
          message: "volumePrices.quantity",
          params: { min: 1, max: 300 },
        },
      ],
    });
    expect(
      readTiers([
        { minQuantity: 1, price: 10 },
        { minQuantity: 5, price: 10 },
      ]),
    ).toEqual({
      tiers: [],
      violations: [
        { propertyPath: "volumePrices[1].price", message: "volumePrices.priceNotLower" },
      ],
    });
  });

  it("reports a repeated minimum once, not as an overlap of the tier before", () => {
    expect(
      readTiers([
        { minQuantity: 1, maxQuantity: 4, price: 10 },
        { minQuantity: 1, price: 9 },
      ]).violations,
    ).toEqual([
      {
        propertyPath: "volumePrices[1].minQuantity",
        message: "volumePrices.notIncreasing",
        params: { previous: 1 },
      },
    ]);
  });

  it("needs the first tier at 1, rising minimums, no gap, no overlap, the last open, lower prices", () => {
    const v = (raw: unknown) => readTiers(raw).violations;
    expect(
      v([
        { minQuantity: 2, price: 10 },
        { minQuantity: 5, price: 9 },
      ]),
    ).toEqual([{ propertyPath: "volumePrices[0].minQuantity", message: "volumePrices.firstTier" }]);
    expect(
      v([
        { minQuantity: 1, price: 10 },
        { minQuantity: 1, price: 9 },
      ]),
    ).toEqual([
      {
        propertyPath: "volumePrices[1].minQuantity",
        message: "volumePrices.notIncreasing",
        params: { previous: 1 },
      },
    ]);
    expect(
      v([
        { minQuantity: 1, maxQuantity: 9, price: 10 },
        { minQuantity: 5, price: 9 },
      ]),
    ).toEqual([
      {
        propertyPath: "volumePrices[0].maxQuantity",
        message: "volumePrices.overlap",
        params: { next: 5 },
      },
    ]);
    expect(
      v([
        { minQuantity: 1, maxQuantity: 5, price: 10 },
        { minQuantity: 5, price: 9 },
      ]),
    ).toEqual([
      {
        propertyPath: "volumePrices[0].maxQuantity",
        message: "volumePrices.overlap",
        params: { next: 5 },
      },
    ]);
    expect(
      v([
        { minQuantity: 1, maxQuantity: 3, price: 10 },
        { minQuantity: 5, price: 9 },
      ]),
    ).toEqual([
      {
        propertyPath: "volumePrices[0].maxQuantity",
        message: "volumePrices.gap",
        params: { from: 4, to: 4 },
      },
    ]);
    expect(
      v([
        { minQuantity: 5, maxQuantity: 4, price: 10 },
        { minQuantity: 6, price: 9 },
      ]),
    ).toEqual([
      { propertyPath: "volumePrices[0].minQuantity", message: "volumePrices.firstTier" },
      {
        propertyPath: "volumePrices[0].maxQuantity",
        message: "volumePrices.maxBelowMin",
        params: { min: 5 },
      },
    ]);
    // A maximum equal to the minimum is a tier of one quantity, not below it.
    expect(
      v([
        { minQuantity: 1, maxQuantity: 1, price: 10 },
        { minQuantity: 2, price: 9 },
      ]),
    ).toEqual([]);
    expect(
      v([
        { minQuantity: 1, price: 10 },
        { minQuantity: 5, maxQuantity: 9, price: 9 },
      ]),
    ).toEqual([{ propertyPath: "volumePrices[1].maxQuantity", message: "volumePrices.lastOpen" }]);
    expect(
      v([
        { minQuantity: 1, price: 10 },
        { minQuantity: 5, price: 10 },
      ]),
    ).toEqual([{ propertyPath: "volumePrices[1].price", message: "volumePrices.priceNotLower" }]);
    expect(
      v([
        { minQuantity: 1, price: 10 },
        { minQuantity: 5, price: 11 },
      ]),
    ).toEqual([{ propertyPath: "volumePrices[1].price", message: "volumePrices.priceNotLower" }]);
    // Not increasing: the overlap and the gap are not judged against a lower next minimum.
    expect(
      v([
        { minQuantity: 1, price: 10 },
        { minQuantity: 9, maxQuantity: 20, price: 9 },
        { minQuantity: 3, price: 8 },
      ]),
    ).toEqual([
      {
        propertyPath: "volumePrices[2].minQuantity",
        message: "volumePrices.notIncreasing",
        params: { previous: 9 },
      },
    ]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "../../support/fc-seed.js";

import { applyBasisPoints, distribute, roundHalfUp } from "../../../server/domain/money.js";

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe("roundHalfUp", () => {
  it.each([
    [0, 10, 0],
    [4, 10, 0],
    [5, 10, 1],
    [6, 10, 1],
    [14, 10, 1],
    [15, 10, 2],
    [25, 10, 3],
    [7, 1, 7],
    [14_999, 10_000, 1],
    [15_000, 10_000, 2],
    [1, 3, 0],
    [2, 3, 1],
  ])("rounds %i / %i to %i", (numerator, denominator, expected) => {
    expect(roundHalfUp(numerator, denominator)).toBe(expected);
  });

  it("returns whole numbers for exact divisions", () => {
    expect(roundHalfUp(12_300, 100)).toBe(123);
  });
});

describe("applyBasisPoints", () => {
  it("treats 1900 basis points as 19%", () => {
    expect(applyBasisPoints(10_000, 1900)).toBe(1900);
    expect(applyBasisPoints(100, 1900)).toBe(19);
  });

  it("rounds the result half up to whole minor units", () => {
    // 299 × 19% = 56.81 → 57; 50 × 19% = 9.5 → 10; 1 × 50% = 0.5 → 1; 1 × 49.99% → 0.
    expect(applyBasisPoints(299, 1900)).toBe(57);
    expect(applyBasisPoints(50, 1900)).toBe(10);
    expect(applyBasisPoints(1, 5000)).toBe(1);
    expect(applyBasisPoints(1, 4999)).toBe(0);
  });

  it("gives nothing for a zero amount or a zero rate and the whole amount at 100%", () => {
    expect(applyBasisPoints(0, 1900)).toBe(0);
    expect(applyBasisPoints(12_345, 0)).toBe(0);
    expect(applyBasisPoints(12_345, 10_000)).toBe(12_345);
  });

  it("stays exact for large order amounts", () => {
    // 6,000,000,000 minor units is the largest items subtotal the totals accept in practice.
    expect(applyBasisPoints(6_000_000_000, 1900)).toBe(1_140_000_000);
    expect(applyBasisPoints(5_999_999_999, 2500)).toBe(1_500_000_000);
  });
});

describe("distribute", () => {
  it("splits evenly divisible totals exactly in proportion", () => {
    expect(distribute(10, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(distribute(300, [5, 10])).toEqual([100, 200]);
  });

  it("hands the leftover units to the largest remainders", () => {
    // Exact shares 1.4, 2.1, 3.5: floors add up to 6, the one left goes to 3.5.
    expect(distribute(7, [2, 3, 5])).toEqual([1, 2, 4]);
    // Exact shares 0.2, 0.8: the only unit goes to the larger remainder.
    expect(distribute(1, [1, 4])).toEqual([0, 1]);
  });

  it("gives ties to the earlier index", () => {
    expect(distribute(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(distribute(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(distribute(1, [1, 1])).toEqual([1, 0]);
    // Exact shares 0.5 and 1.5: equal remainders, the earlier one wins.
    expect(distribute(2, [1, 3])).toEqual([1, 1]);
  });

  // Regression: remainders were compared as floats, so exact ties were broken by rounding
  // noise (1.4 - 1 = 0.3999999999999999 < 0.4). They are now compared as exact integers.
  it("gives ties to the earlier index even when a remainder is inexact as a float", () => {
    expect(distribute(2, [1, 7, 2])).toEqual([0, 2, 0]);
  });

  // Exact shares 1/7, 3/7, 10/7: the remainders 3/7 and 3/7 tie, so index 1 gets the unit.
  it("breaks a tie between a fractional share and a share above one by index", () => {
    expect(distribute(2, [1, 3, 10])).toEqual([0, 1, 1]);
  });

  it("gives nothing to zero weights", () => {
    expect(distribute(5, [0, 3, 0, 2])).toEqual([0, 3, 0, 2]);
    expect(distribute(7, [0, 1, 0])).toEqual([0, 7, 0]);
  });

  it("gives everyone zero when there is nothing to distribute", () => {
    expect(distribute(0, [1, 2, 3])).toEqual([0, 0, 0]);
    expect(distribute(0, [0, 0])).toEqual([0, 0]);
  });

  it("gives every part zero when every weight is zero, whatever the total", () => {
    expect(distribute(5, [0, 0, 0])).toEqual([0, 0, 0]);
    expect(distribute(1, [0])).toEqual([0]);
  });

  // The rule stated without sorting: the floors of the exact shares, then each leftover unit to
  // the line with the largest remainder not served yet, the earliest line on a tie.
  const largestRemainder = (total: number, weights: readonly number[]) => {
    const s = BigInt(sum(weights));
    const exact = weights.map((w) => BigInt(total) * BigInt(w));
    const parts = exact.map((e) => Number(e / s));
    const served = new Set<number>();
    for (let left = total - sum(parts); left > 0; left--) {
      let best = -1;
      for (let i = 0; i < weights.length; i++)
        if (!served.has(i) && (best < 0 || exact[i]! % s > exact[best]! % s)) best = i;
      served.add(best);
      parts[best]! += 1;
    }
    return parts;
  };

  it("hands the leftover units by the largest remainder, the earliest line on a tie, over many lines (property)", () => {
    // Long lists with small weights: many ties, and enough lines for the sort to merge runs
    // (short lists are sorted by insertion, which never compares a line with a later one).
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000 }),
        fc
          .array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 160 })
          .filter((ws) => ws.some((w) => w > 0)),
        (total, weights) => {
          expect(distribute(total, weights)).toEqual(largestRemainder(total, weights));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("returns one part per weight and leaves the weights untouched", () => {
    const weights = [3, 1, 2];
    const parts = distribute(11, weights);
    expect(parts).toHaveLength(3);
    expect(weights).toEqual([3, 1, 2]);
  });

  it("always adds up exactly to the total, each part within 1 of its exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6_000_000_000 }),
        fc
          .array(fc.integer({ min: 0, max: 300_000_000 }), { minLength: 1, maxLength: 20 })
          .filter((ws) => ws.some((w) => w > 0)),
        (total, weights) => {
          const parts = distribute(total, weights);
          expect(parts).toHaveLength(weights.length);
          expect(sum(parts)).toBe(total);
          const weightSum = BigInt(sum(weights));
          parts.forEach((part, i) => {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
            if (weights[i] === 0) expect(part).toBe(0);
            // |part - total × w / Σw| ≤ 1, compared exactly in integers:
            // |part × Σw - total × w| ≤ Σw.
            const diff = BigInt(part) * weightSum - BigInt(total) * BigInt(weights[i]!);
            expect(diff <= weightSum && diff >= -weightSum).toBe(true);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it("always adds up exactly to the total for small totals and weights", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc
          .array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 8 })
          .filter((ws) => ws.some((w) => w > 0)),
        (total, weights) => {
          expect(sum(distribute(total, weights))).toBe(total);
        },
      ),
      { numRuns: 500 },
    );
  });
});

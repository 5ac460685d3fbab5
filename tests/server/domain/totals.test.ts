import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "../../support/fc-seed.js";

import { type LineInput, type OrderTotals, computeTotals } from "../../../server/domain/totals.js";

/**
 * The totals as a client receives them (JSON): a zero promotion is computed as `-0`, which
 * serialises as 0 but would make `toEqual(0)` fail.
 */
function asJson(totals: OrderTotals): OrderTotals {
  return JSON.parse(JSON.stringify(totals)) as OrderTotals;
}

describe("computeTotals worked examples", () => {
  it("prices 30 × 49.00 with a 10% coupon to Germany at 19%, 7.5 kg", () => {
    const totals = computeTotals({
      lines: [{ quantity: 30, unitPrice: 4900, weightGrams: 250 }],
      promotionBp: 1000,
      shippingCountry: "DE",
      taxRateBp: 1900,
    });
    // Subtotal 30 × 4900 = 147000; coupon 10% = 14700; items 132300 (44.10 a unit).
    // Tax 19% × 132300 = 25137. Weight 30 × 250 g = 7500 g → band up to 10 kg = 2990,
    // taxed 19% = 568.1 → 568. Total 132300 + 2990 + 568 + 25137 = 160995.
    expect(totals).toEqual({
      lines: [
        {
          subtotal: 147_000,
          promotion: -14_700,
          discountedUnitPrice: 4410,
          total: 132_300,
          taxTotal: 25_137,
        },
      ],
      itemsSubtotal: 147_000,
      itemsTotal: 132_300,
      orderPromotionTotal: -14_700,
      shippingTotal: 2990,
      shippingTaxTotal: 568,
      taxTotal: 25_137,
      total: 160_995,
    });
  });

  it("spreads a 15% coupon over three lines to France at 20%, 1.1 kg", () => {
    const totals = computeTotals({
      lines: [
        { quantity: 3, unitPrice: 1999, weightGrams: 100 },
        { quantity: 2, unitPrice: 1250, weightGrams: 400 },
        { quantity: 1, unitPrice: 333, weightGrams: 0 },
      ],
      promotionBp: 1500,
      shippingCountry: "FR",
      taxRateBp: 2000,
    });
    // Subtotals 5997, 2500, 333 = 8830. Coupon 15% = 1324.5 → 1325.
    // Shares of 1325 in proportion 5997 : 2500 : 333 (÷ 8830):
    //   899 + 7855/8830, 375 + 1250/8830, 49 + 8555/8830 → floors 1323, 2 left over,
    //   to the largest remainders (line 3, then line 1) → 900, 375, 50.
    // Line totals 5097, 2125, 283 = 7505 = 8830 - 1325.
    // Unit prices 5097 / 3 = 1699, 2125 / 2 = 1062.5 → 1063, 283.
    // Tax 20%: 1019.4 → 1019, 425, 56.6 → 57 = 1501.
    // Weight 300 + 800 + 0 = 1100 g → band up to 5 kg = 1990, taxed 398.
    // Total 7505 + 1990 + 398 + 1501 = 11394.
    expect(totals).toEqual({
      lines: [
        { subtotal: 5997, promotion: -900, discountedUnitPrice: 1699, total: 5097, taxTotal: 1019 },
        { subtotal: 2500, promotion: -375, discountedUnitPrice: 1063, total: 2125, taxTotal: 425 },
        { subtotal: 333, promotion: -50, discountedUnitPrice: 283, total: 283, taxTotal: 57 },
      ],
      itemsSubtotal: 8830,
      itemsTotal: 7505,
      orderPromotionTotal: -1325,
      shippingTotal: 1990,
      shippingTaxTotal: 398,
      taxTotal: 1501,
      total: 11_394,
    });
  });

  it("gives all zeros for an empty cart, even with a destination and a coupon", () => {
    const totals = computeTotals({
      lines: [],
      promotionBp: 1000,
      shippingCountry: "DE",
      taxRateBp: 1900,
    });
    expect(asJson(totals)).toEqual({
      lines: [],
      itemsSubtotal: 0,
      itemsTotal: 0,
      orderPromotionTotal: 0,
      shippingTotal: 0,
      shippingTaxTotal: 0,
      taxTotal: 0,
      total: 0,
    });
  });

  it("makes the items free with a 100% coupon but still charges and taxes shipping", () => {
    const totals = computeTotals({
      lines: [{ quantity: 2, unitPrice: 1500, weightGrams: 600 }],
      promotionBp: 10_000,
      shippingCountry: "DE",
      taxRateBp: 1900,
    });
    // Items 3000 - 3000 = 0, no item tax. 1200 g → 1990, taxed 19% = 378.1 → 378.
    expect(asJson(totals)).toEqual({
      lines: [{ subtotal: 3000, promotion: -3000, discountedUnitPrice: 0, total: 0, taxTotal: 0 }],
      itemsSubtotal: 3000,
      itemsTotal: 0,
      orderPromotionTotal: -3000,
      shippingTotal: 1990,
      shippingTaxTotal: 378,
      taxTotal: 0,
      total: 2368,
    });
  });

  it("charges a US cart 2.99 per unit for shipping and no tax at 0%", () => {
    const totals = computeTotals({
      lines: [
        { quantity: 4, unitPrice: 2500, weightGrams: 200 },
        { quantity: 6, unitPrice: 1000, weightGrams: 50 },
      ],
      promotionBp: 0,
      shippingCountry: "US",
      taxRateBp: 0,
    });
    // Items 10000 + 6000 = 16000; 10 units × 299 = 2990; total 18990.
    expect(asJson(totals)).toEqual({
      lines: [
        { subtotal: 10_000, promotion: 0, discountedUnitPrice: 2500, total: 10_000, taxTotal: 0 },
        { subtotal: 6000, promotion: 0, discountedUnitPrice: 1000, total: 6000, taxTotal: 0 },
      ],
      itemsSubtotal: 16_000,
      itemsTotal: 16_000,
      orderPromotionTotal: 0,
      shippingTotal: 2990,
      shippingTaxTotal: 0,
      taxTotal: 0,
      total: 18_990,
    });
  });

  it("charges no shipping while no country is known, but still taxes the items", () => {
    const totals = computeTotals({
      lines: [{ quantity: 2, unitPrice: 1000, weightGrams: 500 }],
      promotionBp: 0,
      shippingCountry: null,
      taxRateBp: 1900,
    });
    expect(totals.shippingTotal).toBe(0);
    expect(totals.shippingTaxTotal).toBe(0);
    expect(totals.taxTotal).toBe(380);
    expect(totals.total).toBe(2380);
  });

  it("computes tax per line and sums it, so the order tax matches what the lines show", () => {
    const totals = computeTotals({
      lines: [
        { quantity: 1, unitPrice: 50, weightGrams: 0 },
        { quantity: 1, unitPrice: 50, weightGrams: 0 },
      ],
      promotionBp: 0,
      shippingCountry: null,
      taxRateBp: 1900,
    });
    // 19% of 50 = 9.5 → 10 on each line; 20 in all (not 19% of 100 = 19).
    expect(totals.lines.map((l) => l.taxTotal)).toEqual([10, 10]);
    expect(totals.taxTotal).toBe(20);
    expect(totals.total).toBe(120);
  });

  it("keeps shipping tax out of the items tax", () => {
    const totals = computeTotals({
      lines: [{ quantity: 1, unitPrice: 10_000, weightGrams: 2000 }],
      promotionBp: 0,
      shippingCountry: "DE",
      taxRateBp: 1900,
    });
    expect(totals.taxTotal).toBe(1900);
    expect(totals.shippingTotal).toBe(1990);
    expect(totals.shippingTaxTotal).toBe(378);
    expect(totals.total).toBe(10_000 + 1990 + 378 + 1900);
  });

  it("gives a free line no share of the promotion", () => {
    const totals = computeTotals({
      lines: [
        { quantity: 5, unitPrice: 0, weightGrams: 10 },
        { quantity: 1, unitPrice: 1000, weightGrams: 10 },
      ],
      promotionBp: 2000,
      shippingCountry: null,
      taxRateBp: 0,
    });
    expect(totals.lines[0]!.promotion + 0).toBe(0);
    expect(totals.lines[1]!.promotion).toBe(-200);
    expect(totals.itemsTotal).toBe(800);
  });

  // Subtotals 100, 700, 200 with a 0.2% coupon: promotion 2, exact shares 0.2, 1.4, 0.4; lines
  // 2 and 3 tie at 0.4, so line 2 takes both units.
  it("gives a tied promotion remainder to the earlier line", () => {
    const totals = computeTotals({
      lines: [
        { quantity: 1, unitPrice: 100, weightGrams: 0 },
        { quantity: 1, unitPrice: 700, weightGrams: 0 },
        { quantity: 1, unitPrice: 200, weightGrams: 0 },
      ],
      promotionBp: 20,
      shippingCountry: null,
      taxRateBp: 0,
    });
    expect(totals.orderPromotionTotal).toBe(-2);
    expect(totals.lines.map((l) => -l.promotion + 0)).toEqual([0, 2, 0]);
  });

  it("never discounts more than the items subtotal", () => {
    const totals = computeTotals({
      lines: [{ quantity: 3, unitPrice: 700, weightGrams: 0 }],
      promotionBp: 15_000,
      shippingCountry: null,
      taxRateBp: 1900,
    });
    expect(totals.orderPromotionTotal).toBe(-2100);
    expect(totals.itemsTotal).toBe(0);
    expect(totals.total).toBe(0);
  });

  it("rounds the coupon half up on the items subtotal", () => {
    // 5% of 10 = 0.5 → 1; 5% of 9 = 0.45 → 0.
    const ten = computeTotals({
      lines: [{ quantity: 1, unitPrice: 10, weightGrams: 0 }],
      promotionBp: 500,
      shippingCountry: null,
      taxRateBp: 0,
    });
    const nine = computeTotals({
      lines: [{ quantity: 1, unitPrice: 9, weightGrams: 0 }],
      promotionBp: 500,
      shippingCountry: null,
      taxRateBp: 0,
    });
    expect(ten.orderPromotionTotal).toBe(-1);
    expect(nine.orderPromotionTotal + 0).toBe(0);
  });
});

describe("computeTotals properties", () => {
  const line: fc.Arbitrary<LineInput> = fc.record({
    quantity: fc.integer({ min: 1, max: 300 }),
    unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
    weightGrams: fc.integer({ min: 0, max: 5000 }),
  });
  const input = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 20 }),
    promotionBp: fc.integer({ min: 0, max: 10_000 }),
    taxRateBp: fc.integer({ min: 0, max: 3000 }),
    shippingCountry: fc.constantFrom("DE", "US", "CA", "FR", null),
  });

  it("keeps every amount consistent for any cart, coupon, rate and destination", () => {
    fc.assert(
      fc.property(input, (cart) => {
        const t = computeTotals(cart);
        const amounts = [
          t.itemsSubtotal,
          t.itemsTotal,
          t.orderPromotionTotal,
          t.shippingTotal,
          t.shippingTaxTotal,
          t.taxTotal,
          t.total,
          ...t.lines.flatMap((l) => [
            l.subtotal,
            l.promotion,
            l.discountedUnitPrice,
            l.total,
            l.taxTotal,
          ]),
        ];
        for (const amount of amounts) expect(Number.isInteger(amount)).toBe(true);

        expect(t.lines).toHaveLength(cart.lines.length);
        expect(t.lines.reduce((a, l) => a + l.total, 0)).toBe(t.itemsTotal);
        expect(t.lines.reduce((a, l) => a + l.taxTotal, 0)).toBe(t.taxTotal);
        expect(t.itemsTotal).toBe(t.itemsSubtotal + t.orderPromotionTotal);
        expect(t.total).toBe(t.itemsTotal + t.shippingTotal + t.shippingTaxTotal + t.taxTotal);
        expect(t.itemsSubtotal).toBe(cart.lines.reduce((a, l) => a + l.quantity * l.unitPrice, 0));

        // Only the promotion may be negative.
        expect(t.orderPromotionTotal).toBeLessThanOrEqual(0);
        for (const amount of [
          t.itemsSubtotal,
          t.itemsTotal,
          t.shippingTotal,
          t.shippingTaxTotal,
          t.taxTotal,
          t.total,
        ]) {
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        t.lines.forEach((l, i) => {
          const { quantity, unitPrice } = cart.lines[i]!;
          expect(l.subtotal).toBe(quantity * unitPrice);
          expect(l.promotion).toBeLessThanOrEqual(0);
          expect(l.total).toBe(l.subtotal + l.promotion);
          for (const amount of [l.subtotal, l.discountedUnitPrice, l.total, l.taxTotal]) {
            expect(amount).toBeGreaterThanOrEqual(0);
          }
          expect(Math.abs(l.discountedUnitPrice * quantity - l.total)).toBeLessThanOrEqual(
            quantity / 2,
          );
        });

        if (cart.shippingCountry === null) expect(t.shippingTotal).toBe(0);
        if (cart.shippingCountry === "US" || cart.shippingCountry === "CA") {
          const units = cart.lines.reduce((a, l) => a + l.quantity, 0);
          expect(t.shippingTotal).toBe(units * 299);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

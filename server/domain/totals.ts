import { applyBasisPoints, distribute } from "./money.js";
import { shippingCost } from "./shipping.js";

export interface LineInput {
  quantity: number;
  /** Contract price per unit. */
  unitPrice: number;
  weightGrams: number;
}

export interface TotalsInput {
  lines: readonly LineInput[];
  /** Order promotion from a coupon, in basis points of the items subtotal; 0 for none. */
  promotionBp: number;
  /** Destination country; null until a shipping address is set. */
  shippingCountry: string | null;
  /** Tax rate of the destination, basis points. */
  taxRateBp: number;
}

export interface LineTotals {
  subtotal: number;
  /** Share of the order promotion, a non-positive amount. */
  promotion: number;
  discountedUnitPrice: number;
  /** subtotal + promotion: what the line costs before tax. */
  total: number;
  taxTotal: number;
}

export interface OrderTotals {
  lines: LineTotals[];
  itemsSubtotal: number;
  itemsTotal: number;
  orderPromotionTotal: number;
  shippingTotal: number;
  shippingTaxTotal: number;
  /**
   * Tax on the items only; shipping tax is `shippingTaxTotal`. The storefront's profit figure
   * (spec 3: quantity x original price + shipping tax + tax - total) depends on this split.
   */
  taxTotal: number;
  total: number;
}

/**
 * Every amount of an order, from its lines. Prices are net; tax is added by destination
 * (items and shipping). The promotion is spread over the lines in proportion to their
 * subtotals so that line totals add up exactly to the items total; tax is computed per line
 * and summed, so the order's tax equals the sum of what each line shows.
 */
export function computeTotals(input: TotalsInput): OrderTotals {
  const subtotals = input.lines.map((l) => l.quantity * l.unitPrice);
  const itemsSubtotal = subtotals.reduce((a, b) => a + b, 0);
  const promotion = Math.min(applyBasisPoints(itemsSubtotal, input.promotionBp), itemsSubtotal);
  const shares = distribute(promotion, subtotals);
  const lines = input.lines.map((line, i): LineTotals => {
    const subtotal = subtotals[i]!;
    const total = subtotal - shares[i]!;
    return {
      subtotal,
      promotion: 0 - shares[i]! || 0,
      discountedUnitPrice: Math.round(total / line.quantity),
      total,
      taxTotal: applyBasisPoints(total, input.taxRateBp),
    };
  });
  const itemsTotal = lines.reduce((a, l) => a + l.total, 0);
  const itemsTax = lines.reduce((a, l) => a + l.taxTotal, 0);
  const units = input.lines.reduce((a, l) => a + l.quantity, 0);
  const weightGrams = input.lines.reduce((a, l) => a + l.quantity * l.weightGrams, 0);
  const shippingTotal = shippingCost({ countryCode: input.shippingCountry, units, weightGrams });
  const shippingTaxTotal = applyBasisPoints(shippingTotal, input.taxRateBp);
  return {
    lines,
    itemsSubtotal,
    itemsTotal,
    orderPromotionTotal: 0 - promotion || 0,
    shippingTotal,
    shippingTaxTotal,
    taxTotal: itemsTax,
    total: itemsTotal + shippingTotal + shippingTaxTotal + itemsTax,
  };
}

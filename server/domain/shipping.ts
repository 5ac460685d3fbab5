/**
 * Shipping is charged per unit to the United States and Canada (2.99 per product, spec 9 and
 * the FAQ) and by weight elsewhere. The weight bands are the brand's air-freight table; the
 * spec says only "by weight", so the figures are ours and documented in
 * docs/decisions/004-pricing-rules.md. Amounts are minor units of the order's currency.
 */
export const PER_UNIT_COUNTRIES = new Set(["US", "CA"]);
export const PER_UNIT_RATE = 299;

/** Weight bands: up to `maxGrams` costs `price`; past the last band, `extraPerKg` per started kg. */
export const WEIGHT_BANDS = [
  { maxGrams: 1_000, price: 990 },
  { maxGrams: 5_000, price: 1_990 },
  { maxGrams: 10_000, price: 2_990 },
  { maxGrams: 20_000, price: 4_490 },
] as const;
export const EXTRA_PER_KG = 190;

export interface ShippingInput {
  countryCode: string | null;
  units: number;
  weightGrams: number;
}

/** The shipping charge; nothing while no destination is known or the cart is empty. */
export function shippingCost({ countryCode, units, weightGrams }: ShippingInput): number {
  if (!countryCode || units <= 0) return 0;
  if (PER_UNIT_COUNTRIES.has(countryCode)) return units * PER_UNIT_RATE;
  for (const band of WEIGHT_BANDS) if (weightGrams <= band.maxGrams) return band.price;
  const last = WEIGHT_BANDS[WEIGHT_BANDS.length - 1]!;
  return last.price + Math.ceil((weightGrams - last.maxGrams) / 1_000) * EXTRA_PER_KG;
}

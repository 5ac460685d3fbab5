/**
 * Rounds a non-negative rational amount of minor units half up. Amounts are integers
 * everywhere; the only fractions come from rates, and they are rounded once, here.
 */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** `amount * bp / 10000`, rounded half up (bp = basis points, 1900 = 19%). */
export function applyBasisPoints(amount: number, bp: number): number {
  return roundHalfUp(amount * bp, 10_000);
}

/**
 * Splits `total` over integer `weights` in proportion, so that the parts add up to exactly
 * `total` (largest remainder method; ties go to the earlier line). Remainders are compared in
 * exact integer arithmetic: floating point would break ties by rounding noise. When every
 * weight is zero there is nothing to split over and every part is zero (a zero total needs no
 * such case: it shares out as zeros).
 */
export function distribute(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const t = BigInt(total);
  const s = BigInt(sum);
  const parts = weights.map((w) => Number((t * BigInt(w)) / s));
  const remainders = weights.map((w) => (t * BigInt(w)) % s);
  let left = total - parts.reduce((a, b) => a + b, 0);
  // Largest remainder first; the sort is stable, so a tie keeps the earlier line first. The
  // difference of two remainders keeps its sign as a Number, however large.
  const order = weights.map((_, i) => i).sort((a, b) => Number(remainders[b]! - remainders[a]!));
  for (const i of order) {
    if (left <= 0) break;
    parts[i] = parts[i]! + 1;
    left -= 1;
  }
  return parts;
}

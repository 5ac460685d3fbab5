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
 * Splits `total` over `weights` in proportion, so that the parts add up to exactly `total`
 * (largest remainder method; ties go to the earlier line).
 */
export function distribute(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

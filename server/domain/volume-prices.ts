import { isInteger } from "../../rules/numbers.js";
import { MAX_LINE_QUANTITY } from "../../rules/quantity.js";
import type { Violation } from "../../rules/violations.js";

/**
 * Volume prices (issue 21, part 4; decision 040): a contract price list entry may have quantity
 * tiers. A tier applies from its minimum quantity up to the next tier's minimum less one; the
 * last one to every larger quantity. The first starts at 1, and its price is the entry's own.
 */
export interface Tier {
  minQuantity: number;
  /** Minor units. */
  price: number;
}

/** A tier as shown: with the last quantity it applies to (null for the last tier). */
export interface TierRange extends Tier {
  maxQuantity: number | null;
}

/** At most this many tiers per entry: more than a product page or a price sheet can show. */
export const MAX_TIERS = 10;
/** The highest unit price a tier may have, minor units (one million in the currency). */
export const MAX_TIER_PRICE = 100_000_000;

/** The unit price of `quantity` units: the price of the last tier starting at or below it. */
export function tierPrice(tiers: readonly Tier[], quantity: number, base: number): number {
  let price = base;
  let from = 0;
  for (const t of tiers) {
    if (t.minQuantity <= quantity && t.minQuantity > from) {
      price = t.price;
      from = t.minQuantity;
    }
  }
  return price;
}

/** The tiers ordered by quantity, each with the last quantity it applies to. */
export function tierRanges(tiers: readonly Tier[]): TierRange[] {
  const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  return sorted.map((t, n) => ({
    minQuantity: t.minQuantity,
    maxQuantity: n + 1 < sorted.length ? sorted[n + 1]!.minQuantity - 1 : null,
    price: t.price,
  }));
}

/** The tier that applies to `quantity` (null when there are no tiers or the quantity is < 1). */
export function applyingTier(tiers: readonly TierRange[], quantity: number): TierRange | null {
  return (
    tiers.find(
      (t) => t.minQuantity <= quantity && (t.maxQuantity === null || quantity <= t.maxQuantity),
    ) ?? null
  );
}

/**
 * Reads the tiers a member of staff sends for one entry: `[{minQuantity, maxQuantity?, price}]`
 * in order, none (to remove them) or 2 to 10. The first starts at 1; each starts above the one
 * before and right after its end (no overlap, no gap), the last is open-ended; prices are whole
 * minor units above zero and fall with the quantity (more units never cost more each). Every
 * problem is reported with its field.
 */
export function readTiers(raw: unknown): { tiers: Tier[]; violations: Violation[] } {
  const violations: Violation[] = [];
  if (!Array.isArray(raw)) {
    return {
      tiers: [],
      violations: [
        { propertyPath: "volumePrices", message: "field.type", params: { type: "array" } },
      ],
    };
  }
  if (raw.length === 1 || raw.length > MAX_TIERS) {
    violations.push({
      propertyPath: "volumePrices",
      message: "volumePrices.count",
      params: { min: 2, max: MAX_TIERS },
    });
    return { tiers: [], violations };
  }
  const read: (TierRange | null)[] = raw.map((item: unknown, n) => {
    const path = `volumePrices[${n}]`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      violations.push({ propertyPath: path, message: "field.type", params: { type: "object" } });
      return null;
    }
    const fields = item as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (!["minQuantity", "maxQuantity", "price"].includes(key)) {
        violations.push({ propertyPath: `${path}.${key}`, message: "field.unknown" });
      }
    }
    const { minQuantity, maxQuantity = null, price } = fields;
    if (!isInteger(minQuantity) || minQuantity < 1 || minQuantity > MAX_LINE_QUANTITY) {
      violations.push({
        propertyPath: `${path}.minQuantity`,
        message: "volumePrices.quantity",
        params: { min: 1, max: MAX_LINE_QUANTITY },
      });
    }
    if (maxQuantity !== null && (!isInteger(maxQuantity) || maxQuantity < 1)) {
      violations.push({
        propertyPath: `${path}.maxQuantity`,
        message: "volumePrices.quantity",
        params: { min: 1, max: MAX_LINE_QUANTITY },
      });
    }
    if (!isInteger(price) || price <= 0 || price > MAX_TIER_PRICE) {
      violations.push({
        propertyPath: `${path}.price`,
        message: "volumePrices.price",
        params: { max: MAX_TIER_PRICE / 100 },
      });
    }
    // A tier with a violation is never read: the violations are returned instead.
    return {
      minQuantity: minQuantity as number,
      maxQuantity: maxQuantity as number | null,
      price: price as number,
    };
  });
  if (violations.length > 0) return { tiers: [], violations };
  const tiers = read as TierRange[];
  tiers.forEach((t, n) => {
    const path = `volumePrices[${n}]`;
    const previous = tiers[n - 1];
    const next = tiers[n + 1];
    if (!previous && t.minQuantity !== 1) {
      violations.push({ propertyPath: `${path}.minQuantity`, message: "volumePrices.firstTier" });
    }
    if (previous && t.minQuantity <= previous.minQuantity) {
      violations.push({
        propertyPath: `${path}.minQuantity`,
        message: "volumePrices.notIncreasing",
        params: { previous: previous.minQuantity },
      });
    }
    if (t.maxQuantity !== null && t.maxQuantity < t.minQuantity) {
      violations.push({
        propertyPath: `${path}.maxQuantity`,
        message: "volumePrices.maxBelowMin",
        params: { min: t.minQuantity },
      });
    } else if (next && t.maxQuantity !== null && next.minQuantity > t.minQuantity) {
      if (t.maxQuantity >= next.minQuantity) {
        violations.push({
          propertyPath: `${path}.maxQuantity`,
          message: "volumePrices.overlap",
          params: { next: next.minQuantity },
        });
      } else if (t.maxQuantity < next.minQuantity - 1) {
        violations.push({
          propertyPath: `${path}.maxQuantity`,
          message: "volumePrices.gap",
          params: { from: t.maxQuantity + 1, to: next.minQuantity - 1 },
        });
      }
    }
    if (!next && t.maxQuantity !== null) {
      violations.push({ propertyPath: `${path}.maxQuantity`, message: "volumePrices.lastOpen" });
    }
    if (previous && t.price >= previous.price) {
      violations.push({ propertyPath: `${path}.price`, message: "volumePrices.priceNotLower" });
    }
  });
  if (violations.length > 0) return { tiers: [], violations };
  return { tiers: tiers.map((t) => ({ minQuantity: t.minQuantity, price: t.price })), violations };
}

import { distribute } from "./money.js";
import { isInteger, isSafeInteger } from "../../rules/numbers.js";
import type { Violation } from "../../rules/violations.js";

/**
 * Splitting a placed order into N orders (account spec 2, "Split orders": the parent shows
 * 1/N, each split k/N). The request names, per part, which items go there:
 *
 * - a part is either an array of item ids (`[12, 13]`, the whole lines), or
 * - `{ "items": [{ "id": 12, "quantity": 5 }, { "id": 13 }] }`, where a quantity moves only
 *   that many units of the line and no quantity means the whole line.
 *
 * Part 1 stays with the parent order; parts 2..N become new orders. Every unit of every item
 * is assigned exactly once, no part is empty, and there are at least two parts.
 */
export const MIN_SPLIT_PARTS = 2;
export const MAX_SPLIT_PARTS = 20;

export interface SplittableItem {
  id: number;
  quantity: number;
}

/** Units of one item in one part. */
export interface Allocation {
  itemId: number;
  quantity: number;
}

export type SplitPlan = Allocation[][];

/**
 * Reads and checks a split request against the order's items. Returns the plan (one list of
 * allocations per part, in request order) or every violation found, with property paths into
 * the request (`parts[1].items[0].quantity`).
 */
export function planSplit(
  items: readonly SplittableItem[],
  raw: unknown,
): { ok: true; plan: SplitPlan } | { ok: false; violations: Violation[] } {
  const violations: Violation[] = [];
  if (!Array.isArray(raw)) {
    return {
      ok: false,
      violations: [
        raw === undefined || raw === null
          ? { propertyPath: "parts", message: "field.required" }
          : { propertyPath: "parts", message: "field.type", params: { type: "array" } },
      ],
    };
  }
  if (raw.length < MIN_SPLIT_PARTS || raw.length > MAX_SPLIT_PARTS) {
    return {
      ok: false,
      violations: [
        {
          propertyPath: "parts",
          message: "backoffice.splitPartCount",
          params: { min: MIN_SPLIT_PARTS, max: MAX_SPLIT_PARTS },
        },
      ],
    };
  }
  const byId = new Map(items.map((i) => [i.id, i]));
  const plan: SplitPlan = raw.map((part, p) => readPart(part, `parts[${p}]`, byId, violations));
  if (violations.length > 0) return { ok: false, violations };

  const assigned = new Map<number, number>();
  for (const part of plan)
    for (const a of part) assigned.set(a.itemId, (assigned.get(a.itemId) ?? 0) + a.quantity);
  for (const item of items) {
    const n = assigned.get(item.id) ?? 0;
    if (n === 0) {
      violations.push({
        propertyPath: "parts",
        message: "backoffice.splitItemMissing",
        params: { id: item.id },
      });
    } else if (n !== item.quantity) {
      violations.push({
        propertyPath: "parts",
        message: "backoffice.splitQuantityMismatch",
        params: { id: item.id, quantity: item.quantity, assigned: n },
      });
    }
  }
  return violations.length > 0 ? { ok: false, violations } : { ok: true, plan };
}

function readPart(
  part: unknown,
  path: string,
  byId: Map<number, SplittableItem>,
  violations: Violation[],
): Allocation[] {
  let entries: { id: unknown; quantity: unknown; path: string }[];
  if (Array.isArray(part)) {
    entries = part.map((id, n) => ({ id, quantity: undefined, path: `${path}[${n}]` }));
  } else if (part !== null && typeof part === "object") {
    const record = part as Record<string, unknown>;
    for (const key of Object.keys(record))
      if (key !== "items")
        violations.push({ propertyPath: `${path}.${key}`, message: "field.unknown" });
    if (!Array.isArray(record.items)) {
      violations.push(
        record.items === undefined || record.items === null
          ? { propertyPath: `${path}.items`, message: "field.required" }
          : { propertyPath: `${path}.items`, message: "field.type", params: { type: "array" } },
      );
      // Stryker disable next-line ArrayDeclaration: a refused part's allocations are never read (its violations are returned)
      return [];
    }
    if (record.items.length === 0) {
      violations.push({ propertyPath: path, message: "backoffice.splitEmptyPart" });
      // Stryker disable next-line ArrayDeclaration: a refused part's allocations are never read (its violations are returned)
      return [];
    }
    entries = [];
    for (const [n, entry] of record.items.entries()) {
      const at = `${path}.items[${n}]`;
      if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
        violations.push({ propertyPath: at, message: "field.type", params: { type: "object" } });
        continue;
      }
      const e = entry as Record<string, unknown>;
      for (const key of Object.keys(e))
        if (key !== "id" && key !== "quantity")
          violations.push({ propertyPath: `${at}.${key}`, message: "field.unknown" });
      entries.push({ id: e.id, quantity: e.quantity, path: at });
    }
  } else {
    violations.push({ propertyPath: path, message: "field.type", params: { type: "array" } });
    // Stryker disable next-line ArrayDeclaration: a refused part's allocations are never read (its violations are returned)
    return [];
  }
  if (Array.isArray(part) && entries.length === 0) {
    violations.push({ propertyPath: path, message: "backoffice.splitEmptyPart" });
    // Stryker disable next-line ArrayDeclaration: a refused part's allocations are never read (its violations are returned)
    return [];
  }
  const seen = new Set<number>();
  const allocations: Allocation[] = [];
  for (const entry of entries) {
    const idPath = Array.isArray(part) ? entry.path : `${entry.path}.id`;
    if (!isSafeInteger(entry.id)) {
      violations.push({ propertyPath: idPath, message: "field.type", params: { type: "integer" } });
      continue;
    }
    const item = byId.get(entry.id);
    if (!item) {
      violations.push({
        propertyPath: idPath,
        message: "backoffice.splitUnknownItem",
        params: { id: entry.id },
      });
      continue;
    }
    if (seen.has(item.id)) {
      violations.push({
        propertyPath: idPath,
        message: "backoffice.splitDuplicateItem",
        params: { id: item.id },
      });
      continue;
    }
    seen.add(item.id);
    let quantity = item.quantity;
    if (entry.quantity !== undefined) {
      const q = entry.quantity;
      if (!isInteger(q) || q < 1 || q > item.quantity) {
        violations.push({
          propertyPath: `${entry.path}.quantity`,
          message: "backoffice.splitQuantity",
          params: { max: item.quantity },
        });
        continue;
      }
      quantity = q;
    }
    allocations.push({ itemId: item.id, quantity });
  }
  return allocations;
}

/**
 * How the plan is carried out on the item rows: the first part that holds an item reuses its
 * row (moved there, quantity set); every further part holding it gets a copy. Rows of part 0
 * stay with the parent.
 */
export function rowAssignments(
  plan: SplitPlan,
): { part: number; itemId: number; quantity: number; reuseRow: boolean }[] {
  const used = new Set<number>();
  return plan.flatMap((part, p) =>
    part.map((a) => {
      const reuseRow = !used.has(a.itemId);
      used.add(a.itemId);
      return { part: p, itemId: a.itemId, quantity: a.quantity, reuseRow };
    }),
  );
}

/** Split orders are numbered after the original: `000100011-2` is part 2 of `000100011`. */
export function splitOrderNumber(parentNumber: string, splitIndex: number): string {
  return `${parentNumber}-${splitIndex}`;
}

/** The amounts of a placed line, as they were placed. */
export interface PlacedLine {
  id: number;
  quantity: number;
  unitPrice: number;
  /** After its share of the promotion, before tax. */
  total: number;
  taxTotal: number;
}

export interface SplitLineAmounts {
  itemId: number;
  quantity: number;
  subtotal: number;
  total: number;
  taxTotal: number;
  discountedUnitPrice: number;
}

export interface SplitPartAmounts {
  lines: SplitLineAmounts[];
  itemsSubtotal: number;
  itemsTotal: number;
  orderPromotionTotal: number;
  shippingTotal: number;
  shippingTaxTotal: number;
  taxTotal: number;
  total: number;
}

/**
 * What each part of a split costs (docs/decisions/028-minimum-order-and-split-shipping.md):
 * splitting is the brand's doing, so the parts share the placed order's amounts instead of
 * being priced again. A line divided between parts has its discounted total and its tax
 * divided by quantity; the order's shipping and shipping tax are divided in proportion to each
 * part's items subtotal. Every division is exact (largest remainder), so the parts add up to
 * the placed order to the cent: the partner's total never grows by a split.
 */
export function splitAmounts(
  lines: readonly PlacedLine[],
  order: { shippingTotal: number; shippingTaxTotal: number },
  plan: SplitPlan,
): SplitPartAmounts[] {
  const parts: SplitLineAmounts[][] = plan.map(() => []);
  for (const line of lines) {
    const shares = plan.flatMap((part, p) =>
      part.filter((a) => a.itemId === line.id).map((a) => ({ part: p, quantity: a.quantity })),
    );
    const weights = shares.map((s) => s.quantity);
    const totals = distribute(line.total, weights);
    const taxes = distribute(line.taxTotal, weights);
    shares.forEach((s, n) =>
      parts[s.part]!.push({
        itemId: line.id,
        quantity: s.quantity,
        subtotal: s.quantity * line.unitPrice,
        total: totals[n]!,
        taxTotal: taxes[n]!,
        discountedUnitPrice: Math.round(totals[n]! / s.quantity),
      }),
    );
  }
  // Lines in the order the plan names them.
  for (const [p, part] of plan.entries()) {
    const position = new Map(part.map((a, n) => [a.itemId, n]));
    parts[p]!.sort((x, y) => position.get(x.itemId)! - position.get(y.itemId)!);
  }
  const subtotals = parts.map((l) => l.reduce((s, x) => s + x.subtotal, 0));
  const shipping = distribute(order.shippingTotal, subtotals);
  const shippingTax = distribute(order.shippingTaxTotal, subtotals);
  return parts.map((partLines, p) => {
    const itemsSubtotal = subtotals[p]!;
    const itemsTotal = partLines.reduce((s, x) => s + x.total, 0);
    const taxTotal = partLines.reduce((s, x) => s + x.taxTotal, 0);
    return {
      lines: partLines,
      itemsSubtotal,
      itemsTotal,
      orderPromotionTotal: itemsTotal - itemsSubtotal,
      shippingTotal: shipping[p]!,
      shippingTaxTotal: shippingTax[p]!,
      taxTotal,
      total: itemsTotal + shipping[p]! + shippingTax[p]! + taxTotal,
    };
  });
}

import { formatDate } from "./format.js";
import { supportedLanguage, type Language } from "./language.js";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "./quantity.js";
import type { Violation } from "./violations.js";

/** A saved list holds at most as many lines as a quantity allows units (account spec 9). */
export const MAX_LIST_LINES = 300;
export const MAX_LIST_NAME_LENGTH = 100;

/**
 * True when `value` names a time zone this runtime knows (IANA name such as "Europe/Berlin").
 * Intl itself refuses the empty string and every unknown or over-long name.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The default list name in each language, a phrase around the date (`{date}`) as a person would
 * write it: 'Einkaufsliste vom 28.11.2026', 'Shopping list of Nov 28, 2026' (issue 30, decision
 * 063). The save dialog and the server both take it from here, so the name a person sees
 * prefilled is the name a blank one gets (decision 057).
 */
export const LIST_NAME_WORDS: Readonly<Record<Language, string>> = {
  en: "Shopping list of {date}",
  fr: "Liste d’achats du {date}",
  de: "Einkaufsliste vom {date}",
  it: "Lista della spesa del {date}",
  es: "Lista de compra del {date}",
};

/**
 * The name a list gets when none is given: the language's phrase with today's date written as
 * the portal writes dates in that language (rules/format.ts: '28.11.2026', 'Nov 28, 2026';
 * English for any language but ours), dated in the person's time zone when it is known, so a
 * list saved late in the evening in New York is not named after tomorrow; otherwise in UTC.
 */
export function defaultListName(now: Date, language: string, timeZone?: string): string {
  const lang = supportedLanguage(language) ?? "en";
  const date = formatDate(now, lang, isTimeZone(timeZone) ? timeZone : "UTC");
  return LIST_NAME_WORDS[lang].replace("{date}", date);
}

export interface RequestedLine {
  code: string;
  quantity: number;
  /** Where the line came from in the request, for violations ("items[3]."). */
  path: string;
}

/**
 * One line per variant: lines naming the same variant are added up, in the order they first
 * appear. A sum above the per-line maximum is refused on the line that pushed it over, so
 * the person sees which duplicate to fix.
 */
export function mergeListLines(lines: readonly RequestedLine[]): {
  lines: { code: string; quantity: number }[];
  violations: Violation[];
} {
  const merged = new Map<string, number>();
  const violations: Violation[] = [];
  for (const line of lines) {
    const sum = (merged.get(line.code) ?? 0) + line.quantity;
    if (sum > MAX_LINE_QUANTITY) {
      violations.push({
        propertyPath: `${line.path}quantity`,
        message: "shoppingList.mergedQuantity",
        params: { code: line.code, min: MIN_LINE_QUANTITY, max: MAX_LINE_QUANTITY },
      });
    }
    merged.set(line.code, Math.min(sum, MAX_LINE_QUANTITY));
  }
  return {
    lines: [...merged].map(([code, quantity]) => ({ code, quantity })),
    violations,
  };
}

/** What the catalogue says about a list line's variant, for the caller's company. */
export interface VariantAvailability {
  /** Enabled, of an enabled product, and priced in the company's price list. */
  sold: boolean;
  onHand: number;
}

export type SkipReason = "unavailable" | "outOfStock" | "insufficientStock" | "quantityLimit";

export interface ListOrderPlan {
  /** The cart quantity each variant ends with (existing quantity plus the list's). */
  set: { code: string; quantity: number }[];
  skipped: { variantCode: string; reason: SkipReason; available: number }[];
}

/**
 * Which lines of a saved list go into the cart. Each line is added whole or not at all, as an
 * add-to-cart would be: a line whose variant is no longer sold, is out of stock, or would make
 * the cart line exceed the stock or 300 units is skipped with its reason, and the other lines
 * still go in (account spec 4: per-item failures are tolerated).
 */
export function planListOrder(
  lines: readonly { code: string; quantity: number }[],
  catalogue: ReadonlyMap<string, VariantAvailability>,
  inCart: ReadonlyMap<string, number>,
): ListOrderPlan {
  const wanted = new Map<string, number>();
  const skipped: ListOrderPlan["skipped"] = [];
  for (const line of lines) {
    const variant = catalogue.get(line.code);
    const current = wanted.get(line.code) ?? inCart.get(line.code) ?? 0;
    const total = current + line.quantity;
    // How many more units the cart line could take, for the message that explains the skip.
    const room = variant?.sold ? Math.min(variant.onHand, MAX_LINE_QUANTITY) - current : 0;
    const skip = (reason: SkipReason) =>
      skipped.push({ variantCode: line.code, reason, available: Math.max(0, room) });
    if (!variant || !variant.sold) skip("unavailable");
    else if (variant.onHand <= 0) skip("outOfStock");
    else if (total > MAX_LINE_QUANTITY) skip("quantityLimit");
    else if (total > variant.onHand) skip("insufficientStock");
    else wanted.set(line.code, total);
  }
  return { set: [...wanted].map(([code, quantity]) => ({ code, quantity })), skipped };
}

/** A list's total at current prices: lines no longer sold (no price) add nothing. */
export function listTotal(items: readonly { quantity: number; unitPrice: number | null }[]) {
  return items.reduce((sum, i) => sum + i.quantity * (i.unitPrice ?? 0), 0);
}

import type { Kysely } from "kysely";
import { quickOrderVariants } from "../db/quick-order.js";
import type { DB } from "../db/schema.js";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "../../rules/quantity.js";
import { tierPrice } from "../domain/volume-prices.js";
import { parseQuantity, type QuickOrderLine } from "../files/xlsx.js";
import { translate, type Language } from "../core/i18n.js";

/** Why a quick-order row cannot be added, as the import answers it. */
export type QuickOrderRowError =
  "unknown_code" | "several_variants" | "out_of_stock" | "invalid_quantity" | "missing_code";

const ROW_ERROR_KEYS: Record<QuickOrderRowError, string> = {
  unknown_code: "quickOrderImport.unknownCode",
  several_variants: "quickOrderImport.severalVariants",
  out_of_stock: "quickOrderImport.outOfStock",
  invalid_quantity: "quickOrderImport.invalidQuantity",
  missing_code: "quickOrderImport.missingCode",
};

/**
 * What the messages call a line's number (issue 30): a spreadsheet's row ('Row 3') or a line
 * of pasted text or of the product table ('Line 3').
 */
export type QuickOrderNumbering = "row" | "line";
const LINE_ERROR_KEYS: Record<QuickOrderRowError, string> = {
  unknown_code: "quickOrderLine.unknownCode",
  several_variants: "quickOrderLine.severalVariants",
  out_of_stock: "quickOrderLine.outOfStock",
  invalid_quantity: "quickOrderLine.invalidQuantity",
  missing_code: "quickOrderLine.missingCode",
};

/** What a quick-order row shows of its product, in the caller's language, at the company's price. */
export interface QuickOrderProduct {
  code: string;
  product_code: string;
  name: string;
  variant_name: string;
  /** Path of the product's first main image, if any. */
  image: string | null;
  /** The company's contract price, minor units. */
  unit_price: number;
  currency_code: string;
}

/** One problem of a row: which column it concerns, why, and the translated message. */
export interface QuickOrderProblem {
  field: "product_variant_code" | "quantity";
  reason: QuickOrderRowError;
  message: string;
  /**
   * For `several_variants` (decision 051): the product's variants, one of which the row may
   * take, in catalogue order, named in the caller's language.
   */
  variants?: { code: string; name: string }[];
}

export interface QuickOrderRowOk {
  row: number;
  product_variant_code: string;
  quantity: number;
  product: QuickOrderProduct;
  /** unit price × quantity, minor units. */
  line_total: number;
}

export interface QuickOrderRowRefused {
  row: number;
  /** The catalogue's code when known, else the code as written. */
  product_variant_code: string | null;
  /** The quantity exactly as written: never changed. */
  quantity: number | string | boolean | null;
  /** The first problem (kept for callers that read one reason per row). */
  reason: QuickOrderRowError;
  message: string;
  /** Every problem of the row: the code's and the quantity's. */
  problems: QuickOrderProblem[];
  /** The product when the code is known (a sold-out one included), else null. */
  product: QuickOrderProduct | null;
  line_total: null;
}

export interface QuickOrderCheck {
  rows: QuickOrderRowOk[];
  errors: QuickOrderRowRefused[];
}

/**
 * Checks quick-order lines (from a file or typed in the table) against the catalogue at the
 * company's prices: each line either can be added, with its product's name in the caller's
 * language, image, contract unit price and line total, or cannot, with every problem and its
 * translated message. The quantity is answered as written. One statement for all lines.
 */
export async function checkQuickOrderLines(
  db: Kysely<DB>,
  lines: readonly QuickOrderLine[],
  company: { price_list_code: string; currency_code: string },
  lang: Language,
  numbering: QuickOrderNumbering = "row",
): Promise<QuickOrderCheck> {
  const keys = numbering === "line" ? LINE_ERROR_KEYS : ROW_ERROR_KEYS;
  const wanted = [...new Set(lines.flatMap((l) => (l.code ? [l.code.toUpperCase()] : [])))];
  const variants = await quickOrderVariants(db, wanted, company.price_list_code, lang);
  // One code system (decision 051): a variant's code names the variant; else a product's code
  // names its only variant, or, when it has several, asks the buyer to choose one.
  const ofProduct = new Map<string, typeof variants>();
  for (const v of variants) {
    const key = v.product_code.toUpperCase();
    ofProduct.set(key, [...(ofProduct.get(key) ?? []), v]);
  }
  const byCode = new Map(variants.map((v) => [v.code.toUpperCase(), v]));
  for (const code of wanted) {
    const only = ofProduct.get(code);
    if (!byCode.has(code) && only?.length === 1) byCode.set(code, only[0]!);
  }
  const choicesOf = (code: string | null) => {
    const key = code?.toUpperCase();
    if (key === undefined || byCode.has(key)) return undefined;
    const several = ofProduct.get(key);
    return several && several.length > 1 ? several : undefined;
  };

  // Rows of one variant become one cart line, priced by the tier of its whole quantity
  // (decision 040): each such row is answered at that price.
  const merged = new Map<string, number>();
  for (const line of lines) {
    const variant = line.code ? byCode.get(line.code.toUpperCase()) : undefined;
    const quantity = parseQuantity(line.quantity);
    if (variant && variant.on_hand > 0 && quantity !== undefined)
      merged.set(variant.code, (merged.get(variant.code) ?? 0) + quantity);
  }

  const rows: QuickOrderRowOk[] = [];
  const errors: QuickOrderRowRefused[] = [];
  for (const line of lines) {
    const variant = line.code ? byCode.get(line.code.toUpperCase()) : undefined;
    const product: QuickOrderProduct | null = variant
      ? {
          code: variant.code,
          product_code: variant.product_code,
          name: variant.product_name,
          variant_name: variant.name,
          image: variant.image ?? null,
          unit_price: variant.price,
          currency_code: company.currency_code,
        }
      : null;
    const quantity = parseQuantity(line.quantity);
    const choices = choicesOf(line.code);
    const reasons: QuickOrderRowError[] = [];
    if (!line.code) reasons.push("missing_code");
    else if (choices) reasons.push("several_variants");
    else if (!variant) reasons.push("unknown_code");
    else if (variant.on_hand <= 0) reasons.push("out_of_stock");
    if (quantity === undefined) reasons.push("invalid_quantity");
    if (reasons.length === 0) {
      const unitPrice = tierPrice(variant!.tiers, merged.get(variant!.code)!, variant!.price);
      rows.push({
        row: line.row,
        product_variant_code: variant!.code,
        quantity: quantity!,
        product: { ...product!, unit_price: unitPrice },
        line_total: unitPrice * quantity!,
      });
      continue;
    }
    const problems = reasons.map((reason): QuickOrderProblem => ({
      field: reason === "invalid_quantity" ? "quantity" : "product_variant_code",
      reason,
      message: translate(lang, keys[reason], {
        row: line.row,
        code: choices ? choices[0]!.product_code : (line.code ?? ""),
        name: variant
          ? `${variant.product_name} (${variant.name})`
          : (choices?.[0]?.product_name ?? ""),
        variants: (choices ?? []).map((c) => `${c.code} (${c.name})`).join(", "),
        min: MIN_LINE_QUANTITY,
        max: MAX_LINE_QUANTITY,
      }),
      ...(reason === "several_variants" && choices
        ? { variants: choices.map((c) => ({ code: c.code, name: c.name })) }
        : {}),
    }));
    errors.push({
      row: line.row,
      product_variant_code: variant?.code ?? line.code,
      quantity: line.quantity,
      reason: problems[0]!.reason,
      message: problems[0]!.message,
      problems,
      product,
      line_total: null,
    });
  }
  return { rows, errors };
}

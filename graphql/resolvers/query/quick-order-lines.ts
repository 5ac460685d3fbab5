import { MAX_QUICK_ORDER_LINES } from "../../../rules/limits.js";
import { badUserInput, rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { type RestQuickOrderCheck, type RestQuickOrderProduct } from "../../rest/account-types.js";
import { paths } from "../../rest/paths.js";

const product = (p: RestQuickOrderProduct | null) =>
  p && {
    variantCode: p.code,
    productCode: p.product_code,
    name: p.name,
    variantName: p.variant_name,
    image: p.image,
    unitPrice: p.unit_price,
    currencyCode: p.currency_code,
  };

const written = (q: number | string | boolean | null) => (q === null ? null : String(q));

/**
 * Quick-order lines as the REST API judges them, in the order asked: product, unit price and
 * line total, or every problem with its message. One REST call for all lines.
 */
export const quickOrderLines: NonNullable<QueryResolvers["quickOrderLines"]> = async (
  _parent,
  { lines, numbering },
  ctx,
) => {
  if (lines.length > MAX_QUICK_ORDER_LINES)
    throw badUserInput(`At most ${MAX_QUICK_ORDER_LINES} lines can be checked at once.`, "lines");
  if (lines.length === 0) return [];
  const answer = await ctx.rest
    .request<RestQuickOrderCheck>({
      method: "POST",
      path: paths.quickOrderCheck,
      body: {
        numbering: numbering === "LINE" ? "line" : "row",
        lines: lines.map((l) => ({
          row: l.row,
          product_variant_code: l.code ?? null,
          quantity: l.quantity ?? null,
        })),
      },
    })
    .catch(rethrow);
  return toQuickOrderLines(answer);
};

/** The REST check's answer as the schema's lines, in the rows' order. */
export function toQuickOrderLines(answer: RestQuickOrderCheck) {
  const checked = [
    ...answer.rows.map((r) => ({
      row: r.row,
      code: r.product_variant_code,
      quantity: String(r.quantity),
      product: product(r.product),
      lineTotal: r.line_total,
      problems: [],
    })),
    ...answer.errors.map((e) => ({
      row: e.row,
      code: e.product_variant_code,
      quantity: written(e.quantity),
      product: product(e.product),
      lineTotal: null,
      problems: e.problems.map((p) => ({
        field: p.field === "quantity" ? "quantity" : "code",
        reason: p.reason,
        message: p.message,
        variants: p.variants ?? [],
      })),
    })),
  ];
  // The answer groups the rows that can be added first: back to the rows' order.
  return checked.sort((a, b) => a.row - b.row);
}

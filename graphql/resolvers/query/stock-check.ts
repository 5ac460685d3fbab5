import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { iri } from "../../rest/iri.js";
import { paths } from "../../rest/paths.js";

interface RestStockCheck {
  items: { variantCode: string; quantity: number; available: number }[];
}

/** How many of each wanted quantity a cart line could take now: one REST call for all lines. */
export const stockCheck: NonNullable<QueryResolvers["stockCheck"]> = async (
  _parent,
  { items },
  ctx,
) => {
  if (items.length === 0) return [];
  const answer = await ctx.rest
    .request<RestStockCheck>({
      method: "POST",
      path: paths.stockCheck,
      body: {
        items: items.map((i) => ({
          productVariant: iri.variant(i.variantCode),
          quantity: i.quantity,
        })),
      },
    })
    .catch(rethrow);
  return answer.items.map(({ variantCode, quantity, available }) => ({
    variantCode,
    quantity,
    available,
  }));
};

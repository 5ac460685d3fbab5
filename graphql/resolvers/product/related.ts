import { rethrow } from "../../errors.js";
import type { ProductResolvers } from "../../generated/resolvers-types.js";
import { toProduct } from "../../mappers.js";

/**
 * Up to 4 related products. Codes asked for by every product of the response are fetched in
 * one `GET /products?code[]=...` (see the products loader); products not sold are left out.
 */
export const related: NonNullable<ProductResolvers["related"]> = async (parent, _args, ctx) => {
  const found = await ctx.products.loadMany(parent.relatedCodes).catch(rethrow);
  return found.flatMap((p) => (p ? [toProduct(p)] : []));
};

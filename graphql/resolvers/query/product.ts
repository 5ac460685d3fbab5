import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toProduct } from "../../mappers.js";
import type { RestProduct } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/** Null for a product that does not exist ('Sorry, product does not exist'). */
export const product: NonNullable<QueryResolvers["product"]> = async (_parent, { code }, ctx) => {
  const found = await ctx.rest.find<RestProduct>(paths.product(code)).catch(rethrow);
  if (!found) return null;
  ctx.products.prime(found.code, found);
  return toProduct(found);
};

import { rethrow } from "../../errors.js";
import type { ProductResolvers } from "../../generated/resolvers-types.js";
import { toTaxon } from "../../mappers.js";

/**
 * The product's main taxon, through the per-request taxon loader: the main taxons of a whole
 * list of products cost one call, and a taxon the response already read costs none.
 */
export const mainTaxon: NonNullable<ProductResolvers["mainTaxon"]> = async (parent, _a, ctx) => {
  if (!parent.mainTaxonCode) return null;
  const found = await ctx.taxons.load(parent.mainTaxonCode).catch(rethrow);
  return found ? toTaxon(found) : null;
};

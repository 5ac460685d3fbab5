import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toTaxon } from "../../mappers.js";
import type { Collection, RestTaxon } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/** The taxon whose children are the navigation categories (storefront spec 7). */
export const NAVIGATION_TAXON = "navigation";

/**
 * One listing of every taxon serves the whole tree: it fills the taxon cache, so the
 * categories' own children need no further call.
 */
export const navigation: NonNullable<QueryResolvers["navigation"]> = async (_p, _a, ctx) => {
  const all = await ctx.rest
    .get<Collection<RestTaxon>>(paths.taxons, { itemsPerPage: ALL })
    .catch(rethrow);
  for (const t of all["hydra:member"]) ctx.taxons.prime(t.code, t);
  const root = all["hydra:member"].find((t) => t.code === NAVIGATION_TAXON);
  if (!root) return [];
  const children = await ctx.taxons.loadMany(toTaxon(root).childCodes).catch(rethrow);
  return children.flatMap((t) => (t ? [toTaxon(t)] : []));
};

import { rethrow } from "../../errors.js";
import type { TaxonResolvers } from "../../generated/resolvers-types.js";
import { toTaxon } from "../../mappers.js";

/** Children of every taxon in the response are read together (see the taxons loader). */
export const children: NonNullable<TaxonResolvers["children"]> = async (parent, _args, ctx) => {
  const found = await ctx.taxons.loadMany(parent.childCodes).catch(rethrow);
  return found.flatMap((t) => (t ? [toTaxon(t)] : []));
};

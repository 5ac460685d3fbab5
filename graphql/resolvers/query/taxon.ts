import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toTaxon } from "../../mappers.js";

export const taxon: NonNullable<QueryResolvers["taxon"]> = async (_parent, { code }, ctx) => {
  const found = await ctx.taxons.load(code).catch(rethrow);
  return found ? toTaxon(found) : null;
};

import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toCountry } from "../../mappers.js";
import type { Collection, RestCountry } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/** Every country, as the address forms need them (storefront spec 7: page 1, 9999 per page). */
export const countries: NonNullable<QueryResolvers["countries"]> = async (_p, _a, ctx) => {
  const list = await ctx.rest
    .get<Collection<RestCountry>>(paths.countries, { page: 1, itemsPerPage: ALL })
    .catch(rethrow);
  return list["hydra:member"].map(toCountry);
};

import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import type { Collection, RestCountry } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/**
 * The countries of the partner registration: like `countries`, with the EMEA flag the REST
 * API gives (it decides whether the VAT number is asked). Public, like the REST endpoint.
 */
export const registrationCountries: NonNullable<QueryResolvers["registrationCountries"]> = async (
  _p,
  _a,
  ctx,
) => {
  const list = await ctx.rest
    .get<Collection<RestCountry & { emea?: boolean }>>(paths.countries, {
      page: 1,
      itemsPerPage: ALL,
    })
    .catch(rethrow);
  return list["hydra:member"].map((c) => ({
    code: c.code,
    name: c.name,
    emea: c.emea === true,
    provinces: (c.provinces ?? []).map((p) => ({ code: p.code, name: p.name })),
  }));
};

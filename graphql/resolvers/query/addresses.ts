import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toAddress } from "../../mappers.js";
import type { Collection, RestAddress } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

export const addresses: NonNullable<QueryResolvers["addresses"]> = async (_p, _a, ctx) => {
  const list = await ctx.rest
    .get<Collection<RestAddress>>(paths.addresses, { itemsPerPage: ALL })
    .catch(rethrow);
  return list["hydra:member"].map(toAddress);
};

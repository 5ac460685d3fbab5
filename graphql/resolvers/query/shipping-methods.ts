import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toShippingMethod } from "../../mappers.js";
import type { Collection, RestMethod } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

export const shippingMethods: NonNullable<QueryResolvers["shippingMethods"]> = async (
  _parent,
  _args,
  ctx,
) => {
  const list = await ctx.rest.get<Collection<RestMethod>>(paths.shippingMethods).catch(rethrow);
  return list["hydra:member"].map(toShippingMethod);
};

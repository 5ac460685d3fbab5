import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toPaymentMethod } from "../../mappers.js";
import type { Collection, RestMethod } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

export const paymentMethods: NonNullable<QueryResolvers["paymentMethods"]> = async (
  _parent,
  _args,
  ctx,
) => {
  const list = await ctx.rest.get<Collection<RestMethod>>(paths.paymentMethods).catch(rethrow);
  return list["hydra:member"].map(toPaymentMethod);
};

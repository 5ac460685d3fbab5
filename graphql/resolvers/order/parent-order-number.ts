import { rethrow } from "../../errors.js";
import type { OrderResolvers } from "../../generated/resolvers-types.js";
import type { RestOrder } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/**
 * The original order's number for a split order (the tooltip of account spec 2). Only
 * children name a parent, so only they cost a REST call; a parent the caller may not see
 * answers null.
 */
export const parentOrderNumber: NonNullable<OrderResolvers["parentOrderNumber"]> = async (
  order,
  _args,
  ctx,
) => {
  if (!order.parentOrderToken) return null;
  const parent = await ctx.rest.find<RestOrder>(paths.order(order.parentOrderToken)).catch(rethrow);
  return parent?.number ?? null;
};

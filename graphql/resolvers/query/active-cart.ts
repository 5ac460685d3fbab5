import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toCart } from "../../mappers.js";
import type { Collection, RestOrder } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/**
 * Storefront spec 4: list the caller's orders in state cart; use the one with itemsTotal above
 * 0, else the first. Null when there is none: the client then calls startCart.
 */
export const activeCart: NonNullable<QueryResolvers["activeCart"]> = async (_p, _a, ctx) => {
  const carts = await ctx.rest
    .get<Collection<RestOrder>>(paths.orders, { state: "cart", itemsPerPage: ALL })
    .catch(rethrow);
  const members = carts["hydra:member"];
  const cart = members.find((c) => c.itemsTotal > 0) ?? members[0];
  return cart ? toCart(cart) : null;
};

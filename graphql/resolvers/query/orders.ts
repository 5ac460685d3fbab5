import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toOrder } from "../../mappers.js";
import { pageArgs } from "../../paging.js";
import type { Collection, RestOrder } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/**
 * Placed orders, newest first (account spec: carts are excluded). The REST listing mixes the
 * caller's carts in and cannot leave them out, so the gateway reads the whole listing and
 * pages it itself; totalItems then counts placed orders only.
 */
export const orders: NonNullable<QueryResolvers["orders"]> = async (_parent, args, ctx) => {
  const { page, perPage } = pageArgs(args.page, args.perPage, 10);
  // The search (purchase-order or order number) is the REST API's; it lists placed orders only.
  const search = args.search?.trim();
  const list = await ctx.rest
    .get<Collection<RestOrder>>(paths.orders, {
      itemsPerPage: ALL,
      ...(search ? { search } : {}),
    })
    .catch(rethrow);
  const placed = list["hydra:member"].filter((o) => o.state !== "cart");
  return {
    items: placed.slice((page - 1) * perPage, page * perPage).map(toOrder),
    totalItems: placed.length,
  };
};

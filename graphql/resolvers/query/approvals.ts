import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toOrder } from "../../mappers.js";
import { paths } from "../../rest/paths.js";
import type { Collection, RestApproval } from "../../rest/types.js";

/**
 * The company's orders awaiting approval (decision 043), ADMIN only: the REST API's 403 is a
 * FORBIDDEN error, as for the company's users.
 */
export const approvals: NonNullable<QueryResolvers["approvals"]> = async (_p, _a, ctx) => {
  const list = await ctx.rest
    .get<Collection<RestApproval>>(paths.approvals, { itemsPerPage: ALL })
    .catch(rethrow);
  return {
    items: list["hydra:member"].map((a) => ({
      order: toOrder(a.order),
      buyerName: a.buyer.name,
      buyerEmail: a.buyer.email,
      orderLimit: a.buyer.orderLimit,
      monthlyLimit: a.buyer.monthlyLimit,
      ownOrder: a.ownOrder,
    })),
    totalItems: list["hydra:totalItems"],
  };
};

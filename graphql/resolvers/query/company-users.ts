import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import type { Collection } from "../../rest/types.js";
import { callerId, toCompanyUser, type RestShopUser } from "../../team.js";
import { paths } from "../../rest/paths.js";

/** The company's users (ADMIN only: the REST API's 403 is a FORBIDDEN error). */
export const companyUsers: NonNullable<QueryResolvers["companyUsers"]> = async (_p, _a, ctx) => {
  const list = await ctx.rest
    .get<Collection<RestShopUser>>(paths.shopUsers, { itemsPerPage: ALL })
    .catch(rethrow);
  const self = callerId(ctx);
  return list["hydra:member"].map((u) => toCompanyUser(u, self));
};

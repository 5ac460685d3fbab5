import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toContractPrice } from "../../account-mappers.js";
import { pageArgs } from "../../paging.js";
import { type RestContractPrice } from "../../rest/account-types.js";
import type { Collection } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/** The company's contract price list (account spec 2), paged like the product listing. */
export const contractPrices: NonNullable<QueryResolvers["contractPrices"]> = async (
  _parent,
  args,
  ctx,
) => {
  const { page, perPage } = pageArgs(args.page, args.perPage, 24);
  const list = await ctx.rest
    .get<Collection<RestContractPrice>>(paths.contractPrices, {
      page,
      itemsPerPage: perPage,
    })
    .catch(rethrow);
  return { items: list["hydra:member"].map(toContractPrice), totalItems: list["hydra:totalItems"] };
};

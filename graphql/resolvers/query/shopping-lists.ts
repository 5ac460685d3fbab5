import { ALL } from "../../context.js";
import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toShoppingList } from "../../account-mappers.js";
import { type RestShoppingList } from "../../rest/account-types.js";
import type { Collection } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/** Every saved list of the company; lists are few, so the screen shows them unpaged. */
export const shoppingLists: NonNullable<QueryResolvers["shoppingLists"]> = async (
  _parent,
  _args,
  ctx,
) => {
  const list = await ctx.rest
    .get<Collection<RestShoppingList>>(paths.shoppingLists, { itemsPerPage: ALL })
    .catch(rethrow);
  return { items: list["hydra:member"].map(toShoppingList), totalItems: list["hydra:totalItems"] };
};

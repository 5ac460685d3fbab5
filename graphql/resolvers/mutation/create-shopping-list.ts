import { withErrors } from "../../errors.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { toShoppingList } from "../../account-mappers.js";
import { type RestShoppingList } from "../../rest/account-types.js";
import { iri } from "../../rest/iri.js";
import { paths } from "../../rest/paths.js";

export const createShoppingList: NonNullable<MutationResolvers["createShoppingList"]> = (
  _parent,
  args,
  ctx,
) =>
  withErrors(resultErrors.CreateShoppingListResult, async () => {
    const body: Record<string, unknown> = {
      items: args.items.map((i) => ({
        productVariant: iri.variant(i.variantCode),
        quantity: i.quantity,
      })),
    };
    // A blank name is left out: the REST API then names the list 'Shopping-List-{date}'.
    if (args.name && args.name.trim() !== "") body.name = args.name.trim();
    const list = await ctx.rest.request<RestShoppingList>({
      method: "POST",
      path: paths.shoppingLists,
      body,
    });
    return toShoppingList(list);
  });

import { withErrors } from "../../errors.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

/** Another company's list, or one a colleague deleted a moment ago, is a NotFoundError. */
export const deleteShoppingList: NonNullable<MutationResolvers["deleteShoppingList"]> = (
  _parent,
  args,
  ctx,
) =>
  withErrors(resultErrors.DeleteShoppingListResult, async () => {
    await ctx.rest.request({ method: "DELETE", path: paths.shoppingList(args.id) });
    return { __typename: "Deleted" as const, success: true };
  });

import { withErrors } from "../../errors.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { accountPaths } from "../../rest/account-types.js";

/** Another company's list, or one a colleague deleted a moment ago, is a NotFoundError. */
export const deleteShoppingList: NonNullable<MutationResolvers["deleteShoppingList"]> = (
  _parent,
  args,
  ctx,
) =>
  withErrors(["NotFoundError"], async () => {
    await ctx.rest.request({ method: "DELETE", path: accountPaths.shoppingList(args.id) });
    return { __typename: "Deleted" as const, success: true };
  });

import { withErrors } from "../../errors.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { toCart } from "../../mappers.js";
import { type RestListOrdered } from "../../rest/account-types.js";
import type { RestOrder } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/**
 * Ordering from a saved list happens in one REST call (server/http/routes/shopping-lists.ts): the
 * server fills the caller's cart with what can be bought and reports the rest, so a half-filled
 * cart never depends on the browser staying open.
 */
export const orderShoppingList: NonNullable<MutationResolvers["orderShoppingList"]> = (
  _parent,
  args,
  ctx,
) =>
  withErrors(resultErrors.OrderShoppingListResult, async () => {
    const answer = await ctx.rest.request<RestListOrdered<RestOrder>>({
      method: "POST",
      path: paths.orderShoppingList(args.id),
      body: {},
    });
    return {
      __typename: "ShoppingListOrdered" as const,
      cart: toCart(answer.cart),
      skipped: answer.skipped.map((s) => ({
        variantCode: s.variantCode,
        reason: s.reason,
        message: s.message,
      })),
    };
  });

import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

export const adjustCartItem: NonNullable<MutationResolvers["adjustCartItem"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, resultErrors.AdjustCartItemResult, {
    method: "PATCH",
    path: paths.orderItem(args.cartToken, args.itemId),
    body: { quantity: args.quantity },
    mergePatch: true,
  });

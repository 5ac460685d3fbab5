import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

export const removeCartItem: NonNullable<MutationResolvers["removeCartItem"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, resultErrors.RemoveCartItemResult, {
    method: "DELETE",
    path: paths.orderItem(args.cartToken, args.itemId),
  });

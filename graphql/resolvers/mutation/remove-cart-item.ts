import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/iri.js";

export const removeCartItem: NonNullable<MutationResolvers["removeCartItem"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, ["NotFoundError", "OrderStateError"], {
    method: "DELETE",
    path: paths.orderItem(args.cartToken, args.itemId),
  });

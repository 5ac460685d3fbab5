import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/iri.js";

export const adjustCartItem: NonNullable<MutationResolvers["adjustCartItem"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(
    ctx,
    args.cartToken,
    [
      "QuantityError",
      "OutOfStockError",
      "InsufficientStockError",
      "NotFoundError",
      "OrderStateError",
    ],
    {
      method: "PATCH",
      path: paths.orderItem(args.cartToken, args.itemId),
      body: { quantity: args.quantity },
      mergePatch: true,
    },
  );

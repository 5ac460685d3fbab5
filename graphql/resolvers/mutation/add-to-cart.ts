import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { iri, paths } from "../../rest/iri.js";

export const addToCart: NonNullable<MutationResolvers["addToCart"]> = (_parent, args, ctx) =>
  changeCart(
    ctx,
    args.cartToken,
    [
      "QuantityError",
      "OutOfStockError",
      "InsufficientStockError",
      "NotFoundError",
      "OrderStateError",
      "ValidationError",
    ],
    {
      method: "POST",
      path: paths.orderItems(args.cartToken),
      body: { productVariant: iri.variant(args.variantCode), quantity: args.quantity },
    },
  );

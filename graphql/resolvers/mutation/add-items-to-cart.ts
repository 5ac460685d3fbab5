import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { iri, paths } from "../../rest/iri.js";

/** All or nothing: the REST API checks every line before adding any. */
export const addItemsToCart: NonNullable<MutationResolvers["addItemsToCart"]> = (
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
      "ValidationError",
      "ForbiddenError",
    ],
    {
      method: "POST",
      path: paths.orderItemsBulk(args.cartToken),
      body: {
        items: args.items.map((i) => ({
          productVariant: iri.variant(i.variantCode),
          quantity: i.quantity,
        })),
      },
    },
  );

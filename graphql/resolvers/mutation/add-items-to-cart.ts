import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { iri } from "../../rest/iri.js";
import { paths } from "../../rest/paths.js";

/** All or nothing: the REST API checks every line before adding any. */
export const addItemsToCart: NonNullable<MutationResolvers["addItemsToCart"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, resultErrors.AddItemsToCartResult, {
    method: "POST",
    path: paths.orderItemsBulk(args.cartToken),
    body: {
      items: args.items.map((i) => ({
        productVariant: iri.variant(i.variantCode),
        quantity: i.quantity,
      })),
    },
  });

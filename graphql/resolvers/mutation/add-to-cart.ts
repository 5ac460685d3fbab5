import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { iri } from "../../rest/iri.js";
import { paths } from "../../rest/paths.js";

export const addToCart: NonNullable<MutationResolvers["addToCart"]> = (_parent, args, ctx) =>
  changeCart(ctx, args.cartToken, resultErrors.AddToCartResult, {
    method: "POST",
    path: paths.orderItems(args.cartToken),
    body: {
      productVariant: iri.variant(args.variantCode),
      quantity: args.quantity,
      ...(args.upToStock ? { upToStock: true } : {}),
    },
  });

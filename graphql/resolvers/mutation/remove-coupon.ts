import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/iri.js";

export const removeCoupon: NonNullable<MutationResolvers["removeCoupon"]> = (_p, args, ctx) =>
  changeCart(ctx, args.cartToken, ["NotFoundError", "OrderStateError"], {
    method: "PUT",
    path: paths.order(args.cartToken),
    body: { couponCode: null },
  });

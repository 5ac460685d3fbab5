import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/iri.js";

export const applyCoupon: NonNullable<MutationResolvers["applyCoupon"]> = (_parent, args, ctx) =>
  changeCart(ctx, args.cartToken, ["CouponError", "NotFoundError", "OrderStateError"], {
    method: "PUT",
    path: paths.order(args.cartToken),
    body: { couponCode: args.code },
  });

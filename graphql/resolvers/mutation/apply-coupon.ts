import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

export const applyCoupon: NonNullable<MutationResolvers["applyCoupon"]> = (_parent, args, ctx) =>
  changeCart(ctx, args.cartToken, resultErrors.ApplyCouponResult, {
    method: "PUT",
    path: paths.order(args.cartToken),
    body: { couponCode: args.code },
  });

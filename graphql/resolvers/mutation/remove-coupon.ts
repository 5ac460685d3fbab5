import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

export const removeCoupon: NonNullable<MutationResolvers["removeCoupon"]> = (_p, args, ctx) =>
  changeCart(ctx, args.cartToken, resultErrors.RemoveCouponResult, {
    method: "PUT",
    path: paths.order(args.cartToken),
    body: { couponCode: null },
  });

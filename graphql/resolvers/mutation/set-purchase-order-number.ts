import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

/** The cart's order reference / purchase-order number (issue 21): PUT the order's `poNumber`. */
export const setPurchaseOrderNumber: NonNullable<MutationResolvers["setPurchaseOrderNumber"]> = (
  _p,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, resultErrors.SetPurchaseOrderNumberResult, {
    method: "PUT",
    path: paths.order(args.cartToken),
    body: { poNumber: args.poNumber },
  });

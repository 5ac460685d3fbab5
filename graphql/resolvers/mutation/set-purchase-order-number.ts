import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/iri.js";

/** The cart's order reference / purchase-order number (issue 21): PUT the order's `poNumber`. */
export const setPurchaseOrderNumber: NonNullable<MutationResolvers["setPurchaseOrderNumber"]> = (
  _p,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, ["ValidationError", "NotFoundError", "OrderStateError"], {
    method: "PUT",
    path: paths.order(args.cartToken),
    body: { poNumber: args.poNumber },
  });

import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { iri, paths } from "../../rest/iri.js";

export const setShippingMethod: NonNullable<MutationResolvers["setShippingMethod"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, ["ValidationError", "NotFoundError", "OrderStateError"], {
    method: "PATCH",
    path: paths.orderShipment(args.cartToken, args.shipmentId),
    body: { shippingMethod: iri.shippingMethod(args.methodCode) },
    mergePatch: true,
  });

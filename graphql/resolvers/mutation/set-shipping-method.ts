import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { iri } from "../../rest/iri.js";
import { paths } from "../../rest/paths.js";

export const setShippingMethod: NonNullable<MutationResolvers["setShippingMethod"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, resultErrors.SetShippingMethodResult, {
    method: "PATCH",
    path: paths.orderShipment(args.cartToken, args.shipmentId),
    body: { shippingMethod: iri.shippingMethod(args.methodCode) },
    mergePatch: true,
  });

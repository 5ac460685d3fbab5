import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { iri } from "../../rest/iri.js";
import { paths } from "../../rest/paths.js";

/** MARKETING users may not choose how to pay: a ForbiddenError. */
export const setPaymentMethod: NonNullable<MutationResolvers["setPaymentMethod"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(ctx, args.cartToken, resultErrors.SetPaymentMethodResult, {
    method: "PATCH",
    path: paths.orderPayment(args.cartToken, args.paymentId),
    body: { paymentMethod: iri.paymentMethod(args.methodCode) },
    mergePatch: true,
  });

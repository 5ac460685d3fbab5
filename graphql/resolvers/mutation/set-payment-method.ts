import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { iri, paths } from "../../rest/iri.js";

/** MARKETING users may not choose how to pay: a ForbiddenError. */
export const setPaymentMethod: NonNullable<MutationResolvers["setPaymentMethod"]> = (
  _parent,
  args,
  ctx,
) =>
  changeCart(
    ctx,
    args.cartToken,
    ["ValidationError", "NotFoundError", "OrderStateError", "ForbiddenError"],
    {
      method: "PATCH",
      path: paths.orderPayment(args.cartToken, args.paymentId),
      body: { paymentMethod: iri.paymentMethod(args.methodCode) },
      mergePatch: true,
    },
  );

import { changeCart } from "../../cart.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/iri.js";

export const setOrderNote: NonNullable<MutationResolvers["setOrderNote"]> = (_p, args, ctx) =>
  changeCart(ctx, args.cartToken, ["ValidationError", "NotFoundError", "OrderStateError"], {
    method: "POST",
    path: paths.order(args.cartToken),
    body: { notes: args.note },
  });

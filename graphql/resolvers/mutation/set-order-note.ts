import { changeCart } from "../../cart.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

export const setOrderNote: NonNullable<MutationResolvers["setOrderNote"]> = (_p, args, ctx) =>
  changeCart(ctx, args.cartToken, resultErrors.SetOrderNoteResult, {
    method: "POST",
    path: paths.order(args.cartToken),
    body: { notes: args.note },
  });

import { withErrors } from "../../errors.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/iri.js";

export const deleteCart: NonNullable<MutationResolvers["deleteCart"]> = (_parent, args, ctx) =>
  withErrors(["NotFoundError", "OrderStateError"], async () => {
    await ctx.rest.request({ method: "DELETE", path: paths.order(args.cartToken) });
    return { __typename: "Deleted" as const, success: true };
  });

import { withErrors } from "../../errors.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

export const deleteCart: NonNullable<MutationResolvers["deleteCart"]> = (_parent, args, ctx) =>
  withErrors(resultErrors.DeleteCartResult, async () => {
    await ctx.rest.request({ method: "DELETE", path: paths.order(args.cartToken) });
    return { __typename: "Deleted" as const, success: true };
  });

import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { teamPaths, withAccountErrors } from "../../team.js";

/** Removes an address; default billing and shipping addresses are refused (ValidationError). */
export const deleteAddress: NonNullable<MutationResolvers["deleteAddress"]> = (_p, args, ctx) =>
  withAccountErrors(["ValidationError", "ForbiddenError", "NotFoundError"], async () => {
    await ctx.rest.request({ method: "DELETE", path: teamPaths.address(args.id) });
    return { __typename: "Deleted" as const, success: true };
  });

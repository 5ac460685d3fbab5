import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { teamPaths, withAccountErrors } from "../../team.js";

/** Removes a colleague (ADMIN only, never one's own row). */
export const removeCompanyUser: NonNullable<MutationResolvers["removeCompanyUser"]> = (
  _p,
  args,
  ctx,
) =>
  withAccountErrors(["ForbiddenError", "NotFoundError"], async () => {
    await ctx.rest.request({ method: "DELETE", path: teamPaths.shopUser(args.id) });
    return { __typename: "Deleted" as const, success: true };
  });

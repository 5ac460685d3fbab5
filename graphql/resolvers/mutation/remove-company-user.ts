import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { withAccountErrors } from "../../team.js";
import { paths } from "../../rest/paths.js";

/** Removes a colleague (ADMIN only, never one's own row). */
export const removeCompanyUser: NonNullable<MutationResolvers["removeCompanyUser"]> = (
  _p,
  args,
  ctx,
) =>
  withAccountErrors(resultErrors.RemoveCompanyUserResult, async () => {
    await ctx.rest.request({ method: "DELETE", path: paths.shopUser(args.id) });
    return { __typename: "Deleted" as const, success: true };
  });

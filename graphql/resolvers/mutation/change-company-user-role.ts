import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import {
  callerId,
  storedRole,
  toCompanyUser,
  withAccountErrors,
  type RestShopUser,
} from "../../team.js";
import { paths } from "../../rest/paths.js";

/** Gives a colleague one role in place of their roles (ADMIN only, never one's own row). */
export const changeCompanyUserRole: NonNullable<MutationResolvers["changeCompanyUserRole"]> = (
  _p,
  args,
  ctx,
) =>
  withAccountErrors(resultErrors.ChangeCompanyUserRoleResult, async () => {
    const user = await ctx.rest.request<RestShopUser>({
      method: "PUT",
      path: paths.shopUser(args.id),
      body: { roles: [storedRole(args.role)] },
    });
    return { __typename: "CompanyUser" as const, ...toCompanyUser(user, callerId(ctx)) };
  });

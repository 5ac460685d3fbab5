import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import {
  callerId,
  storedRole,
  toCompanyUser,
  withAccountErrors,
  type RestShopUser,
} from "../../team.js";
import { paths } from "../../rest/paths.js";

/** Invites a colleague (ADMIN only); the REST API mails the link /register/{token}. */
export const inviteCompanyUser: NonNullable<MutationResolvers["inviteCompanyUser"]> = (
  _p,
  args,
  ctx,
) =>
  withAccountErrors(resultErrors.InviteCompanyUserResult, async () => {
    const user = await ctx.rest.request<RestShopUser>({
      method: "POST",
      path: paths.shopUsers,
      body: { email: args.email, roles: [storedRole(args.role)] },
    });
    return { __typename: "CompanyUser" as const, ...toCompanyUser(user, callerId(ctx)) };
  });

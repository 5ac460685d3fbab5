import type { MutationResolvers } from "../../generated/resolvers-types.js";
import {
  callerId,
  storedRole,
  teamPaths,
  toCompanyUser,
  withAccountErrors,
  type RestShopUser,
} from "../../team.js";

/** Invites a colleague (ADMIN only); the REST API mails the link /register/{token}. */
export const inviteCompanyUser: NonNullable<MutationResolvers["inviteCompanyUser"]> = (
  _p,
  args,
  ctx,
) =>
  withAccountErrors(["ValidationError", "ForbiddenError"], async () => {
    const user = await ctx.rest.request<RestShopUser>({
      method: "POST",
      path: teamPaths.shopUsers,
      body: { email: args.email, roles: [storedRole(args.role)] },
    });
    return { __typename: "CompanyUser" as const, ...toCompanyUser(user, callerId(ctx)) };
  });

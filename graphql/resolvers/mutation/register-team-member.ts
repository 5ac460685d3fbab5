import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { withAccountErrors, type RestShopUser } from "../../team.js";
import { paths } from "../../rest/paths.js";

/**
 * Completes an invitation (account spec 2, 5, 7). The repeat and the terms go to the REST API
 * too, so its rules (passwords match, terms accepted) hold for any client, not only this UI.
 */
export const registerTeamMember: NonNullable<MutationResolvers["registerTeamMember"]> = (
  _p,
  { input },
  ctx,
) =>
  withAccountErrors(resultErrors.RegisterTeamMemberResult, async () => {
    const user = await ctx.rest.request<RestShopUser>({
      method: "POST",
      path: paths.registerTeamMember,
      body: {
        firstName: input.firstName,
        lastName: input.lastName,
        token: input.token,
        newPlainPassword: input.password,
        passwordRepeat: input.passwordRepeat,
        termsAccepted: input.termsAccepted,
      },
    });
    return {
      __typename: "TeamMemberRegistered" as const,
      email: user.userIdentifier ?? user.email ?? "",
    };
  });

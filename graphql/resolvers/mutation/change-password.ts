import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { callerId, withAccountErrors } from "../../team.js";
import { paths } from "../../rest/paths.js";

/**
 * The password change (account spec 7, 8). The REST API ends every session signed in with the
 * old password and answers this one's new token, which the UI stores in place of the old.
 */
export const changePassword: NonNullable<MutationResolvers["changePassword"]> = (
  _p,
  { input },
  ctx,
) =>
  withAccountErrors(resultErrors.ChangePasswordResult, async () => {
    const answer = await ctx.rest.request<{ token: string }>({
      method: "PUT",
      path: paths.customerPassword(callerId(ctx)),
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        confirmNewPassword: input.confirmNewPassword,
      },
    });
    return { __typename: "PasswordChanged" as const, token: answer.token };
  });

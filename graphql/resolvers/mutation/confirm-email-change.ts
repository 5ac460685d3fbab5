import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { withAccountErrors } from "../../team.js";
import { paths } from "../../rest/paths.js";

/** Confirmation tokens are 22 characters; the REST API takes no path segment over 200. */
const TOKEN_MAX = 200;

/**
 * Confirms a new sign-in e-mail (issue 18, finding 2) with the token of the link sent to it.
 * Anonymous: the token is the proof. A token that cannot be one gets the REST API's own
 * NotFoundError without a call.
 */
export const confirmEmailChange: NonNullable<MutationResolvers["confirmEmailChange"]> = (
  _p,
  { token },
  ctx,
) =>
  withAccountErrors(resultErrors.ConfirmEmailChangeResult, async () => {
    const path = paths.emailChange(token.trim() === "" || token.length > TOKEN_MAX ? "-" : token);
    const done = await ctx.rest.request<{ email: string }>({ method: "PATCH", path, body: {} });
    return { __typename: "EmailChangeConfirmed" as const, email: done.email };
  });

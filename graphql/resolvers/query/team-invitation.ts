import { rethrow } from "../../errors.js";
import type { QueryResolvers, TeamInvitationProblem } from "../../generated/resolvers-types.js";
import { RestError } from "../../rest/client.js";
import { paths } from "../../rest/paths.js";

/** Invitation tokens are 22 characters; the REST API takes no path segment over 200. */
const TOKEN_MAX = 200;

/** What GET /team-members/invitations/{token} answers for a link that works. */
interface RestInvitation {
  email: string;
  companyName: string;
  expiresAt: string;
  approvedApplication: boolean;
  firstName: string | null;
  lastName: string | null;
}

/** The REST problem type of a link whose address has an account in another company. */
const EMAIL_HAS_ACCOUNT = "/problems/invitation-email-has-account";

/**
 * Whether an invitation token still works, and for whom. The REST API answers one and the same
 * 404 for unknown, used and expired links (problem INVALID), and its own type when the invited
 * address has an account in another company (EMAIL_HAS_ACCOUNT); its translated detail is the
 * message.
 */
export const teamInvitation: NonNullable<QueryResolvers["teamInvitation"]> = async (
  _p,
  args,
  ctx,
) => {
  const refused = (message: string | null, problem: TeamInvitationProblem) => ({
    valid: false,
    message,
    problem,
    email: null,
    companyName: null,
    approvedApplication: false,
    firstName: null,
    lastName: null,
  });
  // Nothing to ask about: no link at all, or one far longer than any invitation token.
  if (args.token.trim() === "" || args.token.length > TOKEN_MAX) return refused(null, "INVALID");
  try {
    const invitation = await ctx.rest.get<RestInvitation>(paths.teamInvitation(args.token));
    return {
      valid: true,
      message: null,
      problem: null,
      email: invitation.email,
      companyName: invitation.companyName,
      approvedApplication: invitation.approvedApplication === true,
      firstName: invitation.firstName ?? null,
      lastName: invitation.lastName ?? null,
    };
  } catch (error) {
    if (error instanceof RestError && error.problem.status === 404)
      return refused(
        error.problem.detail,
        error.problem.type === EMAIL_HAS_ACCOUNT ? "EMAIL_HAS_ACCOUNT" : "INVALID",
      );
    return rethrow(error);
  }
};

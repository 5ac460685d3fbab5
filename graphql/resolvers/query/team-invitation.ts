import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
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

/**
 * Whether an invitation token still works, and for whom. The REST API answers one and the same
 * 404 for unknown, used and expired links; its translated detail is the message shown.
 */
export const teamInvitation: NonNullable<QueryResolvers["teamInvitation"]> = async (
  _p,
  args,
  ctx,
) => {
  const refused = (message: string | null) => ({
    valid: false,
    message,
    email: null,
    companyName: null,
    approvedApplication: false,
    firstName: null,
    lastName: null,
  });
  // Nothing to ask about: no link at all, or one far longer than any invitation token.
  if (args.token.trim() === "" || args.token.length > TOKEN_MAX) return refused(null);
  try {
    const invitation = await ctx.rest.get<RestInvitation>(paths.teamInvitation(args.token));
    return {
      valid: true,
      message: null,
      email: invitation.email,
      companyName: invitation.companyName,
      approvedApplication: invitation.approvedApplication === true,
      firstName: invitation.firstName ?? null,
      lastName: invitation.lastName ?? null,
    };
  } catch (error) {
    if (error instanceof RestError && error.problem.status === 404)
      return refused(error.problem.detail);
    return rethrow(error);
  }
};

import { GatewayError, type GatewayRequest } from "../../lib/graphql-client";
import { RegisterTeamMemberDocument, TeamInvitationDocument } from "../../lib/gql/graphql";
import type {
  InvitationCheck,
  TeamRegistrationRequest,
} from "../../../machines/team-registration.machine";

/** A failed call as the machine reads it: the server's words and its violations. */
function failure(error: unknown) {
  if (error instanceof GatewayError)
    return { message: error.response.errors?.[0]?.message ?? null, violations: [] };
  return { message: null, violations: [] };
}

/**
 * Whether the link works. The page words an unknown, used or expired link itself; the server's
 * reason is kept only when it says more (the address has an account in another company).
 */
export async function checkInvitation(
  gateway: GatewayRequest,
  token: string,
): Promise<InvitationCheck> {
  let invitation;
  try {
    invitation = (await gateway(TeamInvitationDocument, { token })).teamInvitation;
  } catch (error) {
    throw failure(error);
  }
  return {
    ...invitation,
    message: invitation.problem === "EMAIL_HAS_ACCOUNT" ? invitation.message : null,
  };
}

export async function registerTeamMember(gateway: GatewayRequest, input: TeamRegistrationRequest) {
  let result;
  try {
    result = (await gateway(RegisterTeamMemberDocument, { input })).registerTeamMember;
  } catch (error) {
    throw failure(error);
  }
  if (result.__typename !== "TeamMemberRegistered")
    throw { message: result.message, violations: result.violations };
}

import { call, successOf } from "../../lib/gateway-result";
import type { GatewayRequest } from "../../lib/graphql-client";
import { RegisterTeamMemberDocument, TeamInvitationDocument } from "../../lib/gql/graphql";
import type {
  InvitationCheck,
  TeamRegistrationRequest,
} from "../../../machines/team-registration.machine";

/**
 * Whether the link works. The page words an unknown, used or expired link itself; the server's
 * reason is kept only when it says more (the address has an account in another company).
 */
export async function checkInvitation(
  gateway: GatewayRequest,
  token: string,
): Promise<InvitationCheck> {
  const invitation = await call(
    async () => (await gateway(TeamInvitationDocument, { token })).teamInvitation,
  );
  return {
    ...invitation,
    message: invitation.problem === "EMAIL_HAS_ACCOUNT" ? invitation.message : null,
  };
}

export async function registerTeamMember(gateway: GatewayRequest, input: TeamRegistrationRequest) {
  await call(async () =>
    successOf(
      (await gateway(RegisterTeamMemberDocument, { input })).registerTeamMember,
      "TeamMemberRegistered",
    ),
  );
}

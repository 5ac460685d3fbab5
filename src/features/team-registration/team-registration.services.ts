import { call, successOf } from "../../lib/gateway-result";
import type { GatewayRequest } from "../../lib/graphql-client";
import { RegisterTeamMemberDocument, TeamInvitationDocument } from "../../lib/gql/graphql";
import type {
  InvitationCheck,
  TeamRegistrationRequest,
} from "../../../machines/team-registration.machine";

export async function checkInvitation(
  gateway: GatewayRequest,
  token: string,
): Promise<InvitationCheck> {
  return call(async () => (await gateway(TeamInvitationDocument, { token })).teamInvitation);
}

export async function registerTeamMember(gateway: GatewayRequest, input: TeamRegistrationRequest) {
  await call(async () =>
    successOf(
      (await gateway(RegisterTeamMemberDocument, { input })).registerTeamMember,
      "TeamMemberRegistered",
    ),
  );
}

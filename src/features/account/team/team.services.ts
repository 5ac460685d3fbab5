import { gateway } from "../../../lib/gateway";
import {
  ChangeCompanyUserRoleDocument,
  CompanyUsersDocument,
  InviteCompanyUserDocument,
  RemoveCompanyUserDocument,
  SetSpendingLimitsDocument,
  type CompanyUserFieldsFragment,
} from "../../../lib/gql/graphql";
import type { TeamMember, TeamRole } from "../../../../machines/team.machine";
import { call, successOf } from "../../../lib/gateway-result";

const toMember = (u: CompanyUserFieldsFragment): TeamMember => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName ?? null,
  lastName: u.lastName ?? null,
  role: u.role ?? null,
  status: u.status,
  isSelf: u.isSelf,
  orderLimit: u.orderLimit ?? null,
  monthlyLimit: u.monthlyLimit ?? null,
});

export const loadMembers = () =>
  call(async () => (await gateway(CompanyUsersDocument, {})).companyUsers.map(toMember));

export const inviteMember = (input: { email: string; role: TeamRole }) =>
  call(async () => {
    const { inviteCompanyUser } = await gateway(InviteCompanyUserDocument, input);
    return toMember(successOf(inviteCompanyUser, "CompanyUser"));
  });

export const changeMemberRole = (input: { id: string; role: TeamRole }) =>
  call(async () => {
    const { changeCompanyUserRole } = await gateway(ChangeCompanyUserRoleDocument, input);
    return toMember(successOf(changeCompanyUserRole, "CompanyUser"));
  });

export const removeMember = (input: { id: string }) =>
  call(async () => {
    const { removeCompanyUser } = await gateway(RemoveCompanyUserDocument, input);
    successOf(removeCompanyUser, "Deleted");
  });

/** A COMMERCIAL colleague's spending limits, minor units, null for none (decision 043). */
export const setSpendingLimits = (input: {
  userId: string;
  orderLimit: number | null;
  monthlyLimit: number | null;
}) =>
  call(async () => {
    const { setSpendingLimits } = await gateway(SetSpendingLimitsDocument, input);
    return toMember(successOf(setSpendingLimits, "CompanyUser"));
  });

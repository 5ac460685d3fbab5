import { gateway } from "../../../lib/gateway";
import {
  ChangePasswordDocument,
  MyInformationDocument,
  UpdateMyInformationDocument,
} from "../../../lib/gql/graphql";
import { readSession, writeSession } from "../../../lib/storage";
import { SESSION_TTL_MS } from "../../../lib/storage";
import type {
  PasswordValues,
  ProfileSaved,
  ProfileSaveInput,
  ProfileValues,
} from "../../../../machines/profile.machine";
import { call, successOf } from "./gateway-results";

type Me = {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  phoneNumber?: string | null;
  jobTitle?: string | null;
};

const valuesOf = (me: Me): ProfileValues => ({
  firstName: me.firstName ?? "",
  lastName: me.lastName ?? "",
  email: me.email,
  phoneNumber: me.phoneNumber ?? "",
  jobTitle: me.jobTitle ?? "",
});

export const loadProfile = () =>
  call(async () => {
    const { me } = await gateway(MyInformationDocument, {});
    if (!me) throw { message: null, violations: [] };
    return valuesOf(me);
  });

export const saveProfile = (input: ProfileSaveInput) =>
  call(async (): Promise<ProfileSaved> => {
    const { updateMyInformation } = await gateway(UpdateMyInformationDocument, { input });
    const customer = successOf(updateMyInformation, "Customer");
    return { values: valuesOf(customer), pendingEmail: customer.pendingEmail ?? null };
  });

export const changePassword = (input: PasswordValues) =>
  call(async () => {
    const { changePassword: result } = await gateway(ChangePasswordDocument, { input });
    return { token: successOf(result, "PasswordChanged").token };
  });

/**
 * The password change ends every session signed in with the old password, this one included:
 * the fresh token replaces the stored one, keeping the stored session's expiry.
 */
export function storeSessionToken(token: string) {
  const stored = readSession();
  if (!stored) return;
  writeSession(token, stored.customerId, stored.expiresAt - SESSION_TTL_MS);
}

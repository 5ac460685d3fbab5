import { gateway } from "../../../lib/gateway";
import {
  ChangePasswordDocument,
  MyInformationDocument,
  UpdateMyInformationDocument,
} from "../../../lib/gql/graphql";
import type {
  PasswordValues,
  ProfileSaved,
  ProfileSaveInput,
  ProfileValues,
} from "../../../../machines/profile.machine";
import { call, successOf } from "../../../lib/gateway-result";

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

/**
 * The password change ends every session signed in with the old password, this one included;
 * the server sets this session's fresh token as its cookie, so nothing is stored here.
 */
export const changePassword = (input: PasswordValues) =>
  call(async () => {
    const { changePassword: result } = await gateway(ChangePasswordDocument, { input });
    successOf(result, "PasswordChanged");
  });

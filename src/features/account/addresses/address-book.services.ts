import { gateway } from "../../../lib/gateway";
import {
  AddressBookDocument,
  CreateAddressDocument,
  DeleteAddressDocument,
  SetDefaultShippingAddressDocument,
  UpdateAddressDocument,
  type AddressInput,
} from "../../../lib/gql/graphql";
import type {
  AddressValues,
  BookAddress,
  BookCountry,
} from "../../../../machines/address-book.machine";
import { call, successOf } from "../../../lib/gateway-result";

export const loadAddressBook = () =>
  call(async (): Promise<{ addresses: BookAddress[]; countries: BookCountry[] }> => {
    const data = await gateway(AddressBookDocument, {});
    return {
      addresses: data.addresses.map((a) => ({
        ...a,
        firstName: a.firstName ?? null,
        lastName: a.lastName ?? null,
        company: a.company ?? null,
        provinceCode: a.provinceCode ?? null,
        provinceName: a.provinceName ?? null,
        phoneNumber: a.phoneNumber ?? null,
        email: a.email ?? null,
      })),
      countries: data.countries
        .map((c) => ({ code: c.code, name: c.name, provinces: c.provinces }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });

const inputOf = (v: AddressValues): AddressInput => ({
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  company: v.company.trim(),
  street: v.street.trim(),
  city: v.city.trim(),
  postcode: v.postcode.trim(),
  countryCode: v.countryCode,
  provinceCode: v.provinceCode || null,
  phoneNumber: v.phoneNumber.trim() || null,
  email: v.email.trim() || null,
  isDefaultShipping: v.isDefaultShipping,
});

export const saveAddress = ({ id, values }: { id: string | null; values: AddressValues }) =>
  call(async () => {
    const input = inputOf(values);
    if (id === null) {
      const { createAddress } = await gateway(CreateAddressDocument, { input });
      return successOf(createAddress, "Address") as BookAddress;
    }
    const { updateAddress } = await gateway(UpdateAddressDocument, { id, input });
    return successOf(updateAddress, "Address") as BookAddress;
  });

export const removeAddress = ({ id }: { id: string }) =>
  call(async () => {
    successOf((await gateway(DeleteAddressDocument, { id })).deleteAddress, "Deleted");
  });

export const makeDefaultShipping = ({ id }: { id: string }) =>
  call(async () => {
    const { setDefaultShippingAddress } = await gateway(SetDefaultShippingAddressDocument, { id });
    successOf(setDefaultShippingAddress, "Customer");
  });

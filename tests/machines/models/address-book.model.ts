import {
  addressBookMachine,
  addressErrors,
  type BookAddress,
  type BookCountry,
} from "../../../machines/address-book.machine.js";
import { done, failed, filled } from "../support/events.js";
import type { MachineModel } from "../support/paths.js";

export const COUNTRIES: BookCountry[] = [
  { code: "DE", name: "Germany", provinces: [] },
  { code: "US", name: "United States", provinces: [{ code: "US-NY", name: "New York" }] },
];
const base = {
  firstName: "Hanna",
  lastName: "Berger",
  company: "Demo Spa GmbH",
  provinceCode: null,
  provinceName: null,
  phoneNumber: null,
  email: null,
  isDefaultBilling: false,
  isDefaultShipping: false,
};
export const ADDRESSES: BookAddress[] = [
  {
    ...base,
    id: "1",
    street: "Hauptstraße 1",
    postcode: "10115",
    city: "Berlin",
    countryCode: "DE",
    isDefaultBilling: true,
  },
  {
    ...base,
    id: "2",
    street: "Lager 2",
    postcode: "50667",
    city: "Köln",
    countryCode: "DE",
    isDefaultShipping: true,
  },
  {
    ...base,
    id: "3",
    street: "5th Avenue 1",
    postcode: "10001",
    city: "New York",
    countryCode: "US",
    provinceCode: "US-NY",
    provinceName: "New York",
  },
];
export const BOOK = { addresses: ADDRESSES, countries: COUNTRIES };

export const model: MachineModel = {
  machine: addressBookMachine,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.addresses.map((a: BookAddress) => a.id),
      filled(s.context.values.firstName),
      filled(s.context.values.street),
      s.context.values.countryCode,
      filled(s.context.values.provinceCode),
      s.context.values.isDefaultShipping,
      s.context.editingId,
      Object.values(s.context.errors).filter(Boolean).length > 0,
      Object.values(s.context.serverErrors).filter(Boolean).length > 0,
      s.context.failure !== null,
      s.context.removalId,
      s.context.defaultId,
      s.context.loadFailure !== null,
    ]),
  events: (s) => [
    done("loadAddressBook", BOOK),
    failed("loadAddressBook", { message: "Down" }),
    done("reloadAddressBook", BOOK),
    failed("reloadAddressBook", {}),
    { type: "address.retry" },
    { type: "address.add" },
    { type: "address.edit", id: "3" },
    { type: "address.edit", id: "1" },
    // The default shipping address: its switch cannot be turned off (isSwitchChangeable false).
    { type: "address.edit", id: "2" },
    {
      type: "address.change",
      field: "firstName",
      value: s.context.values.firstName ? "" : "Hanna",
    },
    {
      type: "address.change",
      field: "countryCode",
      value: s.context.values.countryCode === "US" ? "DE" : "US",
    },
    {
      type: "address.change",
      field: "provinceCode",
      value: s.context.values.provinceCode ? "" : "US-NY",
    },
    { type: "address.toggleDefault", value: !s.context.values.isDefaultShipping },
    { type: "address.save" },
    { type: "address.cancel" },
    done("saveAddress", ADDRESSES[2]),
    failed("saveAddress", {
      message: "Invalid",
      violations: [{ propertyPath: "postcode", message: "Field is required" }],
    }),
    { type: "address.remove", id: "3" },
    { type: "address.remove", id: "2" },
    { type: "address.remove", id: "1" },
    { type: "address.confirmRemoval" },
    done("removeAddress"),
    failed("removeAddress", { message: "No" }),
    { type: "address.makeDefault", id: "3" },
    { type: "address.makeDefault", id: "2" },
    done("makeDefaultShipping"),
    failed("makeDefaultShipping", {}),
  ],
  invariants: {
    "saves only a valid form": (s) =>
      !JSON.stringify(s.value).includes("saving") ||
      Object.keys(addressErrors(s.context.values, s.context.countries)).length === 0,
    "never edits the billing address": (s) => s.context.editingId !== "1",
    "never removes a default address": (s) =>
      s.context.removalId === null || s.context.removalId === "3",
  },
};

import { assign, setup } from "xstate";
import { phoneValid, postcodeFits } from "../rules/address.js";
import { unprovided } from "./unprovided.js";

export interface BookAddress {
  id: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
  provinceCode: string | null;
  provinceName: string | null;
  phoneNumber: string | null;
  email: string | null;
  isDefaultBilling: boolean;
  isDefaultShipping: boolean;
}

export interface BookCountry {
  code: string;
  name: string;
  provinces: { code: string; name: string }[];
}

export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "company",
  "street",
  "city",
  "postcode",
  "countryCode",
  "provinceCode",
  "phoneNumber",
  "email",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string> & { isDefaultShipping: boolean };

/** Fields of account spec 5 that need at least 2 characters. */
const MIN_TWO: readonly AddressField[] = ["firstName", "lastName", "company", "street", "city"];

export interface AddressBookContext {
  addresses: BookAddress[];
  countries: BookCountry[];
  values: AddressValues;
  /** The address being edited; null while adding. */
  editingId: string | null;
  /** Translation keys of the form's own rules, per field. */
  errors: Partial<Record<AddressField, string>>;
  /** The server's words per field after a refused save (already translated). */
  serverErrors: Partial<Record<string, string>>;
  /** The server's detail after a refused save, shown in the dialog. */
  failure: string | null;
  /** The address a removal is about. */
  removalId: string | null;
  /** The address the row switch is making the default shipping address. */
  defaultId: string | null;
  loadFailure: string | null;
}

export type AddressBookEvent =
  | { type: "address.retry" }
  | { type: "address.add" }
  | { type: "address.edit"; id: string }
  | { type: "address.change"; field: AddressField; value: string }
  | { type: "address.toggleDefault"; value: boolean }
  | { type: "address.save" }
  | { type: "address.cancel" }
  | { type: "address.remove"; id: string }
  | { type: "address.confirmRemoval" }
  | { type: "address.makeDefault"; id: string };

export const EMPTY_ADDRESS: AddressValues = {
  firstName: "",
  lastName: "",
  company: "",
  street: "",
  city: "",
  postcode: "",
  countryCode: "",
  provinceCode: "",
  phoneNumber: "",
  email: "",
  isDefaultShipping: false,
};

/** Whether the chosen country has provinces (then the province field shows and is required). */
export function countryHasProvinces(countries: readonly BookCountry[], code: string): boolean {
  return (countries.find((c) => c.code === code)?.provinces.length ?? 0) > 0;
}

/** The error key of one field under account spec 5's address form rules, if any. */
export function addressFieldError(
  field: AddressField,
  values: AddressValues,
  countries: readonly BookCountry[],
): string | undefined {
  const value = values[field].trim();
  if (MIN_TWO.includes(field)) {
    if (value === "") return "addresses.errors.required";
    if (value.length < 2) return "addresses.errors.minLength";
  }
  if ((field === "countryCode" || field === "postcode") && value === "")
    return "addresses.errors.required";
  // Issue 30 (rules/address.ts, as the server): the postcode fits the country, the phone has
  // digits only.
  if (field === "postcode" && !postcodeFits(values.countryCode, value))
    return "addresses.errors.postcode";
  if (field === "phoneNumber" && value !== "" && !phoneValid(value))
    return "addresses.errors.phone";
  if (
    field === "provinceCode" &&
    value === "" &&
    countryHasProvinces(countries, values.countryCode)
  )
    return "addresses.errors.required";
  return undefined;
}

/** Every broken rule of the form. */
export function addressErrors(
  values: AddressValues,
  countries: readonly BookCountry[],
): AddressBookContext["errors"] {
  const errors: AddressBookContext["errors"] = {};
  for (const field of ADDRESS_FIELDS) {
    const error = addressFieldError(field, values, countries);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The label of an address in the list (account spec 2): 'street, postcode city, countryCode'. */
export function addressLabel(a: Pick<BookAddress, "street" | "postcode" | "city" | "countryCode">) {
  return `${a.street}, ${a.postcode} ${a.city}, ${a.countryCode}`;
}

const valuesOf = (a: BookAddress): AddressValues => ({
  firstName: a.firstName ?? "",
  lastName: a.lastName ?? "",
  company: a.company ?? "",
  street: a.street,
  city: a.city,
  postcode: a.postcode,
  countryCode: a.countryCode,
  provinceCode: a.provinceCode ?? "",
  phoneNumber: a.phoneNumber ?? "",
  email: a.email ?? "",
  isDefaultShipping: a.isDefaultShipping,
});

/** The server's violations of a refused save, by field (isShipping is the switch). */
function serverErrorsOf(error: unknown): AddressBookContext["serverErrors"] {
  const violations = (error as { violations?: unknown } | undefined)?.violations;
  if (!Array.isArray(violations)) return {};
  const out: AddressBookContext["serverErrors"] = {};
  for (const v of violations as { propertyPath?: unknown; message?: unknown }[]) {
    if (typeof v.propertyPath !== "string" || typeof v.message !== "string") continue;
    const field = v.propertyPath === "isShipping" ? "isDefaultShipping" : v.propertyPath;
    out[field] ??= v.message;
  }
  return out;
}

/** The server's detail of a failed call, when it sent one. */
function messageOf(error: unknown): string | null {
  const data = error as { message?: unknown; detail?: unknown } | undefined;
  const text = typeof data?.message === "string" ? data.message : data?.detail;
  return typeof text === "string" && text !== "" ? text : null;
}

const find = (addresses: BookAddress[], id: string) => addresses.find((a) => a.id === id);

/**
 * The address book (account spec 2, 4, 5, 6, 8): the list; an add/edit dialog with the form's
 * rules (names, company, street and city at least 2 characters; country and postcode
 * required, the postcode fitting the country and the phone of digits (issue 30); a province
 * exactly when the country has provinces) and the default shipping
 * switch; removal after a confirmation; a switch per row making an address the default
 * shipping address. The default billing address is neither edited nor removed, the default
 * shipping address not removed: the machine refuses those events as the server would.
 */
export const addressBookMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
  },
  actors: {
    loadAddressBook: unprovided<{ addresses: BookAddress[]; countries: BookCountry[] }>(
      // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
      "loadAddressBook",
    ),
    saveAddress: unprovided<BookAddress, { id: string | null; values: AddressValues }>(
      // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
      "saveAddress",
    ),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    removeAddress: unprovided<void, { id: string }>("removeAddress"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    makeDefaultShipping: unprovided<void, { id: string }>("makeDefaultShipping"),
  },
  actions: {
    notifySaved: () => {},
    notifyRemoved: () => {},
    notifyFailure: (_, _params: { message: string | null }) => {},
  },
  guards: {
    isFormValid: ({ context }) =>
      Object.keys(addressErrors(context.values, context.countries)).length === 0,
    isEditable: ({ context, event }) =>
      event.type === "address.edit" &&
      find(context.addresses, event.id)?.isDefaultBilling === false,
    isRemovable: ({ context, event }) => {
      if (event.type !== "address.remove") return false;
      const a = find(context.addresses, event.id);
      return a !== undefined && !a.isDefaultBilling && !a.isDefaultShipping;
    },
    isNotDefaultShipping: ({ context, event }) =>
      event.type === "address.makeDefault" &&
      find(context.addresses, event.id)?.isDefaultShipping === false,
    // The switch only turns on: the default moves by choosing another address (spec 4).
    isSwitchChangeable: ({ context }) =>
      context.editingId === null || !find(context.addresses, context.editingId)?.isDefaultShipping,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "addressBook",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "The company's address book.",
  context: {
    addresses: [],
    countries: [],
    values: EMPTY_ADDRESS,
    editingId: null,
    errors: {},
    serverErrors: {},
    failure: null,
    removalId: null,
    defaultId: null,
    loadFailure: null,
  },
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "loading"
  initial: "loading",
  states: {
    loading: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Addresses and countries (with provinces) are being loaded.",
      entry: assign({ loadFailure: null }),
      invoke: {
        id: "loadAddressBook",
        src: "loadAddressBook",
        onDone: {
          target: "ready",
          actions: assign({
            addresses: ({ event }) => event.output.addresses,
            countries: ({ event }) => event.output.countries,
          }),
        },
        onError: {
          target: "loadFailed",
          actions: assign({
            loadFailure: ({ event }) => messageOf(event.error) ?? "addresses.loadFailed",
          }),
        },
      },
    },
    loadFailed: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The address book could not be loaded; the error shows with a retry.",
      on: { "address.retry": { target: "loading" } },
    },
    ready: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The list of labels with edit, remove and the default shipping switch.",
      on: {
        "address.add": {
          target: "dialog",
          actions: assign({
            values: EMPTY_ADDRESS,
            editingId: null,
            errors: {},
            serverErrors: {},
            failure: null,
          }),
        },
        "address.edit": {
          guard: "isEditable",
          target: "dialog",
          actions: assign({
            values: ({ context, event }) => valuesOf(find(context.addresses, event.id)!),
            editingId: ({ event }) => event.id,
            errors: {},
            serverErrors: {},
            failure: null,
          }),
        },
        "address.remove": {
          guard: "isRemovable",
          target: "confirmingRemoval",
          actions: assign({ removalId: ({ event }) => event.id }),
        },
        "address.makeDefault": {
          guard: "isNotDefaultShipping",
          target: "settingDefault",
          actions: assign({ defaultId: ({ event }) => event.id }),
        },
      },
    },
    dialog: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The add or edit dialog.",
      initial: "editing",
      states: {
        editing: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Typing; a changed field is checked at once, all of them on save.",
          on: {
            "address.change": {
              actions: assign({
                values: ({ context, event }) => {
                  const next = { ...context.values, [event.field]: event.value };
                  // Another country's provinces are not this one's: the choice starts over.
                  if (event.field === "countryCode" && event.value !== context.values.countryCode)
                    next.provinceCode = "";
                  return next;
                },
                errors: ({ context, event }) => {
                  const next = { ...context.values, [event.field]: event.value };
                  if (event.field === "countryCode") next.provinceCode = "";
                  const errors = {
                    ...context.errors,
                    [event.field]: addressFieldError(event.field, next, context.countries),
                  };
                  if (event.field === "countryCode") {
                    delete errors.provinceCode;
                    // A postcode typed before is judged again against the new country.
                    if (next.postcode.trim() !== "")
                      errors.postcode = addressFieldError("postcode", next, context.countries);
                  }
                  return errors;
                },
                serverErrors: ({ context, event }) => ({
                  ...context.serverErrors,
                  [event.field]: undefined,
                }),
              }),
            },
            "address.toggleDefault": {
              guard: "isSwitchChangeable",
              actions: assign({
                values: ({ context, event }) => ({
                  ...context.values,
                  isDefaultShipping: event.value,
                }),
              }),
            },
            "address.save": [
              { guard: "isFormValid", target: "saving" },
              {
                actions: assign({
                  errors: ({ context }) => addressErrors(context.values, context.countries),
                }),
              },
            ],
            "address.cancel": { target: "#addressBook.ready" },
          },
        },
        saving: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "The address is being saved; the dialog is locked.",
          entry: assign({ failure: null, serverErrors: {} }),
          invoke: {
            id: "saveAddress",
            src: "saveAddress",
            input: ({ context }) => ({ id: context.editingId, values: context.values }),
            onDone: { target: "#addressBook.refreshing", actions: "notifySaved" },
            onError: {
              target: "editing",
              actions: assign({
                failure: ({ event }) => messageOf(event.error) ?? "addresses.saveFailed",
                serverErrors: ({ event }) => serverErrorsOf(event.error),
              }),
            },
          },
        },
      },
    },
    confirmingRemoval: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The confirm prompt before a removal.",
      on: {
        "address.confirmRemoval": { target: "removing" },
        "address.cancel": { target: "ready", actions: assign({ removalId: null }) },
      },
    },
    removing: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The address is being removed.",
      invoke: {
        id: "removeAddress",
        src: "removeAddress",
        input: ({ context }) => ({ id: context.removalId! }),
        onDone: {
          target: "refreshing",
          actions: [
            assign({
              addresses: ({ context }) =>
                context.addresses.filter((a) => a.id !== context.removalId),
              removalId: null,
            }),
            "notifyRemoved",
          ],
        },
        onError: {
          target: "ready",
          actions: [
            assign({ removalId: null }),
            { type: "notifyFailure", params: ({ event }) => ({ message: messageOf(event.error) }) },
          ],
        },
      },
    },
    settingDefault: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The switched address is being made the default shipping address.",
      invoke: {
        id: "makeDefaultShipping",
        src: "makeDefaultShipping",
        input: ({ context }) => ({ id: context.defaultId! }),
        onDone: {
          target: "refreshing",
          actions: [assign({ defaultId: null }), "notifySaved"],
        },
        onError: {
          target: "ready",
          actions: [
            assign({ defaultId: null }),
            { type: "notifyFailure", params: ({ event }) => ({ message: messageOf(event.error) }) },
          ],
        },
      },
    },
    refreshing: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "The list is read again after a change (a new default changes two rows); the old list stays visible.",
      invoke: {
        id: "reloadAddressBook",
        src: "loadAddressBook",
        onDone: {
          target: "ready",
          actions: assign({
            addresses: ({ event }) => event.output.addresses,
            countries: ({ event }) => event.output.countries,
          }),
        },
        // The change itself succeeded; the list shown is only a little stale.
        onError: { target: "ready" },
      },
    },
  },
});

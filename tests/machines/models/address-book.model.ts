import {
  addressBookMachine,
  type BookAddress,
  type BookCountry,
} from "../../../machines/address-book.machine.js";
import { done, failed, filled } from "../support/events.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

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

type Values = Record<string, string | boolean>;
type Ctx = {
  addresses: BookAddress[];
  countries: BookCountry[];
  values: Values;
  editingId: string | null;
  errors: Record<string, string | undefined>;
  serverErrors: Record<string, string | undefined>;
  failure: string | null;
  removalId: string | null;
  defaultId: string | null;
  loadFailure: string | null;
};

const FIELDS = [
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
];
const NOTHING: Values = {
  ...Object.fromEntries(FIELDS.map((f) => [f, ""])),
  isDefaultShipping: false,
};

/** The postcodes of the model's countries (issue 30): five digits; a US ZIP+4 too. */
const POSTCODE: Record<string, RegExp> = { DE: /^[0-9]{5}$/, US: /^[0-9]{5}(-[0-9]{4})?$/ };
/** A phone number: digits with +, spaces, brackets, dots, dashes, slashes; 6 to 15 digits. */
function phoneFits(value: string) {
  const digits = value.split("").filter((ch) => ch >= "0" && ch <= "9").length;
  return !/[^0-9+ ().\-/]/.test(value) && !/.\+/.test(value) && digits >= 6 && digits <= 15;
}

/**
 * Account spec 5's address form, written out: names, company, street and city need two
 * characters once trimmed (none: required); country and postcode are required, the postcode
 * of the country's form (issue 30); a province is required exactly when the chosen country
 * has provinces; a phone, when given, of digits; the e-mail is free.
 */
function addressRule(field: string, v: Values, countries: BookCountry[]): string | undefined {
  const value = String(v[field]).replace(/^\s+|\s+$/g, "");
  if (["firstName", "lastName", "company", "street", "city"].includes(field)) {
    if (value.length === 0) return "addresses.errors.required";
    if (value.length === 1) return "addresses.errors.minLength";
    return undefined;
  }
  if ((field === "countryCode" || field === "postcode") && value.length === 0)
    return "addresses.errors.required";
  const pattern = POSTCODE[String(v.countryCode)];
  if (field === "postcode" && pattern && !pattern.test(value)) return "addresses.errors.postcode";
  if (field === "phoneNumber" && value.length > 0 && !phoneFits(value))
    return "addresses.errors.phone";
  const provinces = countries.find((c) => c.code === v.countryCode)?.provinces ?? [];
  if (field === "provinceCode" && value.length === 0 && provinces.length > 0)
    return "addresses.errors.required";
  return undefined;
}
function brokenRules(v: Values, countries: BookCountry[]) {
  const out: Record<string, string> = {};
  for (const f of FIELDS) {
    const error = addressRule(f, v, countries);
    if (error) out[f] = error;
  }
  return out;
}

/** The server's message, else its detail (empty words count as none). */
function words(error: unknown): string | null {
  const e = (error ?? {}) as { message?: unknown; detail?: unknown };
  for (const w of [e.message, e.detail]) if (typeof w === "string" && w.length > 0) return w;
  return null;
}

/**
 * The address book (account spec 2, 4, 5, 6 and 8), stated without the machine: the book
 * loads ('addresses.loadFailed' without the server's words). Adding opens an empty form;
 * editing opens the address's values (absent ones empty), never for the default billing
 * address. A change judges its field (a new country empties the province and its error and
 * judges a postcode typed before again), the
 * default switch changes unless the address edited is the default shipping one; saving sends
 * the id (none when adding) with the values as typed when no rule is broken, else shows every
 * broken rule; a refusal keeps the dialog with the server's words ('addresses.saveFailed') and
 * field errors (isShipping is the switch). Removal is for an address that is no default, after
 * confirmation; the switch per row is for an address that is not the default shipping one.
 * After any change the book is read again; failures are told with the server's words.
 */
function oracle({ event, before }: OracleStep): OracleExpectation {
  const c = before.context as Ctx;
  const load = { loadAddressBook: undefined };
  if (event.type === "xstate.init")
    return {
      value: "loading",
      context: {
        addresses: [],
        countries: [],
        values: NOTHING,
        editingId: null,
        errors: {},
        serverErrors: {},
        failure: null,
        removalId: null,
        defaultId: null,
        loadFailure: null,
      },
      started: load,
    };
  const stay = { value: before.value, context: c };
  const e = event as {
    type: string;
    id?: string;
    field?: string;
    value?: string & boolean;
    output?: { addresses: BookAddress[]; countries: BookCountry[] };
    error?: unknown;
  };
  const address = c.addresses.find((a) => a.id === e.id);
  const refresh = (context: Partial<Ctx>, notice: string): OracleExpectation => ({
    value: "refreshing",
    context: { ...c, ...context },
    actions: [{ type: notice }],
    started: { reloadAddressBook: undefined },
  });
  const told = (context: Partial<Ctx>): OracleExpectation => ({
    value: "ready",
    context: { ...c, ...context },
    actions: [{ type: "notifyFailure", params: { message: words(e.error) } }],
  });
  const open = (values: Values, editingId: string | null): OracleExpectation => ({
    value: { dialog: "editing" },
    context: { ...c, values, editingId, errors: {}, serverErrors: {}, failure: null },
  });
  switch (JSON.stringify(before.value)) {
    case '"loading"':
      if (e.type === "xstate.done.actor.loadAddressBook")
        return { value: "ready", context: { ...c, ...e.output } };
      if (e.type === "xstate.error.actor.loadAddressBook")
        return {
          value: "loadFailed",
          context: { ...c, loadFailure: words(e.error) ?? "addresses.loadFailed" },
        };
      return stay;
    case '"loadFailed"':
      return e.type === "address.retry"
        ? { value: "loading", context: { ...c, loadFailure: null }, started: load }
        : stay;
    case '"ready"':
      if (e.type === "address.add") return open(NOTHING, null);
      if (e.type === "address.edit" && address && !address.isDefaultBilling) {
        const a = address as unknown as Record<string, unknown>;
        const values = Object.fromEntries(FIELDS.map((f) => [f, a[f] ?? ""]));
        return open({ ...values, isDefaultShipping: address.isDefaultShipping } as Values, e.id!);
      }
      if (
        e.type === "address.remove" &&
        address &&
        !address.isDefaultBilling &&
        !address.isDefaultShipping
      )
        return { value: "confirmingRemoval", context: { ...c, removalId: e.id } };
      if (e.type === "address.makeDefault" && address && !address.isDefaultShipping)
        return {
          value: "settingDefault",
          context: { ...c, defaultId: e.id },
          started: { makeDefaultShipping: { id: e.id } },
        };
      return stay;
    case '{"dialog":"editing"}':
      switch (e.type) {
        case "address.change": {
          const values: Values = { ...c.values, [e.field!]: e.value! };
          const newCountry = e.field === "countryCode";
          if (newCountry && e.value !== c.values.countryCode) values.provinceCode = "";
          const judged = newCountry ? { ...values, provinceCode: "" } : values;
          const errors = { ...c.errors, [e.field!]: addressRule(e.field!, judged, c.countries) };
          if (newCountry) delete errors.provinceCode;
          // A postcode already typed is judged against the new country.
          if (newCountry && String(values.postcode).trim() !== "")
            errors.postcode = addressRule("postcode", judged, c.countries);
          return {
            value: before.value,
            context: {
              ...c,
              values,
              errors,
              serverErrors: { ...c.serverErrors, [e.field!]: undefined },
            },
          };
        }
        case "address.toggleDefault": {
          const edited = c.addresses.find((a) => a.id === c.editingId);
          return edited?.isDefaultShipping === true
            ? stay
            : {
                value: before.value,
                context: { ...c, values: { ...c.values, isDefaultShipping: e.value } },
              };
        }
        case "address.save": {
          const broken = brokenRules(c.values, c.countries);
          if (Object.keys(broken).length > 0)
            return { value: before.value, context: { ...c, errors: broken } };
          return {
            value: { dialog: "saving" },
            context: { ...c, failure: null, serverErrors: {} },
            started: { saveAddress: { id: c.editingId, values: c.values } },
          };
        }
        case "address.cancel":
          return { value: "ready", context: c };
      }
      return stay;
    case '{"dialog":"saving"}': {
      if (e.type === "xstate.done.actor.saveAddress") return refresh({}, "notifySaved");
      if (e.type !== "xstate.error.actor.saveAddress") return stay;
      const serverErrors: Record<string, string> = {};
      const list = (e.error as { violations?: unknown } | null)?.violations;
      if (Array.isArray(list))
        for (const x of list as { propertyPath?: unknown; message?: unknown }[])
          if (typeof x.propertyPath === "string" && typeof x.message === "string")
            serverErrors[x.propertyPath === "isShipping" ? "isDefaultShipping" : x.propertyPath] ??=
              x.message;
      return {
        value: { dialog: "editing" },
        context: { ...c, failure: words(e.error) ?? "addresses.saveFailed", serverErrors },
      };
    }
    case '"confirmingRemoval"':
      if (e.type === "address.confirmRemoval")
        return { value: "removing", context: c, started: { removeAddress: { id: c.removalId } } };
      if (e.type === "address.cancel")
        return { value: "ready", context: { ...c, removalId: null } };
      return stay;
    case '"removing"':
      if (e.type === "xstate.done.actor.removeAddress")
        return refresh(
          { addresses: c.addresses.filter((a) => a.id !== c.removalId), removalId: null },
          "notifyRemoved",
        );
      if (e.type === "xstate.error.actor.removeAddress") return told({ removalId: null });
      return stay;
    case '"settingDefault"':
      if (e.type === "xstate.done.actor.makeDefaultShipping")
        return refresh({ defaultId: null }, "notifySaved");
      if (e.type === "xstate.error.actor.makeDefaultShipping") return told({ defaultId: null });
      return stay;
    case '"refreshing"':
      if (e.type === "xstate.done.actor.reloadAddressBook")
        return { value: "ready", context: { ...c, ...e.output } };
      if (e.type === "xstate.error.actor.reloadAddressBook") return { value: "ready", context: c };
      return stay;
  }
  return stay;
}

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
      // Whether the postcode is the ZIP+4 (fits the US only) tells the re-judging apart.
      s.context.values.postcode === "10001-1234",
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
    // A failure with nothing to say: the page's own words.
    failed("loadAddressBook", {}),
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
    // Spaces only: no name at all; two letters: long enough.
    { type: "address.change", field: "firstName", value: "   " },
    { type: "address.change", field: "lastName", value: " Al " },
    {
      type: "address.change",
      field: "countryCode",
      value: s.context.values.countryCode === "US" ? "DE" : "US",
    },
    // Issue 30: a ZIP+4 fits the US, not Germany; four digits fit neither; letters in a phone.
    {
      type: "address.change",
      field: "postcode",
      value: s.context.values.postcode === "10001-1234" ? "1234" : "10001-1234",
    },
    {
      type: "address.change",
      field: "phoneNumber",
      value: s.context.values.phoneNumber === "089 CALL" ? "+49 (89) 123-456" : "089 CALL",
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
    // The words as the detail only, with violations that are no field's words (a path or a
    // message that is no text) beside the switch's; empty words; nothing at all.
    failed("saveAddress", {
      detail: "Address book is full",
      violations: [
        { propertyPath: 7, message: "Bad" },
        { propertyPath: "city", message: 5 },
        { propertyPath: "isShipping", message: "Not allowed" },
      ],
    }),
    failed("saveAddress", { message: "", detail: 409 }),
    failed("saveAddress", null),
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
      Object.keys(brokenRules(s.context.values, s.context.countries)).length === 0,
    "never edits the billing address": (s) => s.context.editingId !== "1",
    "never removes a default address": (s) =>
      s.context.removalId === null || s.context.removalId === "3",
  },
  oracle,
};

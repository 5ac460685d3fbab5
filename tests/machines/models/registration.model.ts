import {
  registrationMachine,
  type RegistrationCountry,
  type RegistrationRules,
} from "../../../machines/registration.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

/**
 * For path generation one field per step decides whether the step is valid (the real rules
 * are exercised by the sequence tests of registration.paths.test.ts): the graph stays small,
 * every branch is reached.
 */
export const KEY_FIELDS = ["email", "companyName", "streetAddress", "businessModel"] as const;
export const stubRules: RegistrationRules = {
  validateStep: (step, values) => {
    const field = KEY_FIELDS[step]!;
    return values[field].trim() === "" ? { [field]: { key: "validation.required" } } : {};
  },
  fieldOfPath: (path) =>
    path === "companyName"
      ? "companyName"
      : path === "relationships.default_contact.email"
        ? "email"
        : null,
};

export const COUNTRIES: RegistrationCountry[] = [
  { code: "FR", name: "France", emea: true, provinces: [] },
  {
    code: "US",
    name: "United States",
    emea: false,
    provinces: [
      { code: "US-NY", name: "New York" },
      { code: "US-CA", name: "California" },
    ],
  },
  {
    code: "CA",
    name: "Canada",
    emea: false,
    provinces: [{ code: "CA-ON", name: "Ontario" }],
  },
  { code: "JP", name: "Japan", emea: false, provinces: [] },
];

/** Every field of the form (account spec 4), written out: each starts empty. */
const ALL_FIELDS = [
  "email",
  "name",
  "surname",
  "jobTitle",
  "phone",
  "companyName",
  "typeOfBusiness",
  "billingCountry",
  "registrationNumber",
  "vatNumber",
  "streetAddress",
  "city",
  "postalCode",
  "state",
  "companyStatus",
  "businessModel",
  "webUrl",
  "storesCount",
  "onlineShopsCount",
  "tradingCountries",
  "inStock",
  "supplier",
  "retailBeauty",
  "skincareMarketShare",
];
/** The step each field the model's rules and server answers name is on. */
const STEP_OF: Record<string, number> = {
  email: 0,
  companyName: 1,
  streetAddress: 2,
  businessModel: 3,
};

type Values = Record<string, string>;
type Ctx = {
  countries: unknown[];
  step: number;
  reached: number;
  values: Values;
  errors: Record<string, unknown>;
  termsAccepted: boolean;
  failure: string | null;
  emailChecked: string | null;
};

const trimAll = (v: Values) =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.replace(/^\s+|\s+$/g, "")]));
/** The model's rule: a step is complete when its key field holds more than spaces. */
const complete = (v: Values, step: number) => !/^\s*$/.test(v[KEY_FIELDS[step]!]!);
const errorsOf = (v: Values, step: number) =>
  complete(v, step) ? {} : { [KEY_FIELDS[step]!]: { key: "validation.required" } };

/**
 * The registration wizard (account spec 2, 4, 5 and 8), stated without the machine (with the
 * model's rule for a complete step): typing clears the field's error, and another billing
 * country empties the province. Continue trims everything and, on a complete step before the
 * last, opens the next one (remembering the furthest reached); otherwise it shows the step's
 * errors; leaving the first step with an e-mail the server has not judged asks it first (a
 * refusal naming the e-mail stays there with its words under the field, any other failure
 * goes on unchecked). Back goes one step back; a step's number opens an earlier step, or a step already
 * reached ahead when the current one is complete (else its errors show); steps never reached
 * stay shut. Register, on the last step only, opens the first incomplete step with its
 * errors, else sends the trimmed values with the countries (asking for the terms first when
 * they are not accepted). A refusal keeps everything and opens the step of the first field it
 * names, its words under the field only; one naming no field shows the server's detail (else
 * message, else 'registration.failed').
 */
/** The field errors of a server refusal: the first words for each field the model's paths name. */
function fieldErrorsOf(error: { violations?: unknown } | undefined) {
  const errors: Record<string, { text: string }> = {};
  const list = error?.violations;
  if (Array.isArray(list))
    for (const x of list as { propertyPath?: unknown; message?: unknown }[]) {
      const field =
        x.propertyPath === "companyName"
          ? "companyName"
          : x.propertyPath === "relationships.default_contact.email"
            ? "email"
            : null;
      if (field && typeof x.message === "string") errors[field] ??= { text: x.message };
    }
  return errors;
}

function oracle({ event, before, input }: OracleStep): OracleExpectation {
  const c = before.context as Ctx;
  const load = { loadCountries: undefined };
  if (event.type === "xstate.init")
    return {
      value: "loadingCountries",
      context: {
        rules: (input as { rules: unknown }).rules,
        countries: [],
        step: 0,
        reached: 0,
        values: Object.fromEntries(ALL_FIELDS.map((f) => [f, ""])),
        errors: {},
        termsAccepted: false,
        failure: null,
        emailChecked: null,
      },
      started: load,
    };
  const stay = { value: before.value, context: c };
  const e = event as {
    type: string;
    field?: string;
    value?: string;
    step?: number;
    accepted?: boolean;
    output?: unknown[];
    error?: { detail?: unknown; message?: unknown; violations?: unknown };
  };
  const v = trimAll(c.values);
  const submit = (ctx: Ctx): OracleExpectation => ({
    value: "submitting",
    context: { ...ctx, failure: null },
    started: {
      submitRegistration: {
        values: trimAll(ctx.values),
        termsAccepted: true,
        countries: ctx.countries,
      },
    },
  });
  const open = (step: number) => ({
    value: "editing",
    context: { ...c, values: v, step, errors: {} },
  });
  const showErrors = {
    value: "editing",
    context: { ...c, values: v, errors: errorsOf(v, c.step) },
  };
  switch (before.value) {
    case "loadingCountries":
      if (e.type === "xstate.done.actor.loadCountries")
        return { value: "editing", context: { ...c, countries: e.output } };
      if (e.type === "xstate.error.actor.loadCountries") return { value: "loadFailed", context: c };
      return stay;
    case "loadFailed":
      return e.type === "registration.retry"
        ? { value: "loadingCountries", context: c, started: load }
        : stay;
    case "termsDialog":
      if (e.type === "registration.acceptTerms") return submit({ ...c, termsAccepted: true });
      if (e.type === "registration.closeTerms") return { value: "editing", context: c };
      return stay;
    case "checkingEmail": {
      const onward = { ...c, step: 1, reached: Math.max(c.reached, 1), errors: {} };
      if (e.type === "xstate.done.actor.checkEmail")
        return { value: "editing", context: { ...onward, emailChecked: c.values.email } };
      if (e.type !== "xstate.error.actor.checkEmail") return stay;
      // A refusal naming the e-mail stays on step 1 with its words under the field; any
      // other failure lets the partner on, unchecked.
      const email = fieldErrorsOf(e.error).email;
      return email
        ? { value: "editing", context: { ...c, errors: { email } } }
        : { value: "editing", context: onward };
    }
    case "submitting": {
      if (e.type === "xstate.done.actor.submitRegistration")
        return { value: "registered", context: c };
      if (e.type !== "xstate.error.actor.submitRegistration") return stay;
      const errors = fieldErrorsOf(e.error);
      const words = [e.error?.detail, e.error?.message].find(
        (w) => typeof w === "string" && w !== "",
      );
      const steps = Object.keys(errors).map((f) => STEP_OF[f]!);
      return {
        value: "editing",
        context: {
          ...c,
          // Once: under the field named, else as the form's message.
          failure: steps.length ? null : (words ?? "registration.failed"),
          errors,
          step: steps.length ? Math.min(...steps) : c.step,
        },
      };
    }
    case "editing":
      switch (e.type) {
        case "registration.change": {
          const values = { ...c.values, [e.field!]: e.value! };
          if (e.field === "billingCountry" && e.value !== c.values.billingCountry)
            values.state = "";
          return {
            value: "editing",
            context: { ...c, values, errors: { ...c.errors, [e.field!]: undefined } },
          };
        }
        case "registration.continue":
          if (c.step === 0 && complete(v, 0) && v.email !== c.emailChecked)
            return {
              value: "checkingEmail",
              context: { ...c, values: v },
              started: { checkEmail: { email: v.email } },
            };
          return c.step <= 2 && complete(v, c.step)
            ? {
                value: "editing",
                context: {
                  ...c,
                  values: v,
                  step: c.step + 1,
                  reached: Math.max(c.reached, c.step + 1),
                  errors: {},
                },
              }
            : showErrors;
        case "registration.back":
          return c.step >= 1
            ? { value: "editing", context: { ...c, step: c.step - 1, errors: {} } }
            : stay;
        case "registration.goTo": {
          const n = e.step!;
          if (Number.isInteger(n) && n >= 0 && n < c.step) return open(n);
          if (n > c.step && n <= c.reached) return complete(v, c.step) ? open(n) : showErrors;
          return stay;
        }
        case "registration.toggleTerms":
          return { value: "editing", context: { ...c, termsAccepted: e.accepted } };
        case "registration.register": {
          if (c.step !== 3) return stay;
          const bad = [0, 1, 2, 3].find((n) => !complete(v, n));
          if (bad !== undefined)
            return {
              value: "editing",
              context: { ...c, values: v, step: bad, errors: errorsOf(v, bad) },
            };
          return c.termsAccepted
            ? submit({ ...c, values: v })
            : { value: "termsDialog", context: { ...c, values: v } };
        }
      }
  }
  return stay;
}

export const model: MachineModel = {
  machine: registrationMachine,
  input: { rules: stubRules },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.step,
      s.context.reached,
      KEY_FIELDS.map((f) => s.context.values[f].trim() !== ""),
      Object.values(s.context.errors).filter(Boolean).length > 0,
      s.context.termsAccepted,
      s.context.failure !== null,
      s.context.countries.length,
      s.context.emailChecked === s.context.values.email.trim(),
    ]),
  events: (s) => [
    ...KEY_FIELDS.map((field) => ({
      type: "registration.change",
      field,
      // Spaces around the words: Continue and the submission must trim them.
      value: s.context.values[field] ? "" : " filled ",
    })),
    // Another billing country empties the province chosen for the former one.
    { type: "registration.change", field: "state", value: "US-NY" },
    {
      type: "registration.change",
      field: "billingCountry",
      value: s.context.values.billingCountry === "US" ? "FR" : "US",
    },
    { type: "registration.continue" },
    { type: "registration.back" },
    ...[0, 1, 2, 3].map((step) => ({ type: "registration.goTo", step })),
    { type: "registration.toggleTerms", accepted: !s.context.termsAccepted },
    { type: "registration.register" },
    { type: "registration.acceptTerms" },
    { type: "registration.closeTerms" },
    { type: "registration.retry" },
    { type: "xstate.done.actor.loadCountries", output: COUNTRIES },
    { type: "xstate.error.actor.loadCountries", error: new Error("offline") },
    { type: "xstate.done.actor.submitRegistration" },
    { type: "xstate.done.actor.checkEmail" },
    {
      type: "xstate.error.actor.checkEmail",
      error: {
        detail: "This e-mail address already has an account.",
        violations: [
          {
            propertyPath: "relationships.default_contact.email",
            message: "This e-mail address already has an account.",
          },
        ],
      },
    },
    { type: "xstate.error.actor.checkEmail", error: { status: 429, detail: "Too many." } },
    {
      type: "xstate.error.actor.submitRegistration",
      error: {
        detail: "An application with this e-mail address is already being verified.",
        violations: [
          {
            propertyPath: "relationships.default_contact.email",
            message: "An application with this e-mail address is already being verified.",
          },
        ],
      },
    },
    { type: "xstate.error.actor.submitRegistration", error: { detail: "Offline." } },
    {
      type: "xstate.error.actor.submitRegistration",
      error: {
        detail: "A company of this name is already a partner.",
        violations: [{ propertyPath: "companyName", message: "Already a partner" }],
      },
    },
  ],
  invariants: {
    "submits only a valid form with the terms accepted": (s) =>
      s.value !== "submitting" ||
      (s.context.termsAccepted && KEY_FIELDS.every((f) => s.context.values[f] !== "")),
    "never further than one step past the completed ones": (s) =>
      s.context.step <= s.context.reached && s.context.step <= 3,
  },
  oracle,
};

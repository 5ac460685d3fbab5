import {
  registrationMachine,
  type RegistrationCountry,
  type RegistrationRules,
} from "../../../machines/registration.machine.js";
import type { MachineModel } from "../support/paths.js";

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
  fieldOfPath: (path) => (path === "companyName" ? "companyName" : null),
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
    ]),
  events: (s) => [
    ...KEY_FIELDS.map((field) => ({
      type: "registration.change",
      field,
      value: s.context.values[field] ? "" : "filled",
    })),
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
};

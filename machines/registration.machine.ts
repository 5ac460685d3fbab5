import { and, assertEvent, assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";

/** The four steps of the partner registration (account spec sections 2 and 4). */
export const REGISTRATION_STEPS = ["contact", "company", "address", "evaluation"] as const;
export const LAST_STEP = REGISTRATION_STEPS.length - 1;

/** The fields of each step, in the order the form shows them. */
export const STEP_FIELDS = [
  ["email", "name", "surname", "jobTitle", "phone"],
  ["companyName", "typeOfBusiness", "billingCountry", "registrationNumber", "vatNumber"],
  ["streetAddress", "city", "postalCode", "state"],
  [
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
  ],
] as const;

export type RegistrationField = (typeof STEP_FIELDS)[number][number];
export type RegistrationValues = Record<RegistrationField, string>;

/** A field's error: a translation key with its parameters, or the server's own text. */
export type FieldError =
  { key: string; params?: Record<string, string | number> } | { text: string };
export type FieldErrors = Partial<Record<RegistrationField, FieldError>>;

/** What the form needs to know of a country: its EMEA flag and provinces. */
export interface RegistrationCountry {
  code: string;
  name: string;
  emea: boolean;
  provinces: readonly { code: string; name: string }[];
}

/**
 * The rules the machine applies, given by the app: the server's own rules (shared with the
 * REST API), so the form refuses exactly what the server refuses. Values passed are trimmed.
 */
export interface RegistrationRules {
  /** The errors of one step's fields (fields the form does not show are not judged). */
  validateStep: (
    step: number,
    values: RegistrationValues,
    countries: readonly RegistrationCountry[],
  ) => FieldErrors;
  /** The form field a server violation's property path points at, if any. */
  fieldOfPath: (propertyPath: string) => RegistrationField | null;
}

export interface RegistrationContext {
  rules: RegistrationRules;
  countries: RegistrationCountry[];
  /** The step shown, 0 to 3. */
  step: number;
  /**
   * The furthest step opened by Continue: the steps before it are completed, and every step up
   * to it can be opened by its number.
   */
  reached: number;
  values: RegistrationValues;
  errors: FieldErrors;
  termsAccepted: boolean;
  /**
   * The server's message after a refused registration that names no field, or
   * 'registration.failed'; a refusal that names a field is shown under it only (issue 30).
   */
  failure: string | null;
  /** The e-mail (trimmed) the server last said may apply; it is not asked again. */
  emailChecked: string | null;
}

export type RegistrationEvent =
  | { type: "registration.change"; field: RegistrationField; value: string }
  | { type: "registration.continue" }
  | { type: "registration.back" }
  | { type: "registration.goTo"; step: number }
  | { type: "registration.toggleTerms"; accepted: boolean }
  | { type: "registration.register" }
  | { type: "registration.acceptTerms" }
  | { type: "registration.closeTerms" }
  | { type: "registration.retry" };

/** What the submit actor receives: trimmed values and the terms answer. */
export interface RegistrationSubmission {
  values: RegistrationValues;
  termsAccepted: true;
  countries: readonly RegistrationCountry[];
}

export const emptyValues = (): RegistrationValues =>
  Object.fromEntries(STEP_FIELDS.flat().map((f) => [f, ""])) as RegistrationValues;

/** Every value trimmed (account spec section 4: Continue trims text). */
export function trimValues(values: RegistrationValues): RegistrationValues {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v.trim()]),
  ) as RegistrationValues;
}

const stepErrors = (context: RegistrationContext, step: number) =>
  context.rules.validateStep(step, trimValues(context.values), context.countries);

const hasErrors = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/** The first step with errors, up to the last one, or -1 when every step is valid. */
function firstInvalidStep(context: RegistrationContext): number {
  for (let step = 0; step <= LAST_STEP; step++) {
    if (hasErrors(stepErrors(context, step))) return step;
  }
  return -1;
}

function failureOf(error: unknown): string {
  const data = error as { message?: unknown; detail?: unknown } | undefined;
  const text = typeof data?.detail === "string" ? data.detail : data?.message;
  return typeof text === "string" && text !== "" ? text : "registration.failed";
}

/** Field errors from the server's violations (the translated message of each). */
function serverErrors(context: RegistrationContext, error: unknown): FieldErrors {
  const violations = (error as { violations?: unknown } | undefined)?.violations;
  if (!Array.isArray(violations)) return {};
  const errors: FieldErrors = {};
  for (const v of violations as { propertyPath?: unknown; message?: unknown }[]) {
    if (typeof v?.propertyPath !== "string" || typeof v.message !== "string") continue;
    const field = context.rules.fieldOfPath(v.propertyPath);
    if (field && !errors[field]) errors[field] = { text: v.message };
  }
  return errors;
}

/**
 * The partner registration wizard (account spec sections 2, 4, 5 and 8): contact, company,
 * address and evaluation. Continue trims and validates the step's fields; completed steps can
 * be revisited by their number, steps ahead cannot. Register checks every step and, without
 * the terms accepted, opens the terms dialog. A refused registration shows the server's
 * message (or the generic one) and keeps everything typed.
 */
export const registrationMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as { rules: RegistrationRules },
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    loadCountries: unprovided<RegistrationCountry[]>("loadCountries"),
    /** Whether the server would refuse an application for this e-mail (issue 30). */
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    checkEmail: unprovided<void, { email: string }>("checkEmail"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    submitRegistration: unprovided<void, RegistrationSubmission>("submitRegistration"),
  },
  guards: {
    isStepValid: ({ context }) =>
      context.step < LAST_STEP && !hasErrors(stepErrors(context, context.step)),
    /** Leaving the first step with an e-mail the server has not judged yet. */
    isEmailUnchecked: ({ context }) =>
      context.step === 0 && context.values.email.trim() !== context.emailChecked,
    isNotFirstStep: ({ context }) => context.step > 0,
    isEarlierStep: ({ context, event }) => {
      assertEvent(event, "registration.goTo");
      return Number.isInteger(event.step) && event.step >= 0 && event.step < context.step;
    },
    isCompletedStepAhead: ({ context, event }) => {
      assertEvent(event, "registration.goTo");
      return event.step > context.step && event.step <= context.reached;
    },
    isCurrentStepValid: ({ context }) => !hasErrors(stepErrors(context, context.step)),
    isReadyWithTerms: ({ context }) =>
      context.step === LAST_STEP && firstInvalidStep(context) < 0 && context.termsAccepted,
    isReadyWithoutTerms: ({ context }) =>
      context.step === LAST_STEP && firstInvalidStep(context) < 0 && !context.termsAccepted,
    isLastStep: ({ context }) => context.step === LAST_STEP,
  },
  actions: {
    trim: assign({ values: ({ context }) => trimValues(context.values) }),
    showStepErrors: assign({
      values: ({ context }) => trimValues(context.values),
      errors: ({ context }) => stepErrors(context, context.step),
    }),
    showFirstInvalidStep: assign(({ context }) => {
      const step = Math.max(0, firstInvalidStep(context));
      return {
        values: trimValues(context.values),
        step,
        errors: stepErrors(context, step),
      };
    }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "registration",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "Partner registration: four steps, then the application goes to the brand.",
  context: ({ input }) => ({
    rules: input.rules,
    countries: [],
    step: 0,
    reached: 0,
    values: emptyValues(),
    errors: {},
    termsAccepted: false,
    failure: null,
    emailChecked: null,
  }),
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "loadingCountries"
  initial: "loadingCountries",
  states: {
    loadingCountries: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The countries (with EMEA flag and provinces) decide which fields are asked.",
      invoke: {
        id: "loadCountries",
        src: "loadCountries",
        onDone: {
          target: "editing",
          actions: assign({ countries: ({ event }) => event.output }),
        },
        onError: { target: "loadFailed" },
      },
    },
    loadFailed: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The countries could not be loaded; the form cannot be shown.",
      on: { "registration.retry": { target: "loadingCountries" } },
    },
    editing: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "One step of the form is shown; typing clears that field's error. Continue validates and trims the step.",
      on: {
        "registration.change": {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            const errors = { ...context.errors, [event.field]: undefined };
            // A province belongs to one country: changing the country empties it.
            if (event.field === "billingCountry" && event.value !== context.values.billingCountry)
              values.state = "";
            return { values, errors };
          }),
        },
        "registration.continue": [
          // A valid first step: the server says whether the e-mail may apply before step 2.
          {
            guard: and(["isStepValid", "isEmailUnchecked"]),
            target: "checkingEmail",
            actions: "trim",
          },
          {
            guard: "isStepValid",
            actions: [
              "trim",
              assign({
                reached: ({ context }) => Math.max(context.reached, context.step + 1),
                step: ({ context }) => context.step + 1,
                errors: {},
              }),
            ],
          },
          // Invalid (or the last step, where Register takes the place of Continue): the step's
          // errors show and nothing moves.
          { actions: "showStepErrors" },
        ],
        "registration.back": {
          guard: "isNotFirstStep",
          actions: assign({ step: ({ context }) => context.step - 1, errors: {} }),
        },
        "registration.goTo": [
          {
            guard: "isEarlierStep",
            actions: ["trim", assign({ step: ({ event }) => event.step, errors: {} })],
          },
          {
            // Forward only to a completed step, and only from a step that is valid as it is.
            guard: and(["isCompletedStepAhead", "isCurrentStepValid"]),
            actions: ["trim", assign({ step: ({ event }) => event.step, errors: {} })],
          },
          { guard: "isCompletedStepAhead", actions: "showStepErrors" },
          // Steps ahead that were never completed cannot be opened: the event is dropped.
        ],
        "registration.toggleTerms": {
          actions: assign({ termsAccepted: ({ event }) => event.accepted }),
        },
        "registration.register": [
          { guard: "isReadyWithTerms", target: "submitting", actions: "trim" },
          { guard: "isReadyWithoutTerms", target: "termsDialog", actions: "trim" },
          { guard: "isLastStep", actions: "showFirstInvalidStep" },
        ],
      },
    },
    checkingEmail: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "Leaving the first step: the server says whether the e-mail can apply (no account, no pending application).",
      invoke: {
        id: "checkEmail",
        src: "checkEmail",
        input: ({ context }) => ({ email: context.values.email }),
        onDone: {
          target: "editing",
          actions: assign({
            emailChecked: ({ context }) => context.values.email,
            reached: ({ context }) => Math.max(context.reached, 1),
            step: 1,
            errors: {},
          }),
        },
        onError: {
          target: "editing",
          // The server's words under the e-mail field, once; a check that could not answer
          // (offline, too many) lets the partner on: the application's submit decides.
          actions: assign(({ context, event }) => {
            const errors = serverErrors(context, event.error);
            return errors.email
              ? { errors: { email: errors.email } }
              : { step: 1, reached: Math.max(context.reached, 1), errors: {} };
          }),
        },
      },
    },
    termsDialog: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "'You must accept the terms and conditions': Register was pressed without accepting them.",
      on: {
        "registration.acceptTerms": {
          target: "submitting",
          actions: assign({ termsAccepted: true }),
        },
        "registration.closeTerms": { target: "editing" },
      },
    },
    submitting: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The application is sent; the form is locked.",
      entry: assign({ failure: null }),
      invoke: {
        id: "submitRegistration",
        src: "submitRegistration",
        input: ({ context }) => ({
          values: trimValues(context.values),
          termsAccepted: true as const,
          countries: context.countries,
        }),
        onDone: { target: "registered" },
        onError: {
          target: "editing",
          // The step of the first field the server points at opens, with its message.
          actions: assign(({ context, event }) => {
            const errors = serverErrors(context, event.error);
            const stepOf = (field: string) =>
              STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
            const steps = Object.keys(errors)
              .map(stepOf)
              .filter((n) => n >= 0);
            return {
              // Said once: under the field it names, else in the form's message.
              failure: steps.length > 0 ? null : failureOf(event.error),
              errors,
              step: steps.length > 0 ? Math.min(...steps) : context.step,
            };
          }),
        },
      },
    },
    registered: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "The thank-you message: the details are being verified and instructions follow by e-mail.",
      type: "final",
    },
  },
});

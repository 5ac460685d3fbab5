import { PASSWORD_MIN } from "../rules/password.js";
import { assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";

export const REGISTRATION_FIELDS = ["firstName", "lastName", "password", "passwordRepeat"] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationValues = Record<RegistrationField, string>;

export interface TeamRegistrationInput {
  token: string;
}

export interface TeamRegistrationRequest extends RegistrationValues {
  token: string;
  termsAccepted: boolean;
}

export interface TeamRegistrationContext {
  token: string;
  values: RegistrationValues;
  termsAccepted: boolean;
  /** Register was pressed with the terms not accepted: the checkbox says so until ticked. */
  termsMissing: boolean;
  termsOpen: boolean;
  /** Translation keys of the form's own rules. */
  errors: Partial<Record<RegistrationField, string>>;
  /** The server's words per field after a refused registration. */
  serverErrors: Partial<Record<string, string>>;
  /** The closable snackbar's text (server detail or a translation key); null when closed. */
  failure: string | null;
  /** Why the link does not work (server's words), or null for the generic text. */
  invalidReason: string | null;
  /**
   * The link an approved partner application sent to its contact (not a colleague's
   * invitation): the page welcomes the new partner; the names they gave are prefilled.
   */
  approvedApplication: boolean;
  /** The company the link is for, once checked. */
  companyName: string | null;
  /** Both names came with the link (filled in, not asked). */
  namesKnown: boolean;
}

/** What the check of the link answers (the gateway's `teamInvitation`). */
export interface InvitationCheck {
  valid: boolean;
  message: string | null;
  companyName?: string | null;
  approvedApplication?: boolean;
  /** Names already known (an approved application's contact), to prefill. */
  firstName?: string | null;
  lastName?: string | null;
}

export type TeamRegistrationEvent =
  | { type: "registration.change"; field: RegistrationField; value: string }
  | { type: "registration.setTerms"; value: boolean }
  | { type: "registration.openTerms" }
  | { type: "registration.closeTerms" }
  | { type: "registration.acceptTerms" }
  | { type: "registration.submit" }
  | { type: "registration.dismissFailure" };

/** The error key of one field (account spec 5 "Team-member registration"), if any. */
export function registrationFieldError(
  field: RegistrationField,
  values: RegistrationValues,
): string | undefined {
  const value = values[field];
  if (field === "firstName" || field === "lastName") {
    if (value.trim() === "") return "teamRegistration.errors.required";
    if (value.trim().length < 2) return "teamRegistration.errors.minLength";
    return undefined;
  }
  // Passwords are taken as typed: no trimming.
  if (value === "") return "teamRegistration.errors.required";
  // At least 10 characters, said before the server refuses it (issue 30).
  if (field === "password" && value.length < PASSWORD_MIN)
    return "teamRegistration.errors.passwordTooShort";
  // Stryker disable next-line ConditionalExpression: for the password itself value is values.password, so only the repeat can differ
  if (field === "passwordRepeat" && value !== values.password)
    return "teamRegistration.errors.passwordMismatch";
  return undefined;
}

export function registrationErrors(values: RegistrationValues): TeamRegistrationContext["errors"] {
  const errors: TeamRegistrationContext["errors"] = {};
  for (const field of REGISTRATION_FIELDS) {
    const error = registrationFieldError(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

type Violations = { propertyPath?: unknown; message?: unknown }[];
const violationsOf = (error: unknown): Violations => {
  const v = (error as { violations?: unknown } | undefined)?.violations;
  // Stryker disable next-line ArrayDeclaration: an entry that is no violation object (a text) is skipped like none
  return Array.isArray(v) ? (v as Violations) : [];
};
const FIELD_OF: Record<string, string> = { newPlainPassword: "password" };

/**
 * The team-member registration page (account spec 2, 4, 5, 8): the invitation token from the
 * URL is checked first, and a link that does not work says so instead of showing a form. An
 * approved partner application's link comes with the names the applicant gave, filled in. The
 * form asks first and last name (at least 2 characters) and the password twice ('Passwords do
 * not match'); Register sends only once the terms are accepted, in the form or in the 'Terms &
 * Conditions' dialog. Errors show in a closable snackbar; success shows 'Your registration is
 * complete! Log in now to get started.' with the sign-in link.
 */
export const teamRegistrationMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as TeamRegistrationContext,
    events: {} as TeamRegistrationEvent,
    input: {} as TeamRegistrationInput,
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    checkInvitation: unprovided<InvitationCheck, { token: string }>("checkInvitation"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    registerTeamMember: unprovided<void, TeamRegistrationRequest>("registerTeamMember"),
  },
  guards: {
    isInvitationValid: (_, params: { valid: boolean }) => params.valid,
    isComplete: ({ context }) =>
      context.termsAccepted && Object.keys(registrationErrors(context.values)).length === 0,
    isTokenRefused: (_, params: { error: unknown }) =>
      violationsOf(params.error).some((v) => v.propertyPath === "token"),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "teamRegistration",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "An invited colleague sets a name and a password.",
  context: ({ input }) => ({
    token: input.token,
    values: { firstName: "", lastName: "", password: "", passwordRepeat: "" },
    termsAccepted: false,
    termsMissing: false,
    termsOpen: false,
    errors: {},
    serverErrors: {},
    failure: null,
    invalidReason: null,
    approvedApplication: false,
    companyName: null,
    namesKnown: false,
  }),
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "checking"
  initial: "checking",
  states: {
    checking: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The invitation link is being checked.",
      invoke: {
        id: "checkInvitation",
        src: "checkInvitation",
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: {
              type: "isInvitationValid",
              params: ({ event }) => ({ valid: event.output.valid === true }),
            },
            target: "editing",
            // What the application already gave is not asked again: the names are filled in
            // (still editable, and checked by the form's rules and the server as typed ones).
            actions: assign({
              approvedApplication: ({ event }) => event.output.approvedApplication === true,
              companyName: ({ event }) => event.output.companyName ?? null,
              namesKnown: ({ event }) => Boolean(event.output.firstName && event.output.lastName),
              values: ({ context, event }) => ({
                ...context.values,
                firstName: event.output.firstName ?? context.values.firstName,
                lastName: event.output.lastName ?? context.values.lastName,
              }),
            }),
          },
          {
            target: "invalid",
            actions: assign({ invalidReason: ({ event }) => event.output.message }),
          },
        ],
        // The check could not run (network): the form shows, the registration will tell.
        onError: { target: "editing" },
      },
    },
    invalid: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The link is unknown, used or expired: a clear message, no form.",
      type: "final",
    },
    editing: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "The form; Register sends it once every field is right and the terms are accepted, else marks each field wrong and the terms not accepted.",
      on: {
        "registration.change": {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
            errors: ({ context, event }) => {
              const next = { ...context.values, [event.field]: event.value };
              const errors = {
                ...context.errors,
                [event.field]: registrationFieldError(event.field, next),
              };
              // The repeat is compared again when the first password changes.
              if (event.field === "password" && next.passwordRepeat !== "")
                errors.passwordRepeat = registrationFieldError("passwordRepeat", next);
              return errors;
            },
            serverErrors: ({ context, event }) => ({
              ...context.serverErrors,
              [event.field]: undefined,
            }),
          }),
        },
        "registration.setTerms": {
          actions: assign({
            termsAccepted: ({ event }) => event.value,
            termsMissing: ({ context, event }) => context.termsMissing && !event.value,
          }),
        },
        "registration.openTerms": { actions: assign({ termsOpen: true }) },
        "registration.closeTerms": { actions: assign({ termsOpen: false }) },
        "registration.acceptTerms": {
          actions: assign({ termsOpen: false, termsAccepted: true, termsMissing: false }),
        },
        "registration.dismissFailure": { actions: assign({ failure: null }) },
        "registration.submit": [
          { guard: "isComplete", target: "registering" },
          // Not ready: every wrong field and the unaccepted terms say so at once (issue 30).
          {
            actions: assign({
              errors: ({ context }) => registrationErrors(context.values),
              termsMissing: ({ context }) => !context.termsAccepted,
            }),
          },
        ],
      },
    },
    registering: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The registration is being sent; the form is locked.",
      entry: assign({ failure: null, serverErrors: {} }),
      invoke: {
        id: "registerTeamMember",
        src: "registerTeamMember",
        input: ({ context }) => ({
          token: context.token,
          firstName: context.values.firstName.trim(),
          lastName: context.values.lastName.trim(),
          password: context.values.password,
          passwordRepeat: context.values.passwordRepeat,
          termsAccepted: context.termsAccepted,
        }),
        onDone: { target: "registered" },
        onError: [
          {
            // Used or expired meanwhile (another tab, the deadline): the form can do no good.
            guard: { type: "isTokenRefused", params: ({ event }) => ({ error: event.error }) },
            target: "invalid",
            actions: assign({
              invalidReason: ({ event }) => {
                const v = violationsOf(event.error).find((x) => x.propertyPath === "token");
                // Stryker disable next-line OptionalChaining: the guard isTokenRefused just found the token's violation
                return typeof v?.message === "string" ? v.message : null;
              },
            }),
          },
          {
            target: "editing",
            actions: assign({
              failure: ({ event }) => {
                // A refusal's detail: the server's words in the person's language.
                const data = event.error as { detail?: unknown } | undefined;
                return typeof data?.detail === "string" && data.detail !== ""
                  ? data.detail
                  : "teamRegistration.failed";
              },
              serverErrors: ({ event }) => {
                const out: Record<string, string> = {};
                for (const v of violationsOf(event.error)) {
                  if (typeof v.propertyPath !== "string" || typeof v.message !== "string") continue;
                  out[FIELD_OF[v.propertyPath] ?? v.propertyPath] ??= v.message;
                }
                return out;
              },
            }),
          },
        ],
      },
    },
    registered: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "'Your registration is complete! Log in now to get started.' with the sign-in link.",
      type: "final",
    },
  },
});

import { passwordLengthError } from "../rules/password.js";
import { phoneValid } from "../rules/address.js";
import { assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";

export const PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "jobTitle",
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

export const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmNewPassword"] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];
export type PasswordValues = Record<PasswordField, string>;

/** Account spec 5 "Personal details": first name, last name and e-mail are required. */
const REQUIRED: readonly ProfileField[] = ["firstName", "lastName", "email"];
/** The fields the form judges: the required ones and the phone (issue 30). */
const JUDGED: readonly ProfileField[] = [...REQUIRED, "phoneNumber"];

/**
 * What a save answers: the saved values (the e-mail as it still is) and the new e-mail that
 * waits for its confirmation link, if the save asked for one.
 */
export interface ProfileSaved {
  values: ProfileValues;
  pendingEmail: string | null;
}

/** The save's input: the details, plus the current password when the e-mail is a new one. */
export type ProfileSaveInput = ProfileValues & { currentPassword?: string };

export interface ProfileContext {
  values: ProfileValues;
  /** The sign-in e-mail as last loaded or saved: a different e-mail asks for the password. */
  savedEmail: string;
  /** The current password typed to change the e-mail (issue 18, finding 2). */
  emailPassword: string;
  /** The new e-mail a confirmation link was sent to, shown until the person opens it. */
  pendingEmail: string | null;
  /** Translation keys of the form's own rules. */
  errors: Partial<Record<ProfileField | "emailPassword", string>>;
  /** The server's words per field after a refused save or password change. */
  serverErrors: Partial<Record<ProfileField | PasswordField | "emailPassword", string>>;
  /** The server's detail after a refused save (My information). */
  failure: string | null;
  password: PasswordValues;
  /** The server's detail after a refused password change. */
  passwordFailure: string | null;
  loadFailure: string | null;
}

export type ProfileEvent =
  | { type: "profile.retry" }
  | { type: "profile.change"; field: ProfileField; value: string }
  | { type: "profile.emailPassword"; value: string }
  | { type: "profile.save" }
  | { type: "password.change"; field: PasswordField; value: string }
  | { type: "password.submit" };

const EMPTY_PASSWORD: PasswordValues = {
  currentPassword: "",
  newPassword: "",
  confirmNewPassword: "",
};

function fieldError(field: ProfileField, value: string): string | undefined {
  if (REQUIRED.includes(field) && value.trim() === "") return "me.errors.required";
  // A phone number, when given, of digits (rules/address.ts, as the server).
  if (field === "phoneNumber" && value.trim() !== "" && !phoneValid(value))
    return "me.errors.phone";
  return undefined;
}

/** A new e-mail (not only another case of the saved one) needs the current password. */
export function isEmailChanged(context: Pick<ProfileContext, "values" | "savedEmail">): boolean {
  return context.values.email.trim().toLowerCase() !== context.savedEmail.trim().toLowerCase();
}

function emailPasswordError(context: ProfileContext): string | undefined {
  return isEmailChanged(context) && context.emailPassword === ""
    ? "me.errors.passwordForEmail"
    : undefined;
}

/**
 * Account spec 5: the password button works only with all three fields non-blank, and (issue
 * 30) a new password of at least 10 characters, which the form says at the field.
 */
export function isPasswordComplete(p: PasswordValues): boolean {
  return (
    PASSWORD_FIELDS.every((f) => p[f].trim() !== "") && passwordLengthError(p.newPassword) === null
  );
}

function messageOf(error: unknown): string | null {
  const data = error as { message?: unknown; detail?: unknown } | undefined;
  const text = typeof data?.message === "string" ? data.message : data?.detail;
  return typeof text === "string" && text !== "" ? text : null;
}

function serverErrorsOf(
  error: unknown,
  rename: Record<string, string> = {},
): ProfileContext["serverErrors"] {
  const violations = (error as { violations?: unknown } | undefined)?.violations;
  if (!Array.isArray(violations)) return {};
  const out: Record<string, string> = {};
  for (const v of violations as { propertyPath?: unknown; message?: unknown }[]) {
    if (typeof v.propertyPath === "string" && typeof v.message === "string")
      out[rename[v.propertyPath] ?? v.propertyPath] ??= v.message;
  }
  return out;
}

/**
 * My information (account spec 2, 5, 8): the personal fields, and beside them the password
 * change with current, new and repeated password. The two forms work independently (parallel
 * regions): saving one keeps what was typed in the other. A changed password ends every other
 * session of the user server-side; the server sets this session's fresh token as its
 * cookie (decision 037), so the person stays signed in.
 */
export const profileMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    loadProfile: unprovided<ProfileValues>("loadProfile"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    saveProfile: unprovided<ProfileSaved, ProfileSaveInput>("saveProfile"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    changePassword: unprovided<void, PasswordValues>("changePassword"),
  },
  actions: {
    notifyProfileSaved: () => {},
    notifyPasswordChanged: () => {},
  },
  guards: {
    isProfileValid: ({ context }) =>
      JUDGED.every((f) => fieldError(f, context.values[f]) === undefined) &&
      emailPasswordError(context) === undefined,
    isPasswordComplete: ({ context }) => isPasswordComplete(context.password),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "profile",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "My information and the password change.",
  context: {
    values: { firstName: "", lastName: "", email: "", phoneNumber: "", jobTitle: "" },
    savedEmail: "",
    emailPassword: "",
    pendingEmail: null,
    errors: {},
    serverErrors: {},
    failure: null,
    password: EMPTY_PASSWORD,
    passwordFailure: null,
    loadFailure: null,
  },
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "loading"
  initial: "loading",
  states: {
    loading: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The signed-in user's details are being loaded.",
      entry: assign({ loadFailure: null }),
      invoke: {
        id: "loadProfile",
        src: "loadProfile",
        onDone: {
          target: "loaded",
          actions: assign({
            values: ({ event }) => event.output,
            savedEmail: ({ event }) => event.output.email,
          }),
        },
        onError: {
          target: "loadFailed",
          actions: assign({
            loadFailure: ({ event }) => messageOf(event.error) ?? "me.loadFailed",
          }),
        },
      },
    },
    loadFailed: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The details could not be loaded; the error shows with a retry.",
      on: { "profile.retry": { target: "loading" } },
    },
    loaded: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Both forms are shown.",
      type: "parallel",
      states: {
        details: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "The personal details form.",
          initial: "editing",
          states: {
            editing: {
              // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
              description:
                "Typing; a required field shows 'Field is required' once blank, a phone number with letters says so.",
              on: {
                "profile.change": {
                  actions: assign({
                    values: ({ context, event }) => ({
                      ...context.values,
                      [event.field]: event.value,
                    }),
                    errors: ({ context, event }) => ({
                      ...context.errors,
                      [event.field]: fieldError(event.field, event.value),
                    }),
                    serverErrors: ({ context, event }) => ({
                      ...context.serverErrors,
                      [event.field]: undefined,
                    }),
                  }),
                },
                // The current password, asked only while the e-mail differs from the saved one.
                "profile.emailPassword": {
                  actions: assign({
                    emailPassword: ({ event }) => event.value,
                    errors: ({ context }) => ({ ...context.errors, emailPassword: undefined }),
                    serverErrors: ({ context }) => ({
                      ...context.serverErrors,
                      emailPassword: undefined,
                    }),
                  }),
                },
                "profile.save": [
                  { guard: "isProfileValid", target: "saving" },
                  {
                    actions: assign({
                      errors: ({ context }) => ({
                        ...(Object.fromEntries(
                          JUDGED.map((f) => [f, fieldError(f, context.values[f])]),
                        ) as ProfileContext["errors"]),
                        emailPassword: emailPasswordError(context),
                      }),
                    }),
                  },
                ],
              },
            },
            saving: {
              // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
              description: "The details are being saved; the form is locked.",
              entry: assign({ failure: null }),
              invoke: {
                id: "saveProfile",
                src: "saveProfile",
                input: ({ context }) => ({
                  firstName: context.values.firstName.trim(),
                  lastName: context.values.lastName.trim(),
                  email: context.values.email.trim(),
                  phoneNumber: context.values.phoneNumber.trim(),
                  jobTitle: context.values.jobTitle.trim(),
                  ...(isEmailChanged(context) ? { currentPassword: context.emailPassword } : {}),
                }),
                onDone: {
                  target: "editing",
                  // The e-mail field goes back to the sign-in e-mail; the new one is pending.
                  actions: [
                    assign({
                      values: ({ event }) => event.output.values,
                      savedEmail: ({ event }) => event.output.values.email,
                      pendingEmail: ({ context, event }) =>
                        event.output.pendingEmail ?? context.pendingEmail,
                      emailPassword: "",
                    }),
                    "notifyProfileSaved",
                  ],
                },
                onError: {
                  target: "editing",
                  actions: assign({
                    failure: ({ event }) => messageOf(event.error) ?? "me.saveFailed",
                    // The details form's password field is not the password block's.
                    serverErrors: ({ context, event }) => ({
                      ...context.serverErrors,
                      ...serverErrorsOf(event.error, { currentPassword: "emailPassword" }),
                    }),
                  }),
                },
              },
            },
          },
        },
        password: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "The password change block.",
          initial: "editing",
          states: {
            editing: {
              // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
              description: "Typing; the button is disabled until all three fields are filled.",
              on: {
                "password.change": {
                  actions: assign({
                    password: ({ context, event }) => ({
                      ...context.password,
                      [event.field]: event.value,
                    }),
                    serverErrors: ({ context, event }) => ({
                      ...context.serverErrors,
                      [event.field]: undefined,
                    }),
                  }),
                },
                // With a blank field the submit is ignored, as the disabled button would.
                "password.submit": { guard: "isPasswordComplete", target: "changing" },
              },
            },
            changing: {
              // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
              description: "The new password is being set; the block is locked.",
              entry: assign({ passwordFailure: null }),
              invoke: {
                id: "changePassword",
                src: "changePassword",
                input: ({ context }) => context.password,
                onDone: {
                  target: "editing",
                  actions: [assign({ password: EMPTY_PASSWORD }), "notifyPasswordChanged"],
                },
                onError: {
                  target: "editing",
                  actions: assign({
                    passwordFailure: ({ event }) => messageOf(event.error) ?? "me.password.failed",
                    serverErrors: ({ context, event }) => ({
                      ...context.serverErrors,
                      ...serverErrorsOf(event.error),
                    }),
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});

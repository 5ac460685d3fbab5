import { profileMachine } from "../../../machines/profile.machine.js";
import { done, failed, filled } from "../support/events.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

export const PROFILE = {
  firstName: "Ada",
  lastName: "Admin",
  email: "admin@demo-spa.example",
  phoneNumber: "",
  jobTitle: "",
};

type Values = Record<string, string>;
type Ctx = {
  values: Values;
  savedEmail: string;
  emailPassword: string;
  pendingEmail: string | null;
  errors: Record<string, string | undefined>;
  serverErrors: Record<string, string | undefined>;
  failure: string | null;
  password: Values;
  passwordFailure: string | null;
  loadFailure: string | null;
};

const NO_PASSWORD = { currentPassword: "", newPassword: "", confirmNewPassword: "" };
const blank = (v: string) => /^\s*$/.test(v);
const trim = (v: string) => v.replace(/^\s+|\s+$/g, "");
/** First name, last name and e-mail are required (account spec 5). */
const required = (field: string, value: string) =>
  ["firstName", "lastName", "email"].includes(field) && blank(value)
    ? "me.errors.required"
    : undefined;
/** A phone number, when given: digits with +, spaces, brackets, dashes; 6 to 15 digits. */
const phoneWrong = (value: string) => {
  const v = trim(value);
  const digits = v.split("").filter((ch) => ch >= "0" && ch <= "9").length;
  return v !== "" && (/[^0-9+ ().\-/]/.test(v) || /.\+/.test(v) || digits < 6 || digits > 15);
};
/** The error a change or a save shows at a field: required, or a phone of digits (issue 30). */
const judged = (field: string, value: string) =>
  required(field, value) ??
  (field === "phoneNumber" && phoneWrong(value) ? "me.errors.phone" : undefined);
/** Another e-mail than the sign-in one, ignoring case and surrounding spaces. */
const newEmail = (c: Ctx) =>
  trim(c.values.email!).toLowerCase() !== trim(c.savedEmail).toLowerCase();
/** The server's message, else its detail (empty words count as none). */
function words(error: unknown): string | null {
  const e = (error ?? {}) as { message?: unknown; detail?: unknown };
  for (const w of [e.message, e.detail]) if (typeof w === "string" && w.length > 0) return w;
  return null;
}
/** The server's field errors: the first message per field, renamed where the form calls it so. */
function fieldErrors(error: unknown, rename: Record<string, string> = {}) {
  const out: Record<string, string> = {};
  const list = (error as { violations?: unknown } | null)?.violations;
  if (Array.isArray(list))
    for (const v of list as { propertyPath?: unknown; message?: unknown }[])
      if (typeof v.propertyPath === "string" && typeof v.message === "string") {
        const field = rename[v.propertyPath] ?? v.propertyPath;
        if (!(field in out)) out[field] = v.message;
      }
  return out;
}

/**
 * My information (account spec 2, 5 and 8), stated without the machine. The details form: a
 * change marks a blank required field 'me.errors.required', a phone number that is not of
 * digits 'me.errors.phone' (issue 30), and clears it and the server's word on that field
 * otherwise; saving needs the three required fields, a phone of digits or none and, for another e-mail than
 * the sign-in one (case and spaces aside), the current password, else it marks what is missing
 * ('me.errors.passwordForEmail'). The save sends every field trimmed, plus the current password
 * only with a new e-mail; success takes the saved values, keeps a new pending e-mail (or the
 * one pending before) and forgets the password typed; a refusal shows the server's words
 * ('me.saveFailed' without any) and its field errors. The password block, independent of it,
 * sends the three fields as typed once none is blank; success (the server renews the session
 * cookie) empties the block and says so; a refusal shows the words ('me.password.failed') and field errors.
 */
function oracle({ event, before }: OracleStep): OracleExpectation {
  const c = before.context as Ctx;
  if (event.type === "xstate.init")
    return {
      value: "loading",
      context: {
        values: { firstName: "", lastName: "", email: "", phoneNumber: "", jobTitle: "" },
        savedEmail: "",
        emailPassword: "",
        pendingEmail: null,
        errors: {},
        serverErrors: {},
        failure: null,
        password: NO_PASSWORD,
        passwordFailure: null,
        loadFailure: null,
      },
      started: { loadProfile: undefined },
    };
  const stay = { value: before.value, context: c };
  const e = event as {
    type: string;
    field?: string;
    value?: string;
    output?: { values?: Values; pendingEmail?: string | null } & Values;
    error?: unknown;
  };
  if (before.value === "loading") {
    if (e.type === "xstate.done.actor.loadProfile")
      return {
        value: { loaded: { details: "editing", password: "editing" } },
        context: { ...c, values: e.output, savedEmail: e.output!.email },
      };
    if (e.type === "xstate.error.actor.loadProfile")
      return {
        value: "loadFailed",
        context: { ...c, loadFailure: words(e.error) ?? "me.loadFailed" },
      };
    return stay;
  }
  if (before.value === "loadFailed")
    return e.type === "profile.retry"
      ? {
          value: "loading",
          context: { ...c, loadFailure: null },
          started: { loadProfile: undefined },
        }
      : stay;
  const regions = (before.value as { loaded: { details: string; password: string } }).loaded;
  const at = (details: string, password: string) => ({ loaded: { details, password } });
  if (regions.details === "editing") {
    switch (e.type) {
      case "profile.change":
        return {
          value: before.value,
          context: {
            ...c,
            values: { ...c.values, [e.field!]: e.value },
            errors: { ...c.errors, [e.field!]: judged(e.field!, e.value!) },
            serverErrors: { ...c.serverErrors, [e.field!]: undefined },
          },
        };
      case "profile.emailPassword":
        return {
          value: before.value,
          context: {
            ...c,
            emailPassword: e.value,
            errors: { ...c.errors, emailPassword: undefined },
            serverErrors: { ...c.serverErrors, emailPassword: undefined },
          },
        };
      case "profile.save": {
        const passwordMissing = newEmail(c) && c.emailPassword === "";
        const missing = ["firstName", "lastName", "email"].some((f) => blank(c.values[f]!));
        const phone = phoneWrong(c.values.phoneNumber!);
        if (missing || phone || passwordMissing)
          return {
            value: before.value,
            context: {
              ...c,
              errors: {
                firstName: required("firstName", c.values.firstName!),
                lastName: required("lastName", c.values.lastName!),
                email: required("email", c.values.email!),
                phoneNumber: phone ? "me.errors.phone" : undefined,
                emailPassword: passwordMissing ? "me.errors.passwordForEmail" : undefined,
              },
            },
          };
        const v = c.values;
        return {
          value: at("saving", regions.password),
          context: { ...c, failure: null },
          started: {
            saveProfile: {
              firstName: trim(v.firstName!),
              lastName: trim(v.lastName!),
              email: trim(v.email!),
              phoneNumber: trim(v.phoneNumber!),
              jobTitle: trim(v.jobTitle!),
              ...(newEmail(c) ? { currentPassword: c.emailPassword } : {}),
            },
          },
        };
      }
    }
  }
  if (regions.details === "saving") {
    if (e.type === "xstate.done.actor.saveProfile") {
      const out = e.output!;
      return {
        value: at("editing", regions.password),
        context: {
          ...c,
          values: out.values,
          savedEmail: out.values!.email,
          pendingEmail: out.pendingEmail ?? c.pendingEmail,
          emailPassword: "",
        },
        actions: [{ type: "notifyProfileSaved" }],
      };
    }
    if (e.type === "xstate.error.actor.saveProfile")
      return {
        value: at("editing", regions.password),
        context: {
          ...c,
          failure: words(e.error) ?? "me.saveFailed",
          serverErrors: {
            ...c.serverErrors,
            ...fieldErrors(e.error, { currentPassword: "emailPassword" }),
          },
        },
      };
  }
  if (regions.password === "editing") {
    if (e.type === "password.change")
      return {
        value: before.value,
        context: {
          ...c,
          password: { ...c.password, [e.field!]: e.value },
          serverErrors: { ...c.serverErrors, [e.field!]: undefined },
        },
      };
    if (e.type === "password.submit")
      // A new password of fewer than 10 or more than 128 characters is not sent (issue 30).
      return Object.values(c.password).some(blank) ||
        (c.password.newPassword ?? "").length < 10 ||
        (c.password.newPassword ?? "").length > 128
        ? stay
        : {
            value: at(regions.details, "changing"),
            context: { ...c, passwordFailure: null },
            started: { changePassword: c.password },
          };
  }
  if (regions.password === "changing") {
    if (e.type === "xstate.done.actor.changePassword")
      return {
        value: at(regions.details, "editing"),
        context: { ...c, password: NO_PASSWORD },
        // The server sets the fresh session cookie itself: nothing is stored here.
        actions: [{ type: "notifyPasswordChanged" }],
      };
    if (e.type === "xstate.error.actor.changePassword")
      return {
        value: at(regions.details, "editing"),
        context: {
          ...c,
          passwordFailure: words(e.error) ?? "me.password.failed",
          serverErrors: { ...c.serverErrors, ...fieldErrors(e.error) },
        },
      };
  }
  return stay;
}

export const model: MachineModel = {
  machine: profileMachine,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      filled(s.context.values.firstName),
      s.context.values.phoneNumber === "030 CALL",
      Object.values(s.context.errors).filter(Boolean).length,
      Object.values(s.context.serverErrors).filter(Boolean).length > 0,
      s.context.failure !== null,
      Object.values(s.context.password).map(filled),
      s.context.passwordFailure !== null,
      s.context.loadFailure !== null,
      // The e-mail change: a new e-mail, and whether the current password is typed. (One flag,
      // "new e-mail still waiting for the password", merged a new e-mail with its password
      // into the unchanged e-mail: no path saved a new e-mail, so its input went unchecked.)
      s.context.values.email !== s.context.savedEmail,
      filled(s.context.emailPassword),
    ]),
  events: (s) => [
    done("loadProfile", PROFILE),
    failed("loadProfile", { message: "Down" }),
    { type: "profile.retry" },
    {
      type: "profile.change",
      field: "firstName",
      value: s.context.values.firstName ? "" : "Ada",
    },
    // Issue 30: letters in the phone number, then digits again.
    {
      type: "profile.change",
      field: "phoneNumber",
      value: s.context.values.phoneNumber === "030 CALL" ? "+49 (30) 123-456" : "030 CALL",
    },
    {
      type: "profile.change",
      field: "email",
      value: s.context.values.email === PROFILE.email ? "new@demo-spa.example" : PROFILE.email,
    },
    // Typed only while it is asked for (a new e-mail, no password yet): fewer paths.
    ...(s.context.values.email !== s.context.savedEmail && !filled(s.context.emailPassword)
      ? [{ type: "profile.emailPassword", value: "secret-phrase" }]
      : []),
    { type: "profile.save" },
    done("saveProfile", {
      values: PROFILE,
      pendingEmail: s.context.values.email === PROFILE.email ? null : s.context.values.email,
    }),
    failed("saveProfile", {
      message: "Invalid",
      violations: [
        { propertyPath: "email", message: "Taken" },
        { propertyPath: "currentPassword", message: "Wrong password" },
      ],
    }),
    failed("saveProfile", {}),
    ...(["currentPassword", "newPassword", "confirmNewPassword"] as const).map((field) => ({
      type: "password.change",
      field,
      value: s.context.password[field] ? "" : "secret-phrase",
    })),
    // Nine characters: one short (issue 30).
    { type: "password.change", field: "newPassword", value: "secret-ph" },
    { type: "password.submit" },
    done("changePassword", undefined),
    failed("changePassword", { message: "Wrong current password" }),
    failed("changePassword", {
      detail: "Refused",
      violations: [
        { propertyPath: "newPassword", message: "Too short" },
        { propertyPath: "newPassword", message: "Too common" },
      ],
    }),
  ],
  invariants: {
    "saves a new e-mail only with the current password": (s) =>
      !JSON.stringify(s.value).includes("saving") ||
      s.context.values.email === s.context.savedEmail ||
      filled(s.context.emailPassword),
    "changes the password only with all three fields": (s) =>
      !JSON.stringify(s.value).includes("changing") ||
      Object.values(s.context.password).every(filled),
  },
  oracle,
};

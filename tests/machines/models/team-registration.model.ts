import { teamRegistrationMachine } from "../../../machines/team-registration.machine.js";
import { done, failed, filled } from "../support/events.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

type Values = { firstName: string; lastName: string; password: string; passwordRepeat: string };
type Ctx = {
  token: string;
  values: Values;
  termsAccepted: boolean;
  termsMissing: boolean;
  termsOpen: boolean;
  errors: Record<string, string | undefined>;
  serverErrors: Record<string, string | undefined>;
  failure: string | null;
  invalidReason: string | null;
};
type Violation = { propertyPath?: unknown; message?: unknown };

/**
 * Account spec 5 "Team-member registration", written out: a name must hold at least two
 * characters once its surrounding spaces are gone (none at all: required); a password is taken
 * as typed and must not be empty, and holds at least 10 characters (issue 30); the repeat must
 * equal the password.
 */
function ruleFor(field: keyof Values, v: Values): string | undefined {
  if (field === "firstName" || field === "lastName") {
    const name = v[field].replace(/^\s+|\s+$/g, "");
    if (name.length === 0) return "teamRegistration.errors.required";
    return name.length === 1 ? "teamRegistration.errors.minLength" : undefined;
  }
  if (v[field].length === 0) return "teamRegistration.errors.required";
  if (field === "password" && v.password.length < 10)
    return "teamRegistration.errors.passwordTooShort";
  if (field === "passwordRepeat" && v.passwordRepeat !== v.password)
    return "teamRegistration.errors.passwordMismatch";
  return undefined;
}
const FIELDS = ["firstName", "lastName", "password", "passwordRepeat"] as const;

/**
 * The team-member registration page (account spec 2, 4, 5 and 8), stated without the machine:
 * the token is checked first; an invalid link says why and shows no form (a check that could
 * not run shows the form). Each change judges its own field (and the repeat again when the
 * password changes and a repeat is typed) and clears the server's word on it. Register with
 * the terms accepted and every field right sends the token, the names trimmed, the passwords
 * as typed and the terms answer; otherwise it marks every wrong field and, when they are not
 * accepted, the terms (until they are ticked or accepted in the dialog). A refusal naming the
 * token ends in the invalid-link page with its words; any other shows the server's message
 * (else 'teamRegistration.failed') and its field errors (newPlainPassword is the password).
 */
function oracle({ event, before, input }: OracleStep): OracleExpectation {
  const c = before.context as Ctx;
  if (event.type === "xstate.init") {
    const token = (input as { token: string }).token;
    return {
      value: "checking",
      context: {
        token,
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
      },
      started: { checkInvitation: { token } },
    };
  }
  const stay = { value: before.value, context: c };
  const e = event as {
    type: string;
    field?: keyof Values;
    value?: string & boolean;
    output?: { valid?: unknown; message?: string | null };
    error?: { detail?: unknown; violations?: unknown } | null;
  };
  const set = (context: Partial<Ctx>) => ({ value: "editing", context: { ...c, ...context } });
  switch (before.value) {
    case "checking":
      if (e.type === "xstate.done.actor.checkInvitation") {
        const o = e.output! as typeof e.output & {
          companyName?: string | null;
          approvedApplication?: boolean;
          firstName?: string | null;
          lastName?: string | null;
        };
        if (o.valid !== true)
          return { value: "invalid", context: { ...c, invalidReason: o.message } };
        // An approved application's link: the names it gave are filled in, the rest as typed.
        return {
          value: "editing",
          context: {
            ...c,
            approvedApplication: o.approvedApplication === true,
            companyName: o.companyName ?? null,
            namesKnown: Boolean(o.firstName) && Boolean(o.lastName),
            values: {
              ...c.values,
              firstName: o.firstName ?? c.values.firstName,
              lastName: o.lastName ?? c.values.lastName,
            },
          },
        };
      }
      if (e.type === "xstate.error.actor.checkInvitation") return { value: "editing", context: c };
      return stay;
    case "editing":
      switch (e.type) {
        case "registration.change": {
          const values = { ...c.values, [e.field!]: e.value };
          const errors = { ...c.errors, [e.field!]: ruleFor(e.field!, values) };
          if (e.field === "password" && values.passwordRepeat !== "")
            errors.passwordRepeat = ruleFor("passwordRepeat", values);
          return set({
            values,
            errors,
            serverErrors: { ...c.serverErrors, [e.field!]: undefined },
          });
        }
        case "registration.setTerms":
          // Ticking the terms ends their error; unticking does not bring it back.
          return set({ termsAccepted: e.value, termsMissing: c.termsMissing && !e.value });
        case "registration.openTerms":
          return set({ termsOpen: true });
        case "registration.closeTerms":
          return set({ termsOpen: false });
        case "registration.acceptTerms":
          return set({ termsOpen: false, termsAccepted: true, termsMissing: false });
        case "registration.dismissFailure":
          return set({ failure: null });
        case "registration.submit": {
          const errors: Record<string, string> = {};
          for (const f of FIELDS) {
            const error = ruleFor(f, c.values);
            if (error !== undefined) errors[f] = error;
          }
          // Every missing piece at once: the wrong fields and the terms not accepted.
          if (!c.termsAccepted || Object.keys(errors).length > 0)
            return set({ errors, termsMissing: !c.termsAccepted });
          const v = c.values;
          return {
            value: "registering",
            context: { ...c, failure: null, serverErrors: {} },
            started: {
              registerTeamMember: {
                token: c.token,
                firstName: v.firstName.replace(/^\s+|\s+$/g, ""),
                lastName: v.lastName.replace(/^\s+|\s+$/g, ""),
                password: v.password,
                passwordRepeat: v.passwordRepeat,
                termsAccepted: true,
              },
            },
          };
        }
      }
      return stay;
    case "registering": {
      if (e.type === "xstate.done.actor.registerTeamMember")
        return { value: "registered", context: c };
      if (e.type !== "xstate.error.actor.registerTeamMember") return stay;
      const list: Violation[] = Array.isArray(e.error?.violations) ? e.error.violations : [];
      const token = list.find((x) => x.propertyPath === "token");
      if (token)
        return {
          value: "invalid",
          context: {
            ...c,
            invalidReason: typeof token.message === "string" ? token.message : null,
          },
        };
      const serverErrors: Record<string, string> = {};
      for (const x of list)
        if (typeof x.propertyPath === "string" && typeof x.message === "string") {
          const field = x.propertyPath === "newPlainPassword" ? "password" : x.propertyPath;
          serverErrors[field] ??= x.message;
        }
      const detail = e.error?.detail;
      return set({
        failure: typeof detail === "string" && detail !== "" ? detail : "teamRegistration.failed",
        serverErrors,
      });
    }
  }
  return stay;
}

export const model: MachineModel = {
  machine: teamRegistrationMachine,
  input: { token: "tok" },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      Object.values(s.context.values).map(filled),
      s.context.values.firstName.trim().length === 1,
      s.context.values.password === s.context.values.passwordRepeat,
      Object.values(s.context.errors).filter(Boolean).length > 0,
      Object.values(s.context.serverErrors).filter(Boolean).length > 0,
      s.context.termsAccepted,
      s.context.termsMissing,
      s.context.termsOpen,
      s.context.failure !== null,
      s.context.invalidReason !== null,
      s.context.approvedApplication,
    ]),
  events: (s) => [
    done("checkInvitation", { valid: true, message: null }),
    done("checkInvitation", {
      valid: true,
      message: null,
      companyName: "Atelier Nord Inc.",
      approvedApplication: true,
      firstName: "Anna",
      lastName: "Berg",
    }),
    // A link that knows the first name only: the names are not taken as known.
    done("checkInvitation", { valid: true, message: null, firstName: "Anna", lastName: null }),
    done("checkInvitation", { valid: false, message: "Link used" }),
    failed("checkInvitation", new Error("network")),
    ...(["firstName", "lastName", "password"] as const).map((field) => ({
      type: "registration.change",
      field,
      value: s.context.values[field] ? "" : " Ada-secret-1",
    })),
    // Nine characters: one short of a password (issue 30).
    { type: "registration.change", field: "password", value: "Ada-secr1" },
    // One letter between spaces: too short once trimmed.
    { type: "registration.change", field: "firstName", value: " A " },
    // Spaces only: no name at all; two letters: long enough.
    { type: "registration.change", field: "firstName", value: "   " },
    { type: "registration.change", field: "lastName", value: " Al " },
    {
      type: "registration.change",
      field: "passwordRepeat",
      value: s.context.values.passwordRepeat ? "" : " Ada-secret-1",
    },
    { type: "registration.setTerms", value: !s.context.termsAccepted },
    { type: "registration.openTerms" },
    { type: "registration.closeTerms" },
    { type: "registration.acceptTerms" },
    { type: "registration.submit" },
    { type: "registration.dismissFailure" },
    done("registerTeamMember"),
    failed("registerTeamMember", {
      detail: "Invalid",
      violations: [{ propertyPath: "newPlainPassword", message: "Too short" }],
    }),
    failed("registerTeamMember", {
      detail: "Invalid",
      violations: [{ propertyPath: "token", message: "Link used" }],
    }),
    failed("registerTeamMember", new Error("")),
    // The token's violation after another one, and one without words.
    failed("registerTeamMember", {
      violations: [
        { propertyPath: "lastName", message: "Too short" },
        { propertyPath: "token", message: "Link expired" },
      ],
    }),
    failed("registerTeamMember", { violations: [{ propertyPath: "token" }] }),
    // Violations that are no field's words (a path or a message that is no text), an empty
    // detail, and no error at all.
    failed("registerTeamMember", {
      detail: "",
      violations: [
        { propertyPath: 7, message: "Bad" },
        { propertyPath: "firstName", message: 5 },
        { propertyPath: "lastName", message: "Too short" },
      ],
    }),
    failed("registerTeamMember", null),
  ],
  invariants: {
    "registers only with terms accepted and matching passwords": (s) =>
      s.value !== "registering" ||
      (s.context.termsAccepted && s.context.values.password === s.context.values.passwordRepeat),
  },
  // "invalid" and "registered" end the machine: nothing more can happen on the page.
  oracle: (step) => {
    const expected = oracle(step);
    const done = expected.value === "invalid" || expected.value === "registered";
    return { ...expected, status: done ? "done" : "active" };
  },
};

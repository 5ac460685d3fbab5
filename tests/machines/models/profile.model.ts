import { profileMachine } from "../../../machines/profile.machine.js";
import { done, failed, filled } from "../support/events.js";
import type { MachineModel } from "../support/paths.js";

export const PROFILE = {
  firstName: "Ada",
  lastName: "Admin",
  email: "admin@demo-spa.example",
  phoneNumber: "",
  jobTitle: "",
};

export const model: MachineModel = {
  machine: profileMachine,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      filled(s.context.values.firstName),
      Object.values(s.context.errors).filter(Boolean).length,
      Object.values(s.context.serverErrors).filter(Boolean).length > 0,
      s.context.failure !== null,
      Object.values(s.context.password).map(filled),
      s.context.passwordFailure !== null,
      s.context.loadFailure !== null,
      // One flag for the e-mail change: a new e-mail still waiting for the current password.
      s.context.values.email !== s.context.savedEmail && !filled(s.context.emailPassword),
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
      violations: [{ propertyPath: "email", message: "Taken" }],
    }),
    ...(["currentPassword", "newPassword", "confirmNewPassword"] as const).map((field) => ({
      type: "password.change",
      field,
      value: s.context.password[field] ? "" : "secret-phrase",
    })),
    { type: "password.submit" },
    done("changePassword", undefined),
    failed("changePassword", { message: "Wrong current password" }),
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
};

import { teamRegistrationMachine } from "../../../machines/team-registration.machine.js";
import { done, failed, filled } from "../support/events.js";
import type { MachineModel } from "../support/paths.js";

export const model: MachineModel = {
  machine: teamRegistrationMachine,
  input: { token: "tok" },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      Object.values(s.context.values).map(filled),
      s.context.values.password === s.context.values.passwordRepeat,
      Object.values(s.context.errors).filter(Boolean).length > 0,
      Object.values(s.context.serverErrors).filter(Boolean).length > 0,
      s.context.termsAccepted,
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
    done("checkInvitation", { valid: false, message: "Link used" }),
    failed("checkInvitation", new Error("network")),
    ...(["firstName", "lastName", "password"] as const).map((field) => ({
      type: "registration.change",
      field,
      value: s.context.values[field] ? "" : "Ada-secret-1",
    })),
    {
      type: "registration.change",
      field: "passwordRepeat",
      value: s.context.values.passwordRepeat ? "" : "Ada-secret-1",
    },
    { type: "registration.setTerms", value: !s.context.termsAccepted },
    { type: "registration.openTerms" },
    { type: "registration.closeTerms" },
    { type: "registration.acceptTerms" },
    { type: "registration.submit" },
    { type: "registration.dismissFailure" },
    done("registerTeamMember"),
    failed("registerTeamMember", {
      message: "Invalid",
      violations: [{ propertyPath: "newPlainPassword", message: "Too short" }],
    }),
    failed("registerTeamMember", {
      message: "Invalid",
      violations: [{ propertyPath: "token", message: "Link used" }],
    }),
  ],
  invariants: {
    "registers only with terms accepted and matching passwords": (s) =>
      s.value !== "registering" ||
      (s.context.termsAccepted && s.context.values.password === s.context.values.passwordRepeat),
  },
};

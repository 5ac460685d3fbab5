import { signInMachine } from "../../../machines/sign-in.machine.js";
import type { MachineModel } from "../support/paths.js";

export const model: MachineModel = {
  machine: signInMachine,
  events: (s) => [
    { type: "signIn.changeEmail", value: s.context.email ? "" : "buyer@demo-spa.example" },
    { type: "signIn.changePassword", value: s.context.password ? "" : "partner-demo" },
    { type: "signIn.submit" },
    { type: "signIn.dismissError" },
    { type: "xstate.done.actor.signIn", output: { ok: true, token: "t", customerId: "2" } },
    {
      type: "xstate.done.actor.signIn",
      output: { ok: false, message: "Invalid credentials.", detail: null },
    },
    { type: "xstate.done.actor.signIn", output: { ok: false, message: null, detail: null } },
    { type: "xstate.error.actor.signIn", error: new Error("offline") },
  ],
  invariants: {
    "submitting only with an e-mail and a password": (s) =>
      s.value !== "submitting" || (s.context.email.trim() !== "" && s.context.password !== ""),
    "no error shown while submitting": (s) => s.value !== "submitting" || s.context.error === null,
  },
};

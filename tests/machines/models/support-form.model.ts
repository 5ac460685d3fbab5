import { supportFormMachine } from "../../../machines/support-form.machine.js";
import type { MachineModel } from "../support/paths.js";

export const model: MachineModel = {
  machine: supportFormMachine,
  input: {},
  // What the person typed does not matter, only which fields are filled, the attachment
  // and whether a failure shows.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      Object.values(s.context.values).map((v) => String(v).trim() !== ""),
      Object.values(s.context.errors).filter(Boolean).length,
      s.context.attachment !== null,
      s.context.failure !== null,
    ]),
  events: (s) => [
    ...(["name", "email", "question"] as const).map((field) => ({
      type: "support.change",
      field,
      value: s.context.values[field] ? "" : "filled",
    })),
    { type: "support.attach", file: { id: "f1", name: "a.pdf", size: 10 } },
    { type: "support.detach" },
    { type: "support.submit" },
    { type: "support.reset" },
    { type: "xstate.done.actor.sendSupportRequest" },
    { type: "xstate.error.actor.sendSupportRequest", error: { detail: "Mailbox full" } },
  ],
  invariants: {
    "sending only with name, e-mail and question": (s) =>
      s.value !== "sending" ||
      ["name", "email", "question"].every((f) => s.context.values[f].trim() !== ""),
  },
};

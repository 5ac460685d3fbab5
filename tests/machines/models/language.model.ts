import { languageMachine } from "../../../machines/language.machine.js";
import type { MachineModel } from "../support/paths.js";

export const model: MachineModel = {
  machine: languageMachine,
  events: () => ["en", "de", "xx"].map((locale) => ({ type: "language.select", locale })),
  invariants: {
    "the locale is always supported": (s) =>
      ["en", "fr", "de", "it", "es"].includes(s.context.locale),
  },
  inputs: [{ stored: null }, { stored: "de" }, { stored: "klingon" }],
};

import { saveListMachine } from "../../../machines/save-list.machine.js";
import type { MachineModel } from "../support/paths.js";

export const model: MachineModel = {
  machine: saveListMachine,
  input: { today: new Date(Date.UTC(2026, 10, 21)) },
  events: (s) => [
    { type: "list.open" },
    { type: "list.changeName", value: s.context.name ? "" : "Autumn" },
    { type: "list.save" },
    { type: "list.cancel" },
    { type: "xstate.done.actor.createShoppingList" },
    { type: "xstate.error.actor.createShoppingList", error: { detail: "Name taken" } },
    { type: "xstate.done.actor.deleteCart" },
    { type: "xstate.error.actor.deleteCart", error: new Error("gone") },
  ],
  invariants: {
    "never saves a blank name": (s) => s.value !== "creatingList" || s.context.name.trim() !== "",
  },
};

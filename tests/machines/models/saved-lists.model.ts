import { savedListsMachine } from "../../../machines/saved-lists.machine.js";
import type { MachineModel } from "../support/paths.js";

export const some = {
  addedLines: 2,
  skipped: [{ variantCode: "CASE", message: "CASE is out of stock" }],
};
export const none = {
  addedLines: 0,
  skipped: [{ variantCode: "CASE", message: "CASE is out of stock" }],
};

export const model: MachineModel = {
  machine: savedListsMachine,
  events: () => [
    { type: "lists.delete", id: "1", name: "Spring restock" },
    { type: "lists.confirmDelete" },
    { type: "lists.cancel" },
    { type: "lists.order", id: "2", name: "Essentials" },
    { type: "lists.dismiss" },
    { type: "xstate.done.actor.deleteList" },
    { type: "xstate.error.actor.deleteList", error: { detail: "Not found" } },
    { type: "xstate.done.actor.orderList", output: some },
    { type: "xstate.done.actor.orderList", output: none },
    { type: "xstate.error.actor.orderList", error: new Error("offline") },
  ],
  invariants: {
    "a MARKETING user never orders": (s) =>
      s.context.mayOrder || !["ordering", "ordered"].includes(String(s.value)),
    "deleting names a list": (s) => s.value !== "deleting" || s.context.listId !== null,
  },
  inputs: [{ mayOrder: true }, { mayOrder: false }],
};

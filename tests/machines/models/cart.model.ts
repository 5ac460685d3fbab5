import { cartMachine, type CartLike } from "../../../machines/cart.machine.js";
import type { MachineModel } from "../support/paths.js";

export const empty: CartLike = { token: "c1", itemsTotal: 0, items: [], shipments: [] };
export const filled: CartLike = {
  token: "c1",
  itemsTotal: 5000,
  items: [{ id: "1", quantity: 2 }],
  shipments: [{ id: "9", methodCode: "air_freight" }],
};

export const model: MachineModel = {
  machine: cartMachine,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.cart === null ? "none" : s.context.cart.items.length,
      Math.min(s.context.queue.length, 2),
      s.context.queue[0]?.silent ?? null,
      s.context.lastOutcome?.ok ?? null,
    ]),
  events: () => [
    { type: "cart.start" },
    { type: "cart.stop" },
    { type: "cart.add", variantCode: "V1", quantity: 1 },
    { type: "cart.bulkAdd", items: [{ variantCode: "V1", quantity: 2 }], silent: true },
    { type: "cart.adjust", itemId: "1", quantity: 3 },
    { type: "cart.remove", itemId: "1" },
    { type: "cart.empty" },
    { type: "cart.refresh" },
    { type: "cart.replace", cart: filled },
    { type: "xstate.done.actor.findCart", output: empty },
    { type: "xstate.error.actor.findCart", error: { detail: "Down" } },
    { type: "xstate.done.actor.applyOperation", output: filled },
    { type: "xstate.done.actor.applyOperation", output: empty },
    { type: "xstate.error.actor.applyOperation", error: { detail: "Out of stock" } },
    { type: "xstate.done.actor.resetShipment", output: filled },
    { type: "xstate.error.actor.resetShipment", error: new Error("gone") },
  ],
  invariants: {
    "a change runs only while one is waiting": (s) =>
      !["updating", "resettingShipment", "reporting"].includes(String(s.value)) ||
      s.context.queue.length > 0,
    "idle only with nothing waiting": (s) => s.value !== "idle" || s.context.queue.length === 0,
  },
};

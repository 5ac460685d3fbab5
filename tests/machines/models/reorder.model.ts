import {
  reorderMachine,
  type ReorderInput,
  type VariantNow,
} from "../../../machines/reorder.machine.js";
import type { MachineModel } from "../support/paths.js";

export const lines: ReorderInput["lines"] = [
  {
    variantCode: "SERUM-30",
    productName: "Serum",
    variantName: "30 ml",
    quantity: 12,
    priceThen: 1800,
    imagePath: null,
  },
  {
    variantCode: "CASE-BLACK",
    productName: "Travel case",
    variantName: "Black",
    quantity: 5,
    priceThen: 900,
    imagePath: "/media/case.svg",
  },
];
export const input: ReorderInput = {
  orderNumber: "100008",
  currencyCode: "EUR",
  lines,
  runId: "r1",
  maxPolls: 2,
};
export const preview: VariantNow[] = [
  { variantCode: "SERUM-30", price: 1900, inStock: true },
  { variantCode: "CASE-BLACK", price: 900, inStock: false },
];
export const nothingInStock: VariantNow[] = [
  { variantCode: "SERUM-30", price: 1900, inStock: false },
];

export const model: MachineModel = {
  machine: reorderMachine,
  input,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      Object.keys(s.context.now).length,
      Object.values(s.context.now as Record<string, VariantNow>).some((v) => v.inStock),
      s.context.index,
      s.context.polls,
      s.context.added,
      s.context.failed.length,
    ]),
  events: (s) => [
    { type: "reorder.confirm" },
    { type: "reorder.cancel" },
    { type: "reorder.retry" },
    { type: "reorder.cartProgress", loading: true, lastOutcome: null },
    {
      type: "reorder.cartProgress",
      loading: false,
      lastOutcome: { requestId: s.context.requestId, ok: true, message: null },
    },
    {
      type: "reorder.cartProgress",
      loading: false,
      lastOutcome: { requestId: s.context.requestId, ok: false, message: "Out of stock" },
    },
    {
      type: "reorder.cartProgress",
      loading: false,
      lastOutcome: { requestId: s.context.requestId, ok: false },
    },
    { type: "xstate.done.actor.loadPreview", output: preview },
    { type: "xstate.done.actor.loadPreview", output: nothingInStock },
    { type: "xstate.error.actor.loadPreview", error: new Error("offline") },
  ],
  invariants: {
    "never changes the cart before confirmation": (s) =>
      !["emptyingCart", "addingLine"].some((state) => JSON.stringify(s.value).includes(state)) ||
      Object.keys(s.context.now).length > 0,
    "each line is settled at most once": (s) =>
      s.context.added.length + s.context.failed.length <= lines.length,
    "the line being added exists": (s) => s.context.index < lines.length,
  },
};

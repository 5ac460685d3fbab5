import {
  isRowComplete,
  quickOrderMachine,
  type QuickOrderImport,
} from "../../../machines/quick-order.machine.js";
import type { MachineModel } from "../support/paths.js";

export const IMPORT: QuickOrderImport = {
  rows: [
    { row: 2, product_variant_code: "GLOW-MINI-ROSE", quantity: 2 },
    { row: 4, product_variant_code: "GLOW-PRO-BLUSH", quantity: 1 },
  ],
  errors: [
    {
      row: 3,
      product_variant_code: "NO-SUCH-CODE",
      quantity: 4,
      reason: "unknown_code",
      message: "Row 3: there is no product with the code NO-SUCH-CODE.",
    },
    {
      row: 5,
      product_variant_code: "GLOW-MINI-MINT",
      quantity: 500,
      reason: "invalid_quantity",
      message: "Row 5: the quantity must be a whole number from 1 to 300.",
    },
  ],
};

export const PRODUCT = {
  code: "GLOW-MINI-ROSE",
  name: "Glow Mini",
  variantName: "Rosé",
  image: null,
  unitPrice: 1400,
  currencyCode: "EUR",
};

export const model: MachineModel = {
  machine: quickOrderMachine,
  // Rows are told apart by completeness only; at most three rows keep the graph small.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.rows.map((r: Parameters<typeof isRowComplete>[0]) => [
        r.variantCode !== null,
        r.quantity,
        r.problem !== null,
      ]),
      s.context.failure !== null,
      s.context.pasteText.trim() !== "",
    ]),
  events: (s) => {
    const rows = s.context.rows as Parameters<typeof isRowComplete>[0][];
    const first = rows[0];
    return [
      { type: "quickOrder.upload", file: { id: "f1", name: "order.xlsx" } },
      {
        type: "quickOrder.changePaste",
        text: s.context.pasteText ? "" : "GLOW-MINI-ROSE;2\nNO-SUCH-CODE\t4",
      },
      { type: "quickOrder.paste" },
      ...(rows.length < 3 ? [{ type: "quickOrder.addRow" }] : []),
      ...(first
        ? [
            { type: "quickOrder.removeRow", id: first.id },
            {
              type: "quickOrder.chooseProduct",
              id: first.id,
              variantCode: first.variantCode ? null : "GLOW-MINI-ROSE",
              label: null,
            },
            {
              type: "quickOrder.changeQuantity",
              id: first.id,
              text: first.quantity === null ? "3" : "ten",
            },
            {
              type: "quickOrder.rowChecked",
              id: first.id,
              revision: first.revision,
              check: {
                row: 1,
                product: first.variantCode ? PRODUCT : null,
                lineTotal: first.variantCode && first.quantity !== null ? 4200 : null,
                problems: [],
              },
            },
          ]
        : []),
      { type: "quickOrder.addToCart" },
      { type: "quickOrder.startOver" },
      { type: "xstate.done.actor.importFile", output: IMPORT },
      { type: "xstate.error.actor.importFile", error: { detail: "The file is not .xlsx." } },
      { type: "xstate.done.actor.readPaste", output: IMPORT },
      {
        type: "xstate.error.actor.readPaste",
        error: { detail: "At most 1000 lines can be pasted at once; this text has 1001." },
      },
      { type: "xstate.done.actor.addRowsToCart" },
      { type: "xstate.error.actor.addRowsToCart", error: { message: "Out of stock" } },
    ];
  },
  invariants: {
    "reads pasted lines only when some were pasted": (s) =>
      s.value !== "readingPaste" || s.context.pasteText.trim() !== "",
    "adds only when every row has a product and a quantity of 1 to 300": (s) =>
      s.value !== "adding" || (s.context.rows.length > 0 && s.context.rows.every(isRowComplete)),
  },
};

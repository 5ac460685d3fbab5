import {
  quickOrderMachine,
  type QuickOrderImport,
  type QuickOrderRow,
} from "../../../machines/quick-order.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

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

/**
 * Lines pasted and read by the server: one it can add (with its product and line total, from
 * row 3) and two it cannot (row 1: an unknown code and a quantity that is no number; row 2: a
 * product with no quantity written), given out of row order.
 */
export const PASTED: QuickOrderImport = {
  rows: [
    {
      row: 3,
      product_variant_code: "GLOW-PRO-BLUSH",
      quantity: 2,
      product: {
        code: "GLOW-PRO-BLUSH",
        name: "Glow Pro",
        variant_name: "Blush",
        image: "/media/products/glow-pro.svg",
        unit_price: 8900,
        currency_code: "EUR",
      },
      line_total: 17800,
    },
  ],
  errors: [
    {
      row: 2,
      product_variant_code: "GLOW-MINI-MINT",
      quantity: null,
      reason: "invalid_quantity",
      message: "Row 2: the quantity must be a whole number from 1 to 300.",
      problems: [
        {
          field: "quantity",
          reason: "invalid_quantity",
          message: "Row 2: the quantity must be a whole number from 1 to 300.",
        },
      ],
      product: {
        code: "GLOW-MINI-MINT",
        name: "Glow Mini",
        variant_name: "Mint",
        image: null,
        unit_price: 1400,
        currency_code: "EUR",
      },
    },
    {
      row: 1,
      product_variant_code: "NO-SUCH-CODE",
      quantity: "ten",
      reason: "unknown_code",
      message: "Row 1: there is no product with the code NO-SUCH-CODE.",
      problems: [
        {
          field: "code",
          reason: "unknown_code",
          message: "Row 1: there is no product with the code NO-SUCH-CODE.",
        },
        {
          field: "quantity",
          reason: "invalid_quantity",
          message: "Row 1: the quantity must be a whole number from 1 to 300.",
        },
      ],
      product: null,
    },
  ],
};

type Row = QuickOrderRow;
type Ctx = {
  rows: Row[];
  nextId: number;
  file: { id: string; name: string } | null;
  failure: string | null;
  added: number;
  pasteText: string;
};

const blank = (id: number): Row => ({
  id,
  variantCode: null,
  label: null,
  quantityText: "1",
  quantity: 1,
  product: null,
  lineTotal: null,
  revision: 0,
  from: null,
  problem: null,
});

/** The table after the server read IMPORT (a file), its rows numbered from `id`: written out. */
function importedRows(id: number, source: "file" | "paste" = "file"): Row[] {
  return [
    {
      ...blank(id),
      variantCode: "GLOW-MINI-ROSE",
      quantityText: "2",
      quantity: 2,
      from: { source, number: 2 },
    },
    {
      ...blank(id + 1),
      from: { source, number: 3 },
      quantityText: "4",
      quantity: 4,
      problem: {
        row: 3,
        reason: "unknown_code",
        message: "Row 3: there is no product with the code NO-SUCH-CODE.",
        written: "NO-SUCH-CODE",
        codeMessage: "Row 3: there is no product with the code NO-SUCH-CODE.",
        quantityMessage: null,
      },
    },
    {
      ...blank(id + 2),
      variantCode: "GLOW-PRO-BLUSH",
      quantityText: "1",
      quantity: 1,
      from: { source, number: 4 },
    },
    {
      ...blank(id + 3),
      from: { source, number: 5 },
      variantCode: "GLOW-MINI-MINT",
      quantityText: "500",
      quantity: 500,
      problem: {
        row: 5,
        reason: "invalid_quantity",
        message: "Row 5: the quantity must be a whole number from 1 to 300.",
        written: "GLOW-MINI-MINT",
        codeMessage: null,
        quantityMessage: "Row 5: the quantity must be a whole number from 1 to 300.",
      },
    },
  ];
}

/** The table after the server read PASTED, in row order: written out. */
function pastedRows(id: number): Row[] {
  return [
    {
      ...blank(id),
      from: { source: "paste", number: 1 },
      quantityText: "ten",
      quantity: null,
      problem: {
        row: 1,
        reason: "unknown_code",
        message: "Row 1: there is no product with the code NO-SUCH-CODE.",
        written: "NO-SUCH-CODE",
        codeMessage: "Row 1: there is no product with the code NO-SUCH-CODE.",
        quantityMessage: "Row 1: the quantity must be a whole number from 1 to 300.",
      },
    },
    {
      ...blank(id + 1),
      from: { source: "paste", number: 2 },
      variantCode: "GLOW-MINI-MINT",
      label: "Glow Mini – Mint (GLOW-MINI-MINT)",
      quantityText: "",
      quantity: null,
      product: {
        code: "GLOW-MINI-MINT",
        name: "Glow Mini",
        variantName: "Mint",
        image: null,
        unitPrice: 1400,
        currencyCode: "EUR",
      },
      problem: {
        row: 2,
        reason: "invalid_quantity",
        message: "Row 2: the quantity must be a whole number from 1 to 300.",
        written: "GLOW-MINI-MINT",
        codeMessage: null,
        quantityMessage: "Row 2: the quantity must be a whole number from 1 to 300.",
      },
    },
    {
      ...blank(id + 2),
      from: { source: "paste", number: 3 },
      variantCode: "GLOW-PRO-BLUSH",
      label: "Glow Pro – Blush (GLOW-PRO-BLUSH)",
      quantityText: "2",
      quantity: 2,
      product: {
        code: "GLOW-PRO-BLUSH",
        name: "Glow Pro",
        variantName: "Blush",
        image: "/media/products/glow-pro.svg",
        unitPrice: 8900,
        currencyCode: "EUR",
      },
      lineTotal: 17800,
    },
  ];
}

/** Account spec 5, in the model's words: a product, a whole quantity 1 to 300, no code problem. */
const addable = (r: Row) =>
  r.variantCode !== null &&
  typeof r.quantity === "number" &&
  r.quantity % 1 === 0 &&
  r.quantity > 0 &&
  r.quantity < 301 &&
  (r.problem === null || r.problem.codeMessage === null);

/** The words shown for a refusal: the server's detail, else its message, else the page's own. */
function words(error: unknown): string {
  const e = (error ?? {}) as { detail?: unknown; message?: unknown };
  if (typeof e.detail === "string") return e.detail || "quickOrder.failed";
  return typeof e.message === "string" && e.message.length > 0 ? e.message : "quickOrder.failed";
}

/** A row the buyer changed: next revision, no total until checked again, that part's problem gone. */
function edited(c: Ctx, id: number, change: Partial<Row>, part: "code" | "quantity"): Row[] {
  return c.rows.map((r) => {
    if (r.id !== id) return r;
    const next: Row = { ...r, ...change, revision: r.revision + 1, lineTotal: null };
    if (part === "code" && change.variantCode === null) next.product = null;
    if (r.problem) {
      const codeMessage = part === "code" ? null : r.problem.codeMessage;
      const quantityMessage = part === "quantity" ? null : r.problem.quantityMessage;
      next.problem =
        codeMessage === null && quantityMessage === null
          ? null
          : { ...r.problem, codeMessage, quantityMessage };
    }
    return next;
  });
}

/**
 * Quick order (account spec 2, 4 and 5; issue 21), stated without the machine: the table starts
 * with one blank row (quantity 1); a file or pasted lines are read by the server and replace the
 * table (rows numbered on from the next id, in the file's row order, refused ones marked), the
 * pasted text then cleared; a refused read keeps the table and the text, shows the server's
 * words and forgets the file. Rows are added, removed and changed (a change drops the line total
 * and the problem of the changed part); the server's check of a row fills in the row it was
 * asked for at that revision, in every state. Add to cart sends every row in one bulk add, only
 * when each is addable; once added, the table is one blank row again and the file forgotten.
 */
function oracle({ event, before }: OracleStep): OracleExpectation {
  if (event.type === "xstate.init")
    return {
      value: "editing",
      context: { rows: [blank(1)], nextId: 2, file: null, failure: null, added: 0, pasteText: "" },
    };
  const c = before.context as Ctx;
  const stay = { value: before.value, context: c };
  const e = event as {
    type: string;
    file?: { id: string; name: string };
    text?: string;
    id?: number;
    variantCode?: string | null;
    label?: string | null;
    revision?: number;
    check?: { row: number; product: Row["product"]; lineTotal: number | null; problems: [] };
    output?: QuickOrderImport;
    error?: unknown;
  };
  if (e.type === "quickOrder.rowChecked") {
    const check = e.check!;
    const rows = c.rows.map((r) =>
      r.id === e.id && r.revision === e.revision
        ? {
            ...r,
            product: check.product,
            label: check.product
              ? `${check.product.name} – ${check.product.variantName} (${check.product.code})`
              : r.label,
            lineTotal: check.lineTotal,
            problem: null,
          }
        : r,
    );
    return { value: before.value, context: { ...c, rows } };
  }
  const upload = (): OracleExpectation => ({
    value: "uploading",
    context: { ...c, file: e.file, failure: null },
    started: { importFile: { fileId: e.file!.id } },
  });
  const read = (): OracleExpectation =>
    c.pasteText.trim() === ""
      ? stay
      : {
          value: "readingPaste",
          context: { ...c, failure: null },
          started: { readPaste: { text: c.pasteText } },
        };
  const read4 = (rows: Row[]) => ({ ...c, rows, nextId: c.nextId + rows.length });
  switch (before.value) {
    case "editing":
      switch (e.type) {
        case "quickOrder.upload":
          return upload();
        case "quickOrder.paste":
          return read();
        case "quickOrder.changePaste":
          return { ...stay, context: { ...c, pasteText: e.text } };
        case "quickOrder.addRow":
          return {
            ...stay,
            context: { ...c, rows: [...c.rows, blank(c.nextId)], nextId: c.nextId + 1 },
          };
        case "quickOrder.removeRow":
          return { ...stay, context: { ...c, rows: c.rows.filter((r) => r.id !== e.id) } };
        case "quickOrder.chooseProduct":
          return {
            ...stay,
            context: {
              ...c,
              rows: edited(c, e.id!, { variantCode: e.variantCode!, label: e.label! }, "code"),
            },
          };
        case "quickOrder.changeQuantity": {
          const text = e.text!;
          const quantity = /^[0-9]+$/.test(text.trim()) ? Number(text.trim()) : null;
          return {
            ...stay,
            context: { ...c, rows: edited(c, e.id!, { quantityText: text, quantity }, "quantity") },
          };
        }
        case "quickOrder.addToCart":
          return c.rows.length > 0 && c.rows.every(addable)
            ? {
                value: "adding",
                context: { ...c, failure: null },
                started: {
                  addRowsToCart: {
                    items: c.rows.map((r) => ({
                      variantCode: r.variantCode,
                      quantity: r.quantity,
                    })),
                  },
                },
              }
            : stay;
      }
      return stay;
    case "uploading":
      if (e.type === "xstate.done.actor.importFile")
        return { value: "editing", context: read4(importedRows(c.nextId)) };
      if (e.type === "xstate.error.actor.importFile")
        return { value: "editing", context: { ...c, failure: words(e.error), file: null } };
      return stay;
    case "readingPaste":
      if (e.type === "xstate.done.actor.readPaste")
        return {
          value: "editing",
          context: {
            ...read4(e.output === PASTED ? pastedRows(c.nextId) : importedRows(c.nextId, "paste")),
            pasteText: "",
          },
        };
      if (e.type === "xstate.error.actor.readPaste")
        return { value: "editing", context: { ...c, failure: words(e.error) } };
      return stay;
    case "adding":
      if (e.type === "xstate.done.actor.addRowsToCart")
        return {
          value: "added",
          context: {
            ...c,
            added: c.rows.length,
            rows: [blank(c.nextId)],
            nextId: c.nextId + 1,
            file: null,
          },
          actions: [{ type: "notifyAdded", params: { count: c.rows.length } }],
        };
      if (e.type === "xstate.error.actor.addRowsToCart")
        return { value: "editing", context: { ...c, failure: words(e.error) } };
      return stay;
    case "added":
      switch (e.type) {
        case "quickOrder.startOver":
          return { value: "editing", context: c };
        case "quickOrder.upload":
          return upload();
        case "quickOrder.changePaste":
          return { value: "editing", context: { ...c, pasteText: e.text } };
        case "quickOrder.paste":
          return read();
      }
      return stay;
  }
  return stay;
}

export const model: MachineModel = {
  machine: quickOrderMachine,
  // Rows are told apart by completeness only; at most three rows keep the graph small.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.rows.map((r: Row) => [r.variantCode !== null, r.quantity, r.problem !== null]),
      s.context.failure !== null,
      s.context.pasteText.trim() !== "",
    ]),
  events: (s) => {
    const rows = s.context.rows as Row[];
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
            // An answer for a revision the row has not reached: not this row's check.
            {
              type: "quickOrder.rowChecked",
              id: first.id,
              revision: first.revision + 1,
              check: { row: 1, product: PRODUCT, lineTotal: 4200, problems: [] },
            },
          ]
        : []),
      { type: "quickOrder.addToCart" },
      { type: "quickOrder.startOver" },
      { type: "xstate.done.actor.importFile", output: IMPORT },
      { type: "xstate.error.actor.importFile", error: { detail: "The file is not .xlsx." } },
      // A detail that is no text: the message says why.
      { type: "xstate.error.actor.importFile", error: { detail: 415, message: "Unsupported" } },
      { type: "xstate.done.actor.readPaste", output: IMPORT },
      { type: "xstate.done.actor.readPaste", output: PASTED },
      {
        type: "xstate.error.actor.readPaste",
        error: { detail: "At most 1000 lines can be pasted at once; this text has 1001." },
      },
      // A refusal without words: the page's own.
      { type: "xstate.error.actor.readPaste", error: { detail: "", message: "Bad Request" } },
      { type: "xstate.done.actor.addRowsToCart" },
      { type: "xstate.error.actor.addRowsToCart", error: { message: "Out of stock" } },
      { type: "xstate.error.actor.addRowsToCart", error: new Error("") },
      { type: "xstate.error.actor.addRowsToCart", error: undefined },
    ];
  },
  invariants: {
    "reads pasted lines only when some were pasted": (s) =>
      s.value !== "readingPaste" || s.context.pasteText.trim() !== "",
    "adds only when every row has a product and a quantity of 1 to 300": (s) =>
      s.value !== "adding" || (s.context.rows.length > 0 && s.context.rows.every(addable)),
  },
  oracle,
};

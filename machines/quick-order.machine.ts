import { assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";

/** Quantity per line (account spec sections 5 and 9). */
export const QUICK_ORDER_MIN_QUANTITY = 1;
export const QUICK_ORDER_MAX_QUANTITY = 300;

/** Why the server could not use a row of the uploaded file (the import's `reason`). */
export type QuickOrderRowReason =
  "unknown_code" | "out_of_stock" | "invalid_quantity" | "missing_code";

/** A row of the product table. */
export interface QuickOrderRow {
  /** Stable key of the row in the table (not the spreadsheet row). */
  id: number;
  /** The chosen product variant, or null while none is chosen. */
  variantCode: string | null;
  /** What the row shows for the variant (product and variant name), when known. */
  label: string | null;
  /** A whole number from 1 to 300, or null while the field is empty or invalid. */
  quantity: number | null;
  /** Set for rows of an uploaded file the server could not use, until the row is fixed. */
  problem: {
    row: number;
    reason: QuickOrderRowReason;
    message: string;
    written: string | null;
  } | null;
}

/** The import's answer: rows it can add and rows it cannot, with the server's message. */
export interface QuickOrderImport {
  rows: { row: number; product_variant_code: string; quantity: number }[];
  errors: {
    row: number;
    product_variant_code: string | null;
    quantity: number | string | boolean | null;
    reason: QuickOrderRowReason;
    message: string;
  }[];
}

export interface QuickOrderContext {
  rows: QuickOrderRow[];
  nextId: number;
  /** Handle of the selected file (the File itself stays in the app); one at a time. */
  file: { id: string; name: string } | null;
  /** The server's message after a refused upload or add ('quickOrder.failed' when it gave none). */
  failure: string | null;
  /** How many lines the last successful add sent. */
  added: number;
}

export type QuickOrderEvent =
  | { type: "quickOrder.upload"; file: { id: string; name: string } }
  | { type: "quickOrder.addRow" }
  | { type: "quickOrder.removeRow"; id: number }
  | {
      type: "quickOrder.chooseProduct";
      id: number;
      variantCode: string | null;
      label: string | null;
    }
  | { type: "quickOrder.changeQuantity"; id: number; quantity: number | null }
  | { type: "quickOrder.addToCart" }
  | { type: "quickOrder.startOver" };

/** A quantity the bulk add accepts: a whole number from 1 to 300. */
export function isValidQuantity(quantity: number | null): quantity is number {
  return (
    quantity !== null &&
    Number.isInteger(quantity) &&
    quantity >= QUICK_ORDER_MIN_QUANTITY &&
    quantity <= QUICK_ORDER_MAX_QUANTITY
  );
}

/** A row needs both a product and a quantity (account spec section 5). */
export function isRowComplete(row: QuickOrderRow): boolean {
  return row.variantCode !== null && isValidQuantity(row.quantity);
}

const emptyRow = (id: number): QuickOrderRow => ({
  id,
  variantCode: null,
  label: null,
  quantity: QUICK_ORDER_MIN_QUANTITY,
  problem: null,
});

/**
 * The table's rows from the import's answer, in the file's row order. A refused row keeps what
 * can be kept: a known code whose quantity is wrong keeps its product, the quantity is emptied;
 * an unknown, missing or sold-out code leaves the product to be chosen.
 */
export function rowsFromImport(answer: QuickOrderImport, firstId: number): QuickOrderRow[] {
  const ok = answer.rows.map((r) => ({ kind: "ok" as const, row: r.row, r }));
  const bad = answer.errors.map((e) => ({ kind: "bad" as const, row: e.row, e }));
  return [...ok, ...bad]
    .sort((a, b) => a.row - b.row)
    .map((item, n): QuickOrderRow => {
      if (item.kind === "ok") {
        return {
          id: firstId + n,
          variantCode: item.r.product_variant_code,
          label: null,
          quantity: item.r.quantity,
          problem: null,
        };
      }
      const { e } = item;
      const quantity =
        typeof e.quantity === "number" && isValidQuantity(e.quantity) ? e.quantity : null;
      return {
        id: firstId + n,
        variantCode: e.reason === "invalid_quantity" ? e.product_variant_code : null,
        label: null,
        quantity,
        problem: {
          row: e.row,
          reason: e.reason,
          message: e.message,
          written: e.product_variant_code,
        },
      };
    });
}

/** A changed row; its problem is gone once the row is complete. */
function changeRow(rows: QuickOrderRow[], id: number, change: Partial<QuickOrderRow>) {
  return rows.map((row) => {
    if (row.id !== id) return row;
    const next = { ...row, ...change };
    return isRowComplete(next) ? { ...next, problem: null } : next;
  });
}

function failureOf(error: unknown): string {
  const data = error as { message?: unknown; detail?: unknown } | undefined;
  const text = typeof data?.detail === "string" ? data.detail : data?.message;
  return typeof text === "string" && text !== "" ? text : "quickOrder.failed";
}

/**
 * The quick-order page (account spec sections 2, 4 and 5): one .xlsx at a time is uploaded and
 * read by the server; its rows fill the product table, the ones it could not use marked with
 * their row number and reason so they can be fixed in place. Rows are edited, added and removed;
 * add-to-cart sends every row in one bulk add, and only when each row has a product and a
 * quantity of 1 to 300.
 */
export const quickOrderMachine = setup({
  types: {
    context: {} as QuickOrderContext,
    events: {} as QuickOrderEvent,
  },
  actors: {
    importFile: unprovided<QuickOrderImport, { fileId: string }>("importFile"),
    addRowsToCart: unprovided<void, { items: { variantCode: string; quantity: number }[] }>(
      "addRowsToCart",
    ),
  },
  actions: {
    notifyAdded: (_, _params: { count: number }) => {},
  },
  guards: {
    canAddToCart: ({ context }) => context.rows.length > 0 && context.rows.every(isRowComplete),
  },
}).createMachine({
  id: "quickOrder",
  description: "Quick order: a file or a hand-filled table of products and quantities.",
  context: { rows: [emptyRow(1)], nextId: 2, file: null, failure: null, added: 0 },
  initial: "editing",
  states: {
    editing: {
      description:
        "The product table can be edited; a file can be chosen; add-to-cart is enabled when every row has a product and a valid quantity.",
      on: {
        "quickOrder.upload": {
          target: "uploading",
          // One file at a time: a new selection replaces the previous one.
          actions: assign({ file: ({ event }) => event.file, failure: null }),
        },
        "quickOrder.addRow": {
          actions: assign({
            rows: ({ context }) => [...context.rows, emptyRow(context.nextId)],
            nextId: ({ context }) => context.nextId + 1,
          }),
        },
        "quickOrder.removeRow": {
          actions: assign({
            rows: ({ context, event }) => context.rows.filter((r) => r.id !== event.id),
          }),
        },
        "quickOrder.chooseProduct": {
          actions: assign({
            rows: ({ context, event }) =>
              changeRow(context.rows, event.id, {
                variantCode: event.variantCode,
                label: event.label,
              }),
          }),
        },
        "quickOrder.changeQuantity": {
          actions: assign({
            rows: ({ context, event }) =>
              changeRow(context.rows, event.id, { quantity: event.quantity }),
          }),
        },
        "quickOrder.addToCart": { guard: "canAddToCart", target: "adding" },
      },
    },
    uploading: {
      description:
        "The server reads the file; the table is locked (its rows are about to be replaced).",
      invoke: {
        id: "importFile",
        src: "importFile",
        input: ({ context }) => ({ fileId: context.file!.id }),
        onDone: {
          target: "editing",
          actions: assign({
            rows: ({ context, event }) => rowsFromImport(event.output, context.nextId),
            nextId: ({ context, event }) =>
              context.nextId + event.output.rows.length + event.output.errors.length,
          }),
        },
        onError: {
          target: "editing",
          // The table keeps what it had: a refused file changes nothing.
          actions: assign({ failure: ({ event }) => failureOf(event.error), file: null }),
        },
      },
    },
    adding: {
      description: "Every row goes to the cart in one bulk add; the table is locked meanwhile.",
      entry: assign({ failure: null }),
      invoke: {
        id: "addRowsToCart",
        src: "addRowsToCart",
        input: ({ context }) => ({
          items: context.rows.map((r) => ({ variantCode: r.variantCode!, quantity: r.quantity! })),
        }),
        onDone: {
          target: "added",
          actions: [
            assign({ added: ({ context }) => context.rows.length }),
            { type: "notifyAdded", params: ({ context }) => ({ count: context.rows.length }) },
          ],
        },
        onError: {
          target: "editing",
          // Nothing was added (the bulk add is all or nothing): the rows stay to be fixed.
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    added: {
      description:
        "The rows are in the cart; the table is emptied so they are not added twice. A new file or 'start over' begins again.",
      entry: assign({
        rows: ({ context }) => [emptyRow(context.nextId)],
        nextId: ({ context }) => context.nextId + 1,
        file: null,
      }),
      on: {
        "quickOrder.startOver": { target: "editing" },
        "quickOrder.upload": {
          target: "uploading",
          actions: assign({ file: ({ event }) => event.file, failure: null }),
        },
      },
    },
  },
});

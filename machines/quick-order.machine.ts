import { assign, setup } from "xstate";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "../rules/limits.js";
import { unprovided } from "./unprovided.js";

/** Why the server could not use a row of the uploaded file (the import's `reason`). */
export type QuickOrderRowReason =
  "unknown_code" | "several_variants" | "out_of_stock" | "invalid_quantity" | "missing_code";

/** A variant a row may take instead of a product code that has several (decision 051). */
export interface QuickOrderChoice {
  code: string;
  name: string;
}

/** What the server says of a row's product: in the buyer's language, at the company's price. */
export interface QuickOrderProduct {
  code: string;
  name: string;
  variantName: string;
  image: string | null;
  /** Contract price, minor units. */
  unitPrice: number;
  currencyCode: string;
}

/** A row of the product table. */
export interface QuickOrderRow {
  /** Stable key of the row in the table (not the spreadsheet row). */
  id: number;
  /** The chosen product variant, or null while none is chosen. */
  variantCode: string | null;
  /** What the row shows for the variant (product and variant name), when known. */
  label: string | null;
  /** The quantity field's text exactly as the file or the buyer wrote it: never changed. */
  quantityText: string;
  /** The text as a whole number (any size), or null while it is none ('', 'ten', '2.5'). */
  quantity: number | null;
  /** The product as the server last answered it, or null while unknown. */
  product: QuickOrderProduct | null;
  /** The server's line total for the row as it stands; null while unknown or invalid. */
  lineTotal: number | null;
  /**
   * Counts the row's changes, so a late server answer for an older version is dropped; above
   * 0 the buyer has changed the row (its missing product may be pointed out, issue 30).
   */
  revision: number;
  /**
   * Where the row came from (issue 30): an uploaded sheet's row or a pasted text's line, with
   * its number there; null for a line added in the table.
   */
  from: { source: QuickOrderSource; number: number } | null;
  /** The server's problems with the row (file or check), until the row is fixed. */
  problem: {
    row: number;
    reason: QuickOrderRowReason;
    message: string;
    written: string | null;
    /** The code's problem and the quantity's problem, each in the buyer's language. */
    codeMessage: string | null;
    quantityMessage: string | null;
    /** A product code with several variants: the variants to pick from in place. */
    choices?: QuickOrderChoice[];
  } | null;
}

/** What filled the table: an uploaded sheet ('row 3') or pasted text ('line 3'). */
export type QuickOrderSource = "file" | "paste";

/** One problem of a row as the server words it. */
export interface QuickOrderProblemAnswer {
  field: string;
  reason: QuickOrderRowReason;
  message: string;
  /** For several_variants: the product's variants (decision 051). */
  variants?: QuickOrderChoice[];
}

/** What the server answers of a product (REST import, snake case). */
export interface QuickOrderProductAnswer {
  code: string;
  name: string;
  variant_name: string;
  image: string | null;
  unit_price: number;
  currency_code: string;
}

/** The import's answer: rows it can add and rows it cannot, with the server's messages. */
export interface QuickOrderImport {
  rows: {
    row: number;
    product_variant_code: string;
    quantity: number;
    product?: QuickOrderProductAnswer | null;
    line_total?: number | null;
  }[];
  errors: {
    row: number;
    product_variant_code: string | null;
    quantity: number | string | boolean | null;
    reason: QuickOrderRowReason;
    message: string;
    problems?: QuickOrderProblemAnswer[];
    product?: QuickOrderProductAnswer | null;
  }[];
}

/** The server's check of one row typed or corrected in the table (the gateway's answer). */
export interface QuickOrderRowCheck {
  row: number;
  product: QuickOrderProduct | null;
  lineTotal: number | null;
  problems: QuickOrderProblemAnswer[];
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
  /** Lines pasted into the paste box, not yet read (issue 21, part 3). */
  pasteText: string;
}

export type QuickOrderEvent =
  | { type: "quickOrder.upload"; file: { id: string; name: string } }
  | { type: "quickOrder.changePaste"; text: string }
  | { type: "quickOrder.paste" }
  | { type: "quickOrder.addRow" }
  | { type: "quickOrder.removeRow"; id: number }
  | {
      type: "quickOrder.chooseProduct";
      id: number;
      variantCode: string | null;
      label: string | null;
    }
  | { type: "quickOrder.changeQuantity"; id: number; text: string }
  | { type: "quickOrder.rowChecked"; id: number; revision: number; check: QuickOrderRowCheck }
  | { type: "quickOrder.addToCart" }
  | { type: "quickOrder.startOver" };

/** A quantity the bulk add accepts: a whole number from 1 to 300. */
export function isValidQuantity(quantity: number | null): quantity is number {
  return (
    quantity !== null &&
    Number.isInteger(quantity) &&
    quantity >= MIN_LINE_QUANTITY &&
    quantity <= MAX_LINE_QUANTITY
  );
}

/** The quantity field's text as a whole number: digits only, else null ('2.5', 'ten', ''). */
export function quantityOfText(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * A row needs both a product and a quantity of 1 to 300 (account spec section 5), and no
 * problem the server named for the code (an unknown or sold-out product).
 */
export function isRowComplete(row: QuickOrderRow): boolean {
  return (
    row.variantCode !== null &&
    isValidQuantity(row.quantity) &&
    (row.problem === null || row.problem.codeMessage === null)
  );
}

const emptyRow = (id: number): QuickOrderRow => ({
  id,
  variantCode: null,
  label: null,
  quantityText: String(MIN_LINE_QUANTITY),
  quantity: MIN_LINE_QUANTITY,
  product: null,
  lineTotal: null,
  revision: 0,
  from: null,
  problem: null,
});

/** The product as the page keeps it, from the REST import's snake-case answer. */
function productOf(p: QuickOrderProductAnswer | null | undefined): QuickOrderProduct | null {
  return p
    ? {
        code: p.code,
        name: p.name,
        variantName: p.variant_name,
        image: p.image,
        unitPrice: p.unit_price,
        currencyCode: p.currency_code,
      }
    : null;
}

/** What the row's product picker shows: name and variant in the buyer's language, and code. */
export function productLabel(p: QuickOrderProduct): string {
  return `${p.name} – ${p.variantName} (${p.code})`;
}

/** A row's problem from the server's problems (none: null). */
function problemOf(
  row: number,
  written: string | null,
  problems: QuickOrderProblemAnswer[],
): QuickOrderRow["problem"] {
  const first = problems[0];
  if (!first) return null;
  const quantity = problems.find((p) => p.reason === "invalid_quantity");
  const code = problems.find((p) => p.reason !== "invalid_quantity");
  const choices = code?.variants ?? [];
  return {
    row,
    reason: first.reason,
    message: first.message,
    written,
    codeMessage: code?.message ?? null,
    quantityMessage: quantity?.message ?? null,
    ...(choices.length > 0 ? { choices } : {}),
  };
}

/**
 * The table's rows from the import's answer, in the file's row order. Every quantity stays as
 * the file wrote it ('ten', '2.5', '999' included), marked when the server refused it. A known
 * code keeps its product, shown by the server's name, image and price; an unknown, missing or
 * sold-out code leaves the product to be chosen.
 */
export function rowsFromImport(
  answer: QuickOrderImport,
  firstId: number,
  source: QuickOrderSource,
): QuickOrderRow[] {
  const ok = answer.rows.map((r) => ({ kind: "ok" as const, row: r.row, r }));
  const bad = answer.errors.map((e) => ({ kind: "bad" as const, row: e.row, e }));
  return [...ok, ...bad]
    .sort((a, b) => a.row - b.row)
    .map((item, n): QuickOrderRow => {
      if (item.kind === "ok") {
        const product = productOf(item.r.product);
        return {
          id: firstId + n,
          variantCode: item.r.product_variant_code,
          label: product ? productLabel(product) : null,
          quantityText: String(item.r.quantity),
          quantity: item.r.quantity,
          product,
          lineTotal: item.r.line_total ?? null,
          revision: 0,
          from: { source, number: item.row },
          problem: null,
        };
      }
      const { e } = item;
      const problems = e.problems ?? [{ field: "", reason: e.reason, message: e.message }];
      const codeRefused = problems.some((p) => p.reason !== "invalid_quantity");
      const product = codeRefused ? null : productOf(e.product);
      const quantityText = e.quantity === null ? "" : String(e.quantity);
      return {
        id: firstId + n,
        variantCode: codeRefused ? null : e.product_variant_code,
        label: product ? productLabel(product) : null,
        quantityText,
        quantity: quantityOfText(quantityText),
        product,
        lineTotal: null,
        revision: 0,
        from: { source, number: e.row },
        problem: problemOf(e.row, e.product_variant_code, problems),
      };
    });
}

/**
 * The server's check of a row, unless the row changed since it was asked: the product it names,
 * the line total, and the problems (none: the row is fine).
 */
function checkedRow(
  rows: QuickOrderRow[],
  id: number,
  revision: number,
  check: QuickOrderRowCheck,
): QuickOrderRow[] {
  return rows.map((row) => {
    if (row.id !== id || row.revision !== revision) return row;
    return {
      ...row,
      product: check.product,
      label: check.product ? productLabel(check.product) : row.label,
      lineTotal: check.lineTotal,
      problem: problemOf(
        row.problem?.row ?? check.row,
        row.problem?.written ?? null,
        check.problems,
      ),
    };
  });
}

/**
 * A changed row: a new revision, no line total until the server answers again, and the
 * problem of the part that changed is gone (the server judges the row again).
 */
function changeRow(
  rows: QuickOrderRow[],
  id: number,
  change: Partial<QuickOrderRow>,
  part: "code" | "quantity",
) {
  return rows.map((row) => {
    if (row.id !== id) return row;
    const next = { ...row, ...change, revision: row.revision + 1, lineTotal: null };
    if (part === "code" && next.variantCode === null) next.product = null;
    const problem = next.problem && {
      ...next.problem,
      ...(part === "code" ? { codeMessage: null } : { quantityMessage: null }),
    };
    next.problem =
      problem && (problem.codeMessage !== null || problem.quantityMessage !== null)
        ? problem
        : null;
    return next;
  });
}

function failureOf(error: unknown): string {
  const data = error as { message?: unknown; detail?: unknown } | undefined;
  const text = typeof data?.detail === "string" ? data.detail : data?.message;
  return typeof text === "string" && text !== "" ? text : "quickOrder.failed";
}

/**
 * The quick-order page (account spec sections 2, 4 and 5): one .xlsx at a time is uploaded, or
 * lines of codes and quantities are pasted (issue 21), and read by the server; its rows fill the product table, the ones it could not use marked with
 * their row number and reason so they can be fixed in place. Rows are edited, added and removed;
 * add-to-cart sends every row in one bulk add, and only when each row has a product and a
 * quantity of 1 to 300.
 */
export const quickOrderMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as QuickOrderContext,
    events: {} as QuickOrderEvent,
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    importFile: unprovided<QuickOrderImport, { fileId: string }>("importFile"),
    /** The server reads pasted lines and answers like an upload (issue 21, part 3). */
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    readPaste: unprovided<QuickOrderImport, { text: string }>("readPaste"),
    addRowsToCart: unprovided<void, { items: { variantCode: string; quantity: number }[] }>(
      // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
      "addRowsToCart",
    ),
  },
  actions: {
    notifyAdded: (_, _params: { count: number }) => {},
  },
  guards: {
    canAddToCart: ({ context }) => context.rows.length > 0 && context.rows.every(isRowComplete),
    pasteIsFilled: ({ context }) => context.pasteText.trim() !== "",
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "quickOrder",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "Quick order: a file or a hand-filled table of products and quantities.",
  context: {
    rows: [emptyRow(1)],
    nextId: 2,
    file: null,
    failure: null,
    added: 0,
    pasteText: "",
  },
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "editing"
  initial: "editing",
  on: {
    // The server's check of a row answers whenever it comes (also while adding or reading a
    // file): it fills in the row it was asked for at that revision, and changes nothing else.
    "quickOrder.rowChecked": {
      actions: assign({
        rows: ({ context, event }) =>
          checkedRow(context.rows, event.id, event.revision, event.check),
      }),
    },
  },
  states: {
    editing: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
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
              changeRow(
                context.rows,
                event.id,
                { variantCode: event.variantCode, label: event.label },
                "code",
              ),
          }),
        },
        "quickOrder.changeQuantity": {
          actions: assign({
            rows: ({ context, event }) =>
              changeRow(
                context.rows,
                event.id,
                { quantityText: event.text, quantity: quantityOfText(event.text) },
                "quantity",
              ),
          }),
        },
        "quickOrder.addToCart": { guard: "canAddToCart", target: "adding" },
        "quickOrder.changePaste": {
          actions: assign({ pasteText: ({ event }) => event.text }),
        },
        "quickOrder.paste": {
          guard: "pasteIsFilled",
          target: "readingPaste",
          actions: assign({ failure: null }),
        },
      },
    },
    readingPaste: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "The server reads the pasted lines (at most 1,000); the table is locked (its rows are about to be replaced).",
      invoke: {
        id: "readPaste",
        src: "readPaste",
        input: ({ context }) => ({ text: context.pasteText }),
        onDone: {
          target: "editing",
          actions: assign({
            rows: ({ context, event }) => rowsFromImport(event.output, context.nextId, "paste"),
            nextId: ({ context, event }) =>
              context.nextId + event.output.rows.length + event.output.errors.length,
            // Read: the lines are now the table's rows, fixed there.
            pasteText: "",
          }),
        },
        onError: {
          target: "editing",
          // The table and the pasted text stay as they were: the text can be shortened.
          actions: assign({ failure: ({ event }) => failureOf(event.error) }),
        },
      },
    },
    uploading: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "The server reads the file; the table is locked (its rows are about to be replaced).",
      invoke: {
        id: "importFile",
        src: "importFile",
        input: ({ context }) => ({ fileId: context.file!.id }),
        onDone: {
          target: "editing",
          actions: assign({
            rows: ({ context, event }) => rowsFromImport(event.output, context.nextId, "file"),
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
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
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
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
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
        "quickOrder.changePaste": {
          target: "editing",
          actions: assign({ pasteText: ({ event }) => event.text }),
        },
        // Lines pasted before the rows were added are still in the box: they can be read now.
        "quickOrder.paste": {
          guard: "pasteIsFilled",
          target: "readingPaste",
          actions: assign({ failure: null }),
        },
      },
    },
  },
});

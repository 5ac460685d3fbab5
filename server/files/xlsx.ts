import * as XLSX from "@e965/xlsx";
import { MAX_LINE_QUANTITY, MAX_QUICK_ORDER_LINES, MIN_LINE_QUANTITY } from "../../rules/limits.js";
import type { TierRange } from "../domain/volume-prices.js";
import { safeRow, type CellValue } from "./cells.js";
import { MEGABYTE } from "./uploads.js";
import { LANGUAGES, translate } from "../core/i18n.js";
import { hasZipSignature, readCentralDirectory, verifyEntries, ZipError } from "./zip.js";
import { parseWorkbook, SheetParseError } from "./sheet-worker.js";

export { XLSX_MIME } from "./sniff.js";

/**
 * Limits of a quick-order upload. A quick-order sheet is two columns and at most 1,000 rows: a
 * few hundred kilobytes unpacked at most, even from Excel with styles on every cell. The limits
 * leave room for that and no more (issue 32, finding C: 17 MB of strings in a 48 KB file held
 * the event loop for seconds).
 */
export const QUICK_ORDER_LIMITS = {
  maxFileBytes: 2 * MEGABYTE,
  /** A workbook from Excel has about a dozen parts; custom XML and images add a few more. */
  maxEntries: 200,
  /** Every part unpacked together. */
  maxUncompressedBytes: 4 * MEGABYTE,
  /** The shared-strings part unpacked: 1,000 codes and a header need well under 100 KB. */
  maxSharedStringsBytes: MEGABYTE / 2,
  /** Shared strings: two per row at most, a header, a title and some slack. */
  maxStrings: 5_000,
  maxRows: MAX_QUICK_ORDER_LINES,
} as const;

/** Rows read past the limit, so a header below a title row or a few blank rows still fit. */
const ROW_SLACK = 50;

// ------------------------------------------------------------------------------------------
// Writing
// ------------------------------------------------------------------------------------------

// Every cell goes through cells.ts (formula-safe text); re-exported for existing callers.
export { neutralizeFormula } from "./cells.js";

type Cell = CellValue;

interface SheetSpec {
  name: string;
  header: string[];
  rows: Cell[][];
  widths: number[];
  numberFormat?: string;
  /** The columns the number format applies to (every number cell when absent). */
  formatColumns?: number[];
}

/** One sheet: a header row, data rows, numbers with the given format. */
function sheetOf(o: SheetSpec): XLSX.WorkSheet {
  const aoa = [o.header, ...o.rows].map((row) => safeRow(row));
  const sheet = XLSX.utils.aoa_to_sheet(aoa);
  if (o.numberFormat) {
    for (const [r, row] of o.rows.entries()) {
      for (const [c, v] of row.entries()) {
        if (typeof v !== "number" || (o.formatColumns && !o.formatColumns.includes(c))) continue;
        const cell = sheet[XLSX.utils.encode_cell({ r: r + 1, c })] as XLSX.CellObject | undefined;
        if (cell) cell.z = o.numberFormat;
      }
    }
  }
  sheet["!cols"] = o.widths.map((wch) => ({ wch }));
  return sheet;
}

/** A workbook of one sheet (and `more`): a header row, data rows, numbers with the given format. */
function workbook(
  name: string,
  header: string[],
  rows: Cell[][],
  o: { widths: number[]; numberFormat?: string; title: string; author: string },
  more: SheetSpec[] = [],
): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    sheetOf({ name, header, rows, widths: o.widths, numberFormat: o.numberFormat }),
    sheetName(name),
  );
  for (const extra of more)
    XLSX.utils.book_append_sheet(book, sheetOf(extra), sheetName(extra.name));
  book.Props = { Title: o.title, Author: o.author, CreatedDate: new Date() };
  // Shared strings (t="s"): the plainest text cell, read as text by every program.
  return XLSX.write(book, {
    type: "buffer",
    bookType: "xlsx",
    bookSST: true,
    compression: true,
  }) as Buffer;
}

export interface ContractPriceRow {
  /** The variant's code (decision 051: every variant its own row). */
  code: string;
  /** The product's code, for the volume price sheet; the row's code where absent. */
  productCode?: string;
  name: string;
  /** Minor units; null when the product has no price in the company's list. */
  price: number | null;
  rrpPrice: number | null;
  ean: string | null;
  currencyCode: string;
  /** The product's variants with their volume prices (decision 040); none without tiers. */
  variants?: { code: string; tiers: readonly TierRange[] }[];
}

/** The export texts of one language (`xlsxExport.*` in locales/<lng>/server-files.json). */
export type ExportLabel = (key: string) => string;

/** The keys of the contract price sheet's columns, in order. */
const CONTRACT_PRICE_COLUMNS = ["code", "name", "price", "rrp", "ean", "currency"] as const;
/** The keys of the volume price sheet's columns, in order. */
const VOLUME_PRICE_COLUMNS = [
  "productCode",
  "variant",
  "fromQuantity",
  "toQuantity",
  "unitPrice",
  "currency",
] as const;
/** The keys of the quick-order sheet's columns: the two the importer reads. */
const QUICK_ORDER_COLUMNS = ["quickOrderCode", "quickOrderQuantity"] as const;

const labelsOf = (label: ExportLabel, keys: readonly string[]) =>
  keys.map((key) => label(`xlsxExport.${key}`));

/** The contract price sheet's header in the reader's language. */
export const contractPriceHeader = (label: ExportLabel) => labelsOf(label, CONTRACT_PRICE_COLUMNS);
/** The volume price sheet's header in the reader's language. */
export const volumePriceHeader = (label: ExportLabel) => labelsOf(label, VOLUME_PRICE_COLUMNS);
/** The quick-order sheet's header in the reader's language: the importer reads every language's. */
export const quickOrderHeader = (label: ExportLabel) => labelsOf(label, QUICK_ORDER_COLUMNS);

/**
 * A name Excel accepts for a sheet: none of `[ ] : * ? / \`, no apostrophe at either end, at
 * most 31 characters, never empty. Translated names are made to fit rather than trusted.
 */
export function sheetName(text: string): string {
  const name = text
    .replace(/[[\]:*?/\\]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, "")
    .trim();
  return name === "" ? "Sheet1" : name;
}

/**
 * The contract price list as .xlsx: one row per variant, amounts as numbers in major units
 * shown with two decimals (spreadsheet users sum and compare them), the EAN as text so its
 * leading zeros survive. A second sheet lists the volume prices: one row per tier of every
 * variant that has tiers, its last quantity empty for the open-ended tier. Sheet names,
 * headers and the title are in the reader's language (`label`); numbers stay numbers.
 */
export function contractPriceWorkbook(
  rows: readonly ContractPriceRow[],
  author: string,
  label: ExportLabel,
): Buffer {
  const major = (minor: number | null) => (minor === null ? null : minor / 100);
  const title = sheetName(label("xlsxExport.contractSheet"));
  return workbook(
    title,
    contractPriceHeader(label),
    rows.map((r) => [r.code, r.name, major(r.price), major(r.rrpPrice), r.ean, r.currencyCode]),
    { widths: [28, 40, 10, 10, 16, 9], numberFormat: "0.00", title, author },
    [
      {
        name: label("xlsxExport.volumeSheet"),
        header: volumePriceHeader(label),
        rows: rows.flatMap((r) =>
          (r.variants ?? []).flatMap((v) =>
            v.tiers.map((t) => [
              r.productCode ?? r.code,
              v.code,
              t.minQuantity,
              t.maxQuantity,
              major(t.price),
              r.currencyCode,
            ]),
          ),
        ),
        widths: [28, 32, 18, 18, 14, 9],
        numberFormat: "0.00",
        formatColumns: [4],
      },
    ],
  );
}

/**
 * The sample quick-order file: the two columns the importer reads, named in the reader's
 * language (`label`), and a few example rows.
 */
export function quickOrderSampleWorkbook(
  rows: readonly { code: string; quantity: number }[],
  author: string,
  label: ExportLabel,
): Buffer {
  const title = sheetName(label("xlsxExport.quickOrderSheet"));
  return workbook(
    title,
    quickOrderHeader(label),
    rows.map((r) => [r.code, r.quantity]),
    { widths: [32, 12], title, author },
  );
}

// ------------------------------------------------------------------------------------------
// Reading
// ------------------------------------------------------------------------------------------

export type SheetRefusal =
  | "notXlsx"
  | "tooManyParts"
  | "tooLarge"
  | "tooManyStrings"
  | "sheetCount"
  | "tooManyRows"
  | "noColumns"
  | "empty"
  | "nulCell"
  | "busy";

/** Why an uploaded workbook was refused, with the figures the message shows. */
export class SheetError extends Error {
  constructor(
    readonly reason: SheetRefusal,
    readonly params: Record<string, string | number> = {},
  ) {
    super(reason);
  }
}

/** One data row of a quick-order sheet, as written: the importer decides what is valid. */
export interface QuickOrderLine {
  /** The spreadsheet's row number (the header is usually row 1). */
  row: number;
  code: string | null;
  /** The cell's value: a number, a text, a boolean, or null when empty. */
  quantity: number | string | boolean | null;
}

/**
 * The header names the importer takes, as `headerName` writes them: the English names, and
 * in every language the names the exports write (a German partner fills the German sample,
 * "Artikelnummer" and "Menge", or pastes rows of the German contract price list).
 */
const CODE_HEADERS = new Set([
  ...["product_variant_code", "variant_code", "code", "sku"],
  ...LANGUAGES.flatMap((l) =>
    ["xlsxExport.quickOrderCode", "xlsxExport.code"].map((key) => headerName(translate(l, key))),
  ),
]);
const QUANTITY_HEADERS = new Set([
  ...["quantity", "qty"],
  ...LANGUAGES.map((l) => headerName(translate(l, "xlsxExport.quickOrderQuantity"))),
]);

/**
 * Checks an upload is an .xlsx that is safe to open, before any spreadsheet code sees it:
 * the ZIP signature, then the central directory (entry count, total unpacked size), the two
 * parts every workbook has, a bounded unpack of every part to prove the sizes are true, and
 * the size and count of its shared strings. Answers SheetJS's options for reading it, with
 * everything but cell values switched off.
 */
function checkWorkbook(buf: Buffer, sheetRows: number): XLSX.ParsingOptions {
  if (!hasZipSignature(buf)) throw new SheetError("notXlsx");
  let worksheets: Map<string, Buffer>;
  let strings: Buffer | undefined;
  try {
    const entries = readCentralDirectory(buf, {
      maxEntries: QUICK_ORDER_LIMITS.maxEntries,
      maxUncompressedBytes: QUICK_ORDER_LIMITS.maxUncompressedBytes,
    });
    const names = new Set(entries.map((e) => e.name));
    if (!names.has("[Content_Types].xml") || !names.has("xl/workbook.xml"))
      throw new SheetError("notXlsx");
    const kept = verifyEntries(
      buf,
      entries,
      (name) => WORKSHEET_PART.test(name) || name === SHARED_STRINGS_PART,
    );
    strings = kept.get(SHARED_STRINGS_PART);
    kept.delete(SHARED_STRINGS_PART);
    worksheets = kept;
  } catch (e) {
    if (e instanceof ZipError) {
      if (e.reason === "tooManyEntries")
        throw new SheetError("tooManyParts", { max: QUICK_ORDER_LIMITS.maxEntries });
      if (e.reason === "tooLarge")
        throw new SheetError("tooLarge", {
          max: QUICK_ORDER_LIMITS.maxUncompressedBytes / MEGABYTE,
        });
      throw new SheetError("notXlsx");
    }
    throw e;
  }
  if (strings !== undefined) {
    if (strings.length > QUICK_ORDER_LIMITS.maxSharedStringsBytes)
      throw new SheetError("tooLarge", {
        max: QUICK_ORDER_LIMITS.maxSharedStringsBytes / MEGABYTE,
      });
    let count = 0;
    for (const _ of strings.toString("utf8").matchAll(/<(?:[\w.-]+:)?si\b/g))
      if (++count > QUICK_ORDER_LIMITS.maxStrings)
        throw new SheetError("tooManyStrings", { max: QUICK_ORDER_LIMITS.maxStrings });
  }
  // SheetJS reads only `sheetRows` rows, and only a sheet's dimension element tells it how
  // many more there are; files without one would be cut silently. The rows are counted here.
  for (const xml of worksheets.values()) {
    if (lastRowNumber(xml.toString("utf8")) >= sheetRows)
      throw new SheetError("tooManyRows", { max: QUICK_ORDER_LIMITS.maxRows });
  }
  return {
    type: "buffer",
    dense: true,
    sheetRows,
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellNF: false,
    cellStyles: false,
    cellDates: false,
    sheetStubs: false,
    bookDeps: false,
    bookFiles: false,
    bookProps: false,
    bookVBA: false,
    WTF: false,
  };
}

const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;
const SHARED_STRINGS_PART = "xl/sharedStrings.xml";

/**
 * The number of the last row of a worksheet's XML that can hold cells: its `r` attribute, or
 * its position where `r` is left out (it is optional). Self-closing rows (a height or a
 * style, no cells) do not count.
 */
export function lastRowNumber(xml: string): number {
  let last = 0;
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?row\b([^>]*?)(\/?)>/g)) {
    if (m[2] === "/") continue;
    const r = /\br\s*=\s*["'](\d+)["']/.exec(m[1]!);
    last = r ? Number(r[1]) : last + 1;
  }
  return last;
}

/** Rows SheetJS reads: the limit, the header and some slack (see rowsOf). */
const ROW_WINDOW = QUICK_ORDER_LIMITS.maxRows + 1 + ROW_SLACK;

/**
 * The data rows of a quick-order sheet, parsed on this thread (tests and small tools; the
 * server reads uploads with readQuickOrderSheetOffThread).
 */
export function readQuickOrderSheet(buf: Buffer): QuickOrderLine[] {
  const options = checkWorkbook(buf, ROW_WINDOW);
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(buf, options);
  } catch {
    throw new SheetError("notXlsx");
  }
  return rowsOf(book);
}

/**
 * The data rows of an uploaded quick-order sheet: checked here, parsed by SheetJS on the
 * worker thread (server/files/sheet-worker.ts), so the event loop is never held by a parse.
 */
export async function readQuickOrderSheetOffThread(buf: Buffer): Promise<QuickOrderLine[]> {
  const options = checkWorkbook(buf, ROW_WINDOW);
  let book: XLSX.WorkBook;
  try {
    book = await parseWorkbook(buf, options);
  } catch (e) {
    throw new SheetError(e instanceof SheetParseError && e.reason === "busy" ? "busy" : "notXlsx");
  }
  return rowsOf(book);
}

/**
 * The data rows of a quick-order workbook. The header is the first non-empty row; its code
 * column is named product_variant_code, code or sku and its quantity column quantity or qty,
 * or as the sample or the contract price list names them in any language (any case, with or
 * without accents; spaces or hyphens count as underscores). Rows with neither a code nor a
 * quantity are skipped. The workbook must have exactly one sheet and at most 1,000 data rows.
 * A cell holding a NUL character (`_x0000_` in the file) is refused: no text can hold one.
 */
function rowsOf(book: XLSX.WorkBook): QuickOrderLine[] {
  const max = QUICK_ORDER_LIMITS.maxRows;
  const window = ROW_WINDOW;
  if (book.SheetNames.length !== 1)
    throw new SheetError("sheetCount", { count: book.SheetNames.length });
  const sheet = book.Sheets[book.SheetNames[0]!];
  if (!sheet) throw new SheetError("notXlsx");
  // SheetJS reads `window` rows; !fullref is the sheet's declared extent when it was cut.
  // A sheet reaching the window's last row may go on past it (files without a dimension
  // element do not say), so it is refused rather than silently cut.
  const extent = sheet["!fullref"] ?? sheet["!ref"];
  if (extent && XLSX.utils.decode_range(extent).e.r + 1 >= window)
    throw new SheetError("tooManyRows", { max });
  const data = (sheet["!data"] ?? []) as (XLSX.CellObject | undefined)[][];

  let codeCol = -1;
  let quantityCol = -1;
  const lines: QuickOrderLine[] = [];
  for (let r = 0; r < data.length; r++) {
    const cells = data[r];
    if (!cells || cells.every((c) => isEmpty(c))) continue;
    if (codeCol < 0) {
      const names = Array.from(cells, (c) => headerName(c));
      codeCol = names.findIndex((n) => CODE_HEADERS.has(n));
      quantityCol = names.findIndex((n) => QUANTITY_HEADERS.has(n));
      if (codeCol < 0 || quantityCol < 0) throw new SheetError("noColumns");
      continue;
    }
    const codeCell = cells[codeCol];
    const quantityCell = cells[quantityCol];
    if (isEmpty(codeCell) && isEmpty(quantityCell)) continue;
    if (lines.length === max) throw new SheetError("tooManyRows", { max });
    const line = { row: r + 1, code: codeOf(codeCell), quantity: rawValue(quantityCell) };
    if (
      line.code?.includes("\0") ||
      (typeof line.quantity === "string" && line.quantity.includes("\0"))
    )
      throw new SheetError("nulCell", { row: r + 1 });
    lines.push(line);
  }
  if (codeCol < 0) throw new SheetError("empty");
  if (lines.length === 0) throw new SheetError("empty");
  return lines;
}

/**
 * A quick-order quantity: a whole number from 1 to 300, as a number cell or as text of
 * digits ("3" typed into a text-formatted column is 3). "1.5", "abc", 0 and 301 are not.
 */
export function parseQuantity(raw: QuickOrderLine["quantity"]): number | undefined {
  let n: number;
  if (typeof raw === "number") n = raw;
  else if (typeof raw === "string" && /^\d{1,6}$/.test(raw.trim())) n = Number(raw.trim());
  else return undefined;
  return Number.isInteger(n) && n >= MIN_LINE_QUANTITY && n <= MAX_LINE_QUANTITY ? n : undefined;
}

function isEmpty(cell: XLSX.CellObject | undefined): boolean {
  if (!cell || cell.t === "z" || cell.v === undefined || cell.v === null) return true;
  return typeof cell.v === "string" && cell.v.trim() === "";
}

function rawValue(cell: XLSX.CellObject | undefined): QuickOrderLine["quantity"] {
  if (isEmpty(cell)) return null;
  const v = cell!.v;
  if (typeof v === "number" || typeof v === "boolean") return v;
  if (typeof v === "string") return v.trim();
  return String(v);
}

/** Codes longer than any variant code are cut: they are unknown either way. */
function codeOf(cell: XLSX.CellObject | undefined): string | null {
  if (isEmpty(cell)) return null;
  const v = cell!.v;
  const text = typeof v === "number" ? String(v) : String(v).trim();
  return text.slice(0, 255);
}

/**
 * A header cell's name as the importer compares it: trimmed, lower case, accents dropped
 * ("Quantité" is "quantite"), spaces and hyphens as one underscore.
 */
function headerName(cell: XLSX.CellObject | string | undefined): string {
  if (typeof cell !== "string" && isEmpty(cell)) return "";
  return String(typeof cell === "string" ? cell : cell!.v)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "_");
}

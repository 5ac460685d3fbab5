/**
 * Cells of the spreadsheets the server writes (every export goes through here, see
 * docs/decisions/012-files-mail.md and docs/reliability.md "Formula injection in exports").
 *
 * SheetJS never writes a formula for a string value: a text cell holds `=HYPERLINK(...)` as
 * text in Excel and LibreOffice when the file is opened. The danger is what happens next: a
 * person edits the cell (F2, Enter) or saves the sheet as CSV and opens that, and the text
 * runs. An `xf quotePrefix` style would hide the guard, but SheetJS's community edition does
 * not write cell styles, so such text gets a leading apostrophe in the value itself: visible,
 * and text in every program and every later step.
 */

/**
 * What a spreadsheet may read as the start of a formula: `=`, `+`, `-`, `@`, a tab, a carriage
 * return or line feed (the OWASP CSV-injection set plus LF), and the full-width forms of the
 * four signs, which East Asian input and some importers turn into the ASCII ones.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The longest text a cell holds (Excel's limit; SheetJS refuses to write more). */
export const MAX_CELL_TEXT = 32_767;

/**
 * Text safe to put in a cell: a leading apostrophe when a spreadsheet could take it for a
 * formula, and cut to the cell limit so a long value cannot make the export fail.
 */
export function neutralizeFormula(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return safe.length > MAX_CELL_TEXT ? safe.slice(0, MAX_CELL_TEXT) : safe;
}

/** A value an export writes: text, a number, or an empty cell. */
export type CellValue = string | number | null;

/**
 * One row as it may be written: every text through `neutralizeFormula`; numbers stay numbers
 * (a negative amount is a number, not text starting with "-"), except NaN and infinities,
 * which would be written as error cells and are left empty.
 */
export function safeRow(row: readonly CellValue[]): CellValue[] {
  return row.map((v) =>
    typeof v === "string"
      ? neutralizeFormula(v)
      : typeof v === "number" && !Number.isFinite(v)
        ? null
        : v,
  );
}

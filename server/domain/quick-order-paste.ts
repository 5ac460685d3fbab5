/**
 * Quick order by pasting codes (issue 21, part 3): lines as copied from a spreadsheet or an ERP,
 * one product a line, "CODE, QTY", "CODE;QTY", "CODE<tab>QTY" or "CODE QTY". Pure: the server
 * reads the text with it, then judges the lines like an upload's rows (checkQuickOrderLines).
 */
import { MAX_QUICK_ORDER_LINES } from "../../rules/limits.js";

/** More text than 1,000 lines of codes and quantities need: refused before it is split. */
export const MAX_PASTED_CHARACTERS = 100_000;

export interface PastedLine {
  /** The line's number in the pasted text (1 = the first line), blank lines counted. */
  row: number;
  /** The code as written; null when the line has none (only a separator and a quantity). */
  code: string | null;
  /** The quantity exactly as written (trimmed); null when the line has none. */
  quantity: string | null;
}

export type PasteRefusal =
  | { reason: "tooLong"; max: number }
  | { reason: "tooManyLines"; max: number; count: number }
  | { reason: "empty" };

const HEADER_CODES = new Set(["product_variant_code", "variant_code", "code", "sku"]);
const HEADER_QUANTITIES = new Set(["quantity", "qty"]);

/**
 * One pasted line: the code is the text before the first tab, semicolon or comma, else before
 * the first run of spaces; the quantity is the rest, trimmed ("2,5" after a tab stays "2,5" and
 * is refused as a quantity, never read as 2 or 25).
 */
export function splitPastedLine(line: string): { code: string | null; quantity: string | null } {
  const text = line.trim();
  // Stryker disable next-line Regex: one space or a run of them cuts the code alike; the quantity is trimmed
  const separator = /[\t;,]/.exec(text) ?? /\s+/.exec(text);
  const code = (separator ? text.slice(0, separator.index) : text).trim();
  const quantity = separator ? text.slice(separator.index + separator[0].length).trim() : "";
  return { code: code === "" ? null : code, quantity: quantity === "" ? null : quantity };
}

/**
 * The product lines of a pasted text, in order; blank lines are skipped (they keep their
 * number), and a first line naming the columns ("code;quantity", "SKU<tab>Qty") is a header.
 * Refused: no line at all, more than 1,000 lines, more than 100,000 characters.
 */
export function parsePastedLines(
  text: string,
): { lines: PastedLine[]; refusal?: undefined } | { lines?: undefined; refusal: PasteRefusal } {
  if (text.length > MAX_PASTED_CHARACTERS)
    return { refusal: { reason: "tooLong", max: MAX_PASTED_CHARACTERS } };
  const lines: PastedLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, n) => {
    if (raw.trim() === "") return;
    const { code, quantity } = splitPastedLine(raw);
    const header =
      lines.length === 0 &&
      code !== null &&
      HEADER_CODES.has(code.toLowerCase()) &&
      (quantity === null || HEADER_QUANTITIES.has(quantity.toLowerCase()));
    if (!header) lines.push({ row: n + 1, code, quantity });
  });
  if (lines.length === 0) return { refusal: { reason: "empty" } };
  if (lines.length > MAX_QUICK_ORDER_LINES)
    return { refusal: { reason: "tooManyLines", max: MAX_QUICK_ORDER_LINES, count: lines.length } };
  return { lines };
}

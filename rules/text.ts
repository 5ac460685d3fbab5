/**
 * Text people type that lands in documents (invoices, mails, exports, the back office): a
 * purchase-order number, a list or company name, an address line, an order note. Only
 * printable characters are accepted (issue 32, finding H): a required PO number made of a
 * zero-width space passed as "given", a line break broke the invoice's layout and a
 * right-to-left override made a reference read differently from what it is.
 */

/**
 * Characters that print nothing: controls (Cc), format characters (Cf: zero-width spaces and
 * joiners, bidirectional controls, the byte-order mark, the soft hyphen, the Mongolian vowel
 * separator), private-use characters, Unicode's default-ignorable code points (Hangul fillers,
 * the combining grapheme joiner, variation selectors) and the Braille blank.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** The same, with the line break and tab a multi-line note may hold. */
const UNPRINTABLE_IN_NOTE = /[^\P{Cc}\n\t]|[\p{Cf}\p{Co}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** White space of every kind at either end, the invisible blanks above included. */
const EDGES =
  /^[\s\p{Zs}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]+|[\s\p{Zs}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]+$/gu;

/** `value` without white space or invisible blanks at either end. */
export function trimAll(value: string): string {
  return value.replace(EDGES, "");
}

/**
 * A one-line text as typed: trimmed of every kind of white space at its ends; `printable`
 * says whether what is left holds only printable characters (no line break, no control, no
 * invisible or direction-changing character). A text of blanks only is empty, not printable
 * text: a required field stays missing.
 */
export function readLine(value: string): { text: string; printable: boolean } {
  const text = trimAll(value);
  return { text, printable: !UNPRINTABLE.test(text) };
}

/**
 * A multi-line note: line breaks (CR LF or CR read as LF) and tabs are kept; any other
 * control, and every invisible or direction-changing character, makes it unprintable.
 */
export function readNote(value: string): { text: string; printable: boolean } {
  const text = value.replace(/\r\n?/g, "\n");
  return { text, printable: !UNPRINTABLE_IN_NOTE.test(text) };
}

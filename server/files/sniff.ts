import { readCentralDirectory, readEntry, ZipError, type ZipLimits } from "./zip.js";

/** A file type recognised from the bytes of a file, never from its name or declared type. */
export interface DetectedType {
  mime: string;
  extension: string;
}

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Office documents attached to a support request are small; these bound their inspection. */
const OFFICE_LIMITS: ZipLimits = { maxEntries: 1000, maxUncompressedBytes: 100 * 1024 * 1024 };
/** [Content_Types].xml of a real document is a few kilobytes. */
const MAX_CONTENT_TYPES_BYTES = 256 * 1024;

const startsWith = (buf: Uint8Array, bytes: readonly number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * What a file is, judged by its content: PDF, PNG, JPEG, GIF, WEBP, an .xlsx or .docx
 * (a ZIP whose [Content_Types].xml declares the workbook or document part), or plain UTF-8
 * text without NUL bytes. Anything else (executables, archives, HTML is text and passes as
 * text/plain, which is how it is stored and served) is undefined.
 */
export function detectFileType(buf: Buffer): DetectedType | undefined {
  if (buf.length === 0) return undefined;
  if (startsWith(buf, ascii("%PDF-"))) return { mime: "application/pdf", extension: "pdf" };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: "image/png", extension: "png" };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", extension: "jpg" };
  if (startsWith(buf, ascii("GIF87a")) || startsWith(buf, ascii("GIF89a")))
    return { mime: "image/gif", extension: "gif" };
  if (startsWith(buf, ascii("RIFF")) && startsWith(buf, ascii("WEBP"), 8))
    return { mime: "image/webp", extension: "webp" };
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return officeType(buf);
  if (isUtf8Text(buf)) return { mime: "text/plain", extension: "txt" };
  return undefined;
}

/** The main part declared in an OOXML package's [Content_Types].xml, or undefined. */
export function officeType(buf: Buffer): DetectedType | undefined {
  try {
    const entries = readCentralDirectory(buf, OFFICE_LIMITS);
    const types = entries.find((e) => e.name === "[Content_Types].xml");
    if (!types || types.uncompressedSize > MAX_CONTENT_TYPES_BYTES) return undefined;
    const xml = readEntry(buf, types).toString("utf8");
    const names = new Set(entries.map((e) => e.name));
    if (xml.includes("spreadsheetml.sheet.main+xml") && names.has("xl/workbook.xml"))
      return { mime: XLSX_MIME, extension: "xlsx" };
    if (xml.includes("wordprocessingml.document.main+xml") && names.has("word/document.xml"))
      return { mime: DOCX_MIME, extension: "docx" };
    return undefined;
  } catch (e) {
    if (e instanceof ZipError) return undefined;
    throw e;
  }
}

/** Valid UTF-8 (an optional BOM allowed) with no NUL byte: binary files almost always have one. */
export function isUtf8Text(buf: Uint8Array): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

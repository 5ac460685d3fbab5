import { inflateRawSync } from "node:zlib";

/**
 * A ZIP archive read from its central directory, without unpacking anything. Office files
 * (.xlsx, .docx) are ZIP archives; an upload is inspected here before any library inflates
 * it, so a zip bomb (a few kilobytes that unpack to gigabytes) is refused by its declared
 * sizes, and a lying one by a bounded inflate, never by running out of memory.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's local file header. */
  localOffset: number;
}

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the declared uncompressed sizes of all entries. */
  maxUncompressedBytes: number;
}

export type ZipRefusal =
  | "notZip" // no ZIP signature, no end record, or a structure that does not add up
  | "tooManyEntries"
  | "tooLarge"; // unpacks to more than the limit

export class ZipError extends Error {
  constructor(
    readonly reason: ZipRefusal,
    readonly detail = "",
  ) {
    super(`${reason}${detail ? `: ${detail}` : ""}`);
  }
}

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const END_SIG = 0x06054b50;
const END_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;

/** True when the buffer starts like a ZIP archive's first local file header (`PK\x03\x04`). */
export function hasZipSignature(buf: Uint8Array): boolean {
  return buf.length >= 4 && readU32(buf, 0) === LOCAL_SIG;
}

/**
 * Lists the entries of a ZIP archive from its central directory (at the end of the file),
 * checking the entry count and the total declared uncompressed size against `limits` before
 * even reading the entries' names. ZIP64 archives, encrypted entries, split archives and
 * compression methods other than stored and deflate are refused: no spreadsheet or document
 * under a few megabytes needs them.
 */
export function readCentralDirectory(buf: Buffer, limits: ZipLimits): ZipEntry[] {
  if (!hasZipSignature(buf)) throw new ZipError("notZip", "signature");
  const end = findEndRecord(buf);
  if (end < 0) throw new ZipError("notZip", "no end of central directory");
  const disk = readU16(buf, end + 4);
  const cdDisk = readU16(buf, end + 6);
  const entriesOnDisk = readU16(buf, end + 8);
  const entries = readU16(buf, end + 10);
  const cdSize = readU32(buf, end + 12);
  const cdOffset = readU32(buf, end + 16);
  if (disk !== 0 || cdDisk !== 0 || entriesOnDisk !== entries)
    throw new ZipError("notZip", "split archive");
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw new ZipError("notZip", "zip64");
  if (entries > limits.maxEntries) throw new ZipError("tooManyEntries", String(entries));
  if (cdOffset + cdSize > end) throw new ZipError("notZip", "central directory out of bounds");

  const list: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < entries; n++) {
    if (p + CENTRAL_SIZE > cdOffset + cdSize || readU32(buf, p) !== CENTRAL_SIG)
      throw new ZipError("notZip", "central directory entry");
    const flags = readU16(buf, p + 8);
    const method = readU16(buf, p + 10);
    const compressedSize = readU32(buf, p + 20);
    const uncompressedSize = readU32(buf, p + 24);
    const nameLength = readU16(buf, p + 28);
    const extraLength = readU16(buf, p + 30);
    const commentLength = readU16(buf, p + 32);
    const localOffset = readU32(buf, p + 42);
    if (flags & 0x0041) throw new ZipError("notZip", "encrypted entry");
    if (method !== 0 && method !== 8) throw new ZipError("notZip", `method ${method}`);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff)
      throw new ZipError("notZip", "zip64 entry");
    if (method === 0 && compressedSize !== uncompressedSize)
      throw new ZipError("notZip", "stored sizes differ");
    total += uncompressedSize;
    // Checked entry by entry, so a directory of huge entries stops at the first one too many.
    if (total > limits.maxUncompressedBytes) throw new ZipError("tooLarge", String(total));
    const nameStart = p + CENTRAL_SIZE;
    const next = nameStart + nameLength + extraLength + commentLength;
    if (next > cdOffset + cdSize) throw new ZipError("notZip", "central directory entry");
    if (localOffset + LOCAL_SIZE > cdOffset) throw new ZipError("notZip", "local header offset");
    const name = buf.toString("utf8", nameStart, nameStart + nameLength);
    list.push({ name, method, compressedSize, uncompressedSize, localOffset });
    p = next;
  }
  return list;
}

/**
 * Unpacks one entry, never producing more than its declared size: an entry that claims
 * 1 KB in the directory but inflates to 200 MB is stopped at 1 KB + 1 byte. The data is read
 * where a ZIP reader finds it, after the local header's own name and extra field.
 */
export function readEntry(buf: Buffer, entry: ZipEntry): Buffer {
  const p = entry.localOffset;
  if (readU32(buf, p) !== LOCAL_SIG) throw new ZipError("notZip", "local header");
  const start = p + LOCAL_SIZE + readU16(buf, p + 26) + readU16(buf, p + 28);
  const stop = start + entry.compressedSize;
  if (stop > buf.length) throw new ZipError("notZip", "entry out of bounds");
  const data = buf.subarray(start, stop);
  if (entry.method === 0) return Buffer.from(data);
  let out: Buffer;
  try {
    // maxOutputLength makes zlib give up as soon as the output passes the declared size.
    out = inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
      throw new ZipError("tooLarge", `${entry.name} inflates past its declared size`);
    throw new ZipError("notZip", `${entry.name}: ${(e as Error).message}`);
  }
  if (out.length !== entry.uncompressedSize)
    throw new ZipError("notZip", `${entry.name}: size differs from the directory`);
  return out;
}

/**
 * Proves every entry unpacks to exactly its declared size, so a library that trusts the
 * local headers or inflates to the end of the stream cannot be made to unpack more than
 * `readCentralDirectory` allowed. Costs at most the allowed total of unpacked bytes. The
 * contents of the entries `keep` selects are returned, by name.
 */
export function verifyEntries(
  buf: Buffer,
  entries: readonly ZipEntry[],
  keep: (name: string) => boolean = () => false,
): Map<string, Buffer> {
  const kept = new Map<string, Buffer>();
  for (const entry of entries) {
    const data = readEntry(buf, entry);
    if (keep(entry.name)) kept.set(entry.name, data);
  }
  return kept;
}

/**
 * The end record is the last 22 bytes plus a comment of at most 65,535 bytes. The last
 * signature is taken, as SheetJS takes it, and its comment must reach exactly to the end of
 * the file: a second, fake directory hidden in a comment cannot be what the library reads
 * while this check looks at another.
 */
function findEndRecord(buf: Buffer): number {
  const lowest = Math.max(0, buf.length - END_SIZE - 0xffff);
  for (let i = buf.length - END_SIZE; i >= lowest; i--) {
    if (readU32(buf, i) === END_SIG)
      return i + END_SIZE + readU16(buf, i + 20) === buf.length ? i : -1;
  }
  return -1;
}

function readU16(buf: Uint8Array, at: number): number {
  if (at < 0 || at + 2 > buf.length) return -1;
  return buf[at]! | (buf[at + 1]! << 8);
}

function readU32(buf: Uint8Array, at: number): number {
  if (at < 0 || at + 4 > buf.length) return -1;
  return (buf[at]! | (buf[at + 1]! << 8) | (buf[at + 2]! << 16) | (buf[at + 3]! << 24)) >>> 0;
}

import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DOCX_MIME, detectFileType, isUtf8Text, XLSX_MIME } from "../../server/files/sniff.js";
import { safeFileName } from "../../server/files/uploads.js";
import {
  lastRowNumber,
  neutralizeFormula,
  parseQuantity,
  readQuickOrderSheet,
  SheetError,
} from "../../server/files/xlsx.js";
import {
  readCentralDirectory,
  readEntry,
  verifyEntries,
  ZipError,
  type ZipLimits,
} from "../../server/files/zip.js";
import { handWrittenXlsx, PNG_1X1, xlsxBomb, zip } from "../fixtures/files/builders.js";

const LIMITS: ZipLimits = { maxEntries: 10, maxUncompressedBytes: 1024 * 1024 };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof ZipError || e instanceof SheetError) return e.reason;
    throw e;
  }
  throw new Error("not refused");
}

describe("ZIP central directory", () => {
  const archive = zip([
    { name: "a.txt", data: "hello hello hello hello" },
    { name: "dir/b.bin", data: Buffer.alloc(1000, 7), method: 0 },
  ]);

  it("lists entries with their sizes and unpacks them", () => {
    const entries = readCentralDirectory(archive, LIMITS);
    expect(entries.map((e) => [e.name, e.method, e.uncompressedSize])).toEqual([
      ["a.txt", 8, 23],
      ["dir/b.bin", 0, 1000],
    ]);
    expect(readEntry(archive, entries[0]!).toString()).toBe("hello hello hello hello");
    expect(readEntry(archive, entries[1]!)).toEqual(Buffer.alloc(1000, 7));
    const kept = verifyEntries(archive, entries, (n) => n.endsWith(".txt"));
    expect([...kept.keys()]).toEqual(["a.txt"]);
  });

  it("refuses anything that is not a plain ZIP", () => {
    expect(refusal(() => readCentralDirectory(PNG_1X1, LIMITS))).toBe("notZip");
    expect(refusal(() => readCentralDirectory(Buffer.from("PK\x03\x04"), LIMITS))).toBe("notZip");
    // Cut short: the end record is gone.
    expect(
      refusal(() => readCentralDirectory(archive.subarray(0, archive.length - 5), LIMITS)),
    ).toBe("notZip");
    // Trailing bytes after the end record: SheetJS would look elsewhere than this check.
    expect(
      refusal(() => readCentralDirectory(Buffer.concat([archive, Buffer.from("xx")]), LIMITS)),
    ).toBe("notZip");
    const zip64 = Buffer.from(archive);
    zip64.writeUInt16LE(0xffff, zip64.length - 12);
    expect(refusal(() => readCentralDirectory(zip64, LIMITS))).toBe("notZip");
    const bzip2 = Buffer.from(archive);
    const cd = bzip2.readUInt32LE(bzip2.length - 6);
    bzip2.writeUInt16LE(12, cd + 10);
    expect(refusal(() => readCentralDirectory(bzip2, LIMITS))).toBe("notZip");
    const encrypted = Buffer.from(archive);
    encrypted.writeUInt16LE(0x0801, cd + 8);
    expect(refusal(() => readCentralDirectory(encrypted, LIMITS))).toBe("notZip");
    const outOfBounds = Buffer.from(archive);
    outOfBounds.writeUInt32LE(archive.length, outOfBounds.length - 6);
    expect(refusal(() => readCentralDirectory(outOfBounds, LIMITS))).toBe("notZip");
  });

  it("refuses too many entries and too many declared bytes before reading any data", () => {
    const many = zip(Array.from({ length: 11 }, (_, n) => ({ name: `f${n}`, data: "x" })));
    expect(refusal(() => readCentralDirectory(many, LIMITS))).toBe("tooManyEntries");
    // 4 GB declared in a few hundred bytes: refused by the numbers alone.
    const huge = zip([{ name: "big", data: "x", declaredSize: 0xfffffffe }]);
    expect(refusal(() => readCentralDirectory(huge, LIMITS))).toBe("tooLarge");
    const twoHalves = zip([
      { name: "a", data: "x", declaredSize: 600 * 1024 },
      { name: "b", data: "x", declaredSize: 600 * 1024 },
    ]);
    expect(refusal(() => readCentralDirectory(twoHalves, LIMITS))).toBe("tooLarge");
  });

  it("stops unpacking an entry at its declared size, and refuses corrupt data", () => {
    const liar = zip([
      {
        name: "x",
        data: Buffer.alloc(0),
        compressed: deflateRawSync(Buffer.alloc(5_000_000)),
        declaredSize: 100,
      },
    ]);
    const [entry] = readCentralDirectory(liar, LIMITS);
    expect(refusal(() => readEntry(liar, entry!))).toBe("tooLarge");
    const short = zip([
      {
        name: "x",
        data: Buffer.alloc(0),
        compressed: deflateRawSync(Buffer.alloc(50)),
        declaredSize: 100,
      },
    ]);
    expect(refusal(() => readEntry(short, readCentralDirectory(short, LIMITS)[0]!))).toBe("notZip");
    const garbage = zip([
      {
        name: "x",
        data: Buffer.alloc(0),
        compressed: Buffer.from([0xff, 0xff, 0xff]),
        declaredSize: 10,
      },
    ]);
    expect(refusal(() => readEntry(garbage, readCentralDirectory(garbage, LIMITS)[0]!))).toBe(
      "notZip",
    );
  });

  it("refuses an .xlsx bomb before SheetJS sees it, truthful or lying", async () => {
    expect(refusal(() => readQuickOrderSheet(handWrittenXlsx([])))).toBe("sheetCount");
    expect(refusal(() => readQuickOrderSheet(PNG_1X1))).toBe("notXlsx");
    const truthful = await xlsxBomb(100, "truth");
    expect(refusal(() => readQuickOrderSheet(truthful))).toBe("tooLarge");
    const lying = await xlsxBomb(100, 4096);
    expect(refusal(() => readQuickOrderSheet(lying))).toBe("tooLarge");
  });
});

describe("file type sniffing", () => {
  it("recognises accepted types by their bytes", () => {
    expect(detectFileType(Buffer.from("%PDF-1.7\n"))?.mime).toBe("application/pdf");
    expect(detectFileType(PNG_1X1)?.mime).toBe("image/png");
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))?.mime).toBe("image/jpeg");
    expect(detectFileType(Buffer.from("GIF87a...."))?.mime).toBe("image/gif");
    expect(detectFileType(Buffer.from("RIFF\0\0\0\0WEBPVP8L", "latin1"))?.mime).toBe("image/webp");
    expect(detectFileType(handWrittenXlsx([{ name: "S", rows: [[1]] }]))?.mime).toBe(XLSX_MIME);
    const docx = zip([
      { name: "[Content_Types].xml", data: "<x>wordprocessingml.document.main+xml</x>" },
      { name: "word/document.xml", data: "<w/>" },
    ]);
    expect(detectFileType(docx)?.mime).toBe(DOCX_MIME);
    expect(detectFileType(Buffer.from("Bonjour, ça va ? 👋"))?.mime).toBe("text/plain");
  });

  it("refuses everything else", () => {
    expect(detectFileType(Buffer.alloc(0))).toBeUndefined();
    expect(detectFileType(Buffer.from("MZ\x90\x00", "latin1"))).toBeUndefined();
    expect(detectFileType(Buffer.from("RIFF\0\0\0\0WAVEfmt ", "latin1"))).toBeUndefined();
    expect(detectFileType(zip([{ name: "a.txt", data: "a" }]))).toBeUndefined();
    // A docx's name without the declared main part is not a docx.
    expect(
      detectFileType(
        zip([
          { name: "[Content_Types].xml", data: "<Types/>" },
          { name: "word/document.xml", data: "<w/>" },
        ]),
      ),
    ).toBeUndefined();
    expect(isUtf8Text(Buffer.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(isUtf8Text(Buffer.from([0xc3, 0x28]))).toBe(false);
  });
});

describe("quick-order cells", () => {
  it.each([
    [3, 3],
    ["3", 3],
    [" 12 ", 12],
    [300, 300],
    [1, 1],
    [0, undefined],
    [301, undefined],
    [-1, undefined],
    [1.5, undefined],
    ["1.5", undefined],
    ["3.0", undefined],
    ["abc", undefined],
    ["", undefined],
    [null, undefined],
    [true, undefined],
    ["1e2", undefined],
  ])("reads quantity %j as %j", (raw, expected) => {
    expect(parseQuantity(raw)).toBe(expected);
  });

  it("finds the last row of a worksheet's XML, with or without r attributes", () => {
    expect(
      lastRowNumber('<sheetData><row r="1"><c/></row><row r="1200"><c/></row></sheetData>'),
    ).toBe(1200);
    expect(lastRowNumber("<sheetData><row><c/></row><row><c/></row><row/></sheetData>")).toBe(2);
    expect(
      lastRowNumber('<x:sheetData><x:row r="7"><x:c/></x:row></x:sheetData><rowBreaks/>'),
    ).toBe(7);
    expect(lastRowNumber('<row r="5" spans="1:2"><c/></row><row r="9000" ht="20"/>')).toBe(5);
  });
});

describe("export and text safety", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ["+49 30", "'+49 30"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["\rx", "'\rx"],
    ["Glow Mini", "Glow Mini"],
    ["a=b", "a=b"],
    ["", ""],
  ])("writes %j as %j", (text, written) => {
    expect(neutralizeFormula(text)).toBe(written);
  });

  it("makes uploaded file names safe", () => {
    expect(safeFileName("C:\\Users\\me\\report.pdf", "pdf")).toBe("report.pdf");
    expect(safeFileName("../../etc/passwd", "txt")).toBe("passwd");
    expect(safeFileName('a"b<c>\r\n.png', "png")).toBe("abc.png");
    expect(safeFileName("", "png")).toBe("attachment.png");
    expect(safeFileName("...", "pdf")).toBe("attachment.pdf");
    expect(safeFileName(`${"x".repeat(300)}.pdf`, "pdf")).toHaveLength(200);
  });
});

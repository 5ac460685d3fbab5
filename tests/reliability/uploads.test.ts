import { constants, deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XLSX_MIME } from "../../server/files/sniff.js";
import {
  handWrittenXlsx,
  multipart,
  PDF_SNIPPET,
  PNG_1X1,
  zip,
  type Part,
  type ZipInput,
} from "../fixtures/files/builders.js";
import {
  backends,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
  type TestResponse,
} from "../support/test-app.js";
import { recordFigures } from "./figures.js";

/**
 * Hostile uploads to the two multipart endpoints, beyond what tests/server/files-xlsx.test.ts,
 * files-support.test.ts and files-zip.test.ts already cover (oversized files, PNG/CSV/fake
 * ZIPs, 200 MB bombs, 300 parts, sheet and row limits): files renamed to another type, empty
 * and truncated files, gigabyte bombs, 10,000 entries, nested archives and XML entity
 * expansion. Each answers a translated 4xx problem (or is read safely), never a 5xx, with the
 * process's peak memory bounded and the database unchanged.
 */

const IMPORT = "/shop/import/xlsx/quick-order";
const SUPPORT = "/form/support";
const MB = 1024 * 1024;
/** Peak resident memory may grow this much per upload: far below what inflating a bomb takes. */
const MAX_RSS_GROWTH_MB = 200;
const GIGABYTES = 1.5;

/**
 * `megabytes` MB of zeros as one raw deflate stream, built by repeating one fully flushed
 * 1 MB block (about 1 KB) and closing the stream: 1.5 GB fits in 1.6 MB without the test ever
 * compressing, or holding, a gigabyte.
 */
function deflatedGigabytes(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MB), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  // A final, empty block with fixed codes ends the stream.
  return Buffer.concat([...Array<Buffer>(megabytes).fill(block), Buffer.from([0x03, 0x00])]);
}

const NS = "http://schemas.openxmlformats.org";
const SHEET_HEAD = `<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>`;
const HEADER_ROW =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>code</t></is></c>' +
  '<c r="B1" t="inlineStr"><is><t>quantity</t></is></c></row>';

/** A one-sheet workbook whose sheet XML (or sheet entry) is given, plus extra entries. */
function workbook(sheet: string | ZipInput, extra: readonly ZipInput[] = []): Buffer {
  const contentTypes =
    `<?xml version="1.0"?><Types xmlns="${NS}/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
  const rels = (target: string, type: string) =>
    `<?xml version="1.0"?><Relationships xmlns="${NS}/package/2006/relationships">` +
    `<Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/${type}" Target="${target}"/></Relationships>`;
  return zip([
    { name: "[Content_Types].xml", data: contentTypes },
    { name: "_rels/.rels", data: rels("xl/workbook.xml", "officeDocument") },
    {
      name: "xl/workbook.xml",
      data:
        `<?xml version="1.0"?><workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships">` +
        `<sheets><sheet name="Order" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    { name: "xl/_rels/workbook.xml.rels", data: rels("worksheets/sheet1.xml", "worksheet") },
    typeof sheet === "string" ? { name: "xl/worksheets/sheet1.xml", data: sheet } : sheet,
    ...extra,
  ]);
}

/** A workbook whose sheet inflates to `GIGABYTES` GB; `declared` is what its headers say. */
function gigabyteXlsx(declared: "truth" | number): Buffer {
  const size = GIGABYTES * 1024 * MB;
  return workbook({
    name: "xl/worksheets/sheet1.xml",
    data: Buffer.alloc(0),
    compressed: deflatedGigabytes(GIGABYTES * 1024),
    declaredSize: declared === "truth" ? size : declared,
  });
}

/** A .docx whose document part inflates to `megabytes` MB (`GIGABYTES` GB by default). */
function gigabyteDocx(declared: "truth" | number, megabytes = GIGABYTES * 1024): Buffer {
  return zip([
    {
      name: "[Content_Types].xml",
      data:
        `<?xml version="1.0"?><Types xmlns="${NS}/package/2006/content-types">` +
        `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      name: "word/document.xml",
      data: Buffer.alloc(0),
      compressed: deflatedGigabytes(megabytes),
      declaredSize: declared === "truth" ? megabytes * MB : declared,
    },
  ]);
}

/** "Billion laughs": nine levels of ten references, a gigabyte if a parser expanded them. */
const LAUGHS =
  `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY l0 "lol">` +
  Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join("") +
  `<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`;

const GOOD_SHEET = () =>
  handWrittenXlsx([
    {
      name: "Order",
      rows: [
        ["code", "quantity"],
        ["GLOW-MINI-ROSE", 2],
      ],
    },
  ]);

const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

describe.each(backends)("uploads on %s", (backend) => {
  let t: TestApp;
  const figures = { filesTried: 0, refused: 0, fiveHundreds: 0, dbChangedOnRefusal: 0 };
  let maxGrowth = 0;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    recordFigures("uploads", { ...figures, peakMemoryGrowthMB: Math.round(maxGrowth) }, backend);
    await t?.close();
  });

  async function post(
    url: string,
    parts: readonly Part[],
    o: { as?: string; lang?: string } = {},
  ): Promise<TestResponse> {
    figures.filesTried++;
    const { body, contentType } = multipart(parts);
    const headers: Record<string, string> = { "content-type": contentType };
    if (o.as) headers.authorization = `Bearer ${await t.token(o.as)}`;
    if (o.lang) headers["accept-language"] = o.lang;
    const before = peakRssMb();
    const res = await t.app.inject({ method: "POST", url, headers, payload: body });
    maxGrowth = Math.max(maxGrowth, peakRssMb() - before);
    expect(peakRssMb() - before, "peak memory growth (MB)").toBeLessThan(MAX_RSS_GROWTH_MB);
    if (res.statusCode >= 500) figures.fiveHundreds++;
    const type = String(res.headers["content-type"] ?? "");
    return {
      status: res.statusCode,
      headers: res.headers,
      body: type.includes("json") && res.body ? JSON.parse(res.body) : undefined,
      raw: res.body,
    };
  }

  /**
   * The upload is refused with `status` in German and in English, with different details
   * (so the answer is translated), and the database is unchanged; answers the German problem.
   */
  async function refusedInGermanToo(status: number, send: (lang: string) => Promise<TestResponse>) {
    const before = await t.fingerprint();
    const de = expectProblem(await send("de"), status);
    const en = expectProblem(await send("en"), status);
    const changed = (await t.fingerprint()) !== before;
    if (changed) figures.dbChangedOnRefusal++;
    figures.refused += 2;
    expect(changed, "database changed by a refused upload").toBe(false);
    expect(de.detail).not.toBe(en.detail);
    expect(de.title).not.toBe(en.title);
    return { de, en };
  }

  describe("quick-order import", () => {
    const importAs = (data: Buffer, filename: string, type: string) => (lang: string) =>
      post(IMPORT, [{ name: "file", filename, type, data }], { as: USERS.spaBuyer, lang });

    it("refuses a PDF, a .docx, an empty and a truncated file named .xlsx (422 not-xlsx)", async () => {
      const docx = zip([
        {
          name: "[Content_Types].xml",
          data: '<Types><Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        },
        { name: "word/document.xml", data: "<w:document/>" },
      ]);
      const good = GOOD_SHEET();
      for (const data of [
        PDF_SNIPPET,
        docx,
        Buffer.alloc(0),
        good.subarray(0, Math.floor(good.length / 2)),
        good.subarray(0, good.length - 10),
        // The right bytes at the start, then nothing but junk.
        Buffer.concat([good.subarray(0, 40), Buffer.alloc(2000, 0xff)]),
      ]) {
        const { en } = await refusedInGermanToo(422, importAs(data, "order.xlsx", XLSX_MIME));
        expect(en.violations?.[0]?.code).toBe("quickOrderImport.notXlsx");
      }
    });

    it("reads an .xlsx sent as order.png with an image type: the content decides", async () => {
      const res = await importAs(GOOD_SHEET(), "order.png", "image/png")("en");
      expect(res.status).toBe(200);
      expect(res.body.rows).toEqual([
        expect.objectContaining({ row: 2, product_variant_code: "GLOW-MINI-ROSE", quantity: 2 }),
      ]);
    });

    it("refuses a sheet that inflates to gigabytes before inflating it, truthful or lying", async () => {
      for (const bomb of [gigabyteXlsx("truth"), gigabyteXlsx(4096)]) {
        expect(bomb.length).toBeLessThan(2 * MB);
        const { en } = await refusedInGermanToo(413, importAs(bomb, "order.xlsx", XLSX_MIME));
        expect(en.detail).toContain("4 MB");
      }
    });

    it("refuses an archive of 10,000 entries from its directory (413)", async () => {
      const many = workbook(
        `${SHEET_HEAD}${HEADER_ROW}</sheetData></worksheet>`,
        Array.from({ length: 10_000 }, (_, n) => ({ name: `c/${n}`, data: "", method: 0 })),
      );
      expect(many.length).toBeLessThan(2 * MB);
      const { en } = await refusedInGermanToo(413, importAs(many, "order.xlsx", XLSX_MIME));
      expect(en.detail).toContain("200");
    });

    it("never unpacks an archive nested in the workbook", async () => {
      const inner = zip([
        {
          name: "sheet.xml",
          data: Buffer.alloc(0),
          compressed: deflatedGigabytes(1024),
          declaredSize: 100,
        },
      ]);
      const nested = workbook(
        `${SHEET_HEAD}${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>GLOW-MINI-ROSE</t></is></c><c r="B2"><v>1</v></c></row></sheetData></worksheet>`,
        [{ name: "xl/embeddings/inner.xlsx", data: inner, method: 0 }],
      );
      const res = await importAs(nested, "order.xlsx", XLSX_MIME)("en");
      expect(res.status).toBe(200);
      expect(res.body.rows).toHaveLength(1);
      // A workbook that is itself only a zip of a workbook is not one.
      const wrapped = zip([{ name: "order.xlsx", data: GOOD_SHEET(), method: 0 }]);
      await refusedInGermanToo(422, importAs(wrapped, "order.xlsx", XLSX_MIME));
    });

    it("does not expand XML entities: a billion laughs and an external entity stay text", async () => {
      const sheet =
        LAUGHS +
        `${SHEET_HEAD}${HEADER_ROW}` +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>&l9;</t></is></c><c r="B2"><v>1</v></c></row>' +
        '<row r="3"><c r="A3" t="inlineStr"><is><t>&xxe;</t></is></c><c r="B3"><v>1</v></c></row>' +
        "</sheetData></worksheet>";
      const res = await importAs(workbook(sheet), "order.xlsx", XLSX_MIME)("en");
      expect(res.status).toBe(200);
      expect(
        res.body.errors.map((e: { product_variant_code: string }) => e.product_variant_code),
      ).toEqual(["&l9;", "&xxe;"]);
      expect(res.raw).not.toContain("root:");
      // The same entities in the shared strings.
      const shared = workbook(
        `${SHEET_HEAD}${HEADER_ROW}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>1</v></c></row></sheetData></worksheet>`,
        [
          {
            name: "xl/sharedStrings.xml",
            data: `${LAUGHS}<sst xmlns="${NS}/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>&l9;&xxe;</t></si></sst>`,
          },
        ],
      );
      const again = await importAs(shared, "order.xlsx", XLSX_MIME)("en");
      expect(again.status).toBeLessThan(500);
      expect(again.raw.length).toBeLessThan(10_000);
    });
  });

  describe("support form attachments", () => {
    const fields: Part[] = [
      { name: "name", value: "Jonas Keller" },
      { name: "email", value: "jonas@demo-spa.example" },
      { name: "question", value: "Please see the attachment." },
    ];
    const attach =
      (data: Buffer, filename: string, type = "application/octet-stream") =>
      (lang: string) =>
        post(SUPPORT, [...fields, { name: "file", filename, type, data }], {
          as: USERS.spaBuyer,
          lang,
        });
    const latest = () =>
      t.db
        .selectFrom("support_requests")
        .select(["attachment_name", "attachment_type"])
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();

    it("stores renamed files with the type their content has", async () => {
      for (const [filename, data, type] of [
        ["prices.png", GOOD_SHEET(), XLSX_MIME],
        ["report.xlsx", PDF_SNIPPET, "application/pdf"],
        ["photo.pdf", PNG_1X1, "image/png"],
      ] as const) {
        const res = await attach(data, filename, "image/gif")("en");
        expect(res.status).toBe(201);
        expect(await latest()).toEqual({ attachment_name: filename, attachment_type: type });
      }
    });

    it("refuses a .docx bomb, an archive in an archive, empty and truncated files (422)", async () => {
      const docx = gigabyteDocx("truth");
      for (const [filename, data] of [
        ["bomb.docx", docx],
        ["nested.docx", zip([{ name: "inner.docx", data: docx, method: 0 }])],
        ["nested.zip", zip([{ name: "inner.zip", data: zip([{ name: "a", data: "b" }]) }])],
        ["empty.pdf", Buffer.alloc(0)],
        ["cut.docx", docx.subarray(0, docx.length - 30)],
        ["cut.xlsx", GOOD_SHEET().subarray(0, 200)],
      ] as const) {
        const { en } = await refusedInGermanToo(422, attach(data, filename));
        expect(en.violations?.[0]?.code).toBe("supportForm.fileType");
      }
    });

    it("stores a .docx whose part lies about its size without ever unpacking it", async () => {
      // Only [Content_Types].xml is read to type a document; the attachment is kept as sent
      // (at most 10 MB) for a person to open, so its lying part costs the server nothing.
      const res = await attach(gigabyteDocx(1000, 512), "minutes.docx")("en");
      expect(res.status).toBe(201);
      expect((await latest()).attachment_type).toContain("wordprocessingml");
    });

    it("refuses an attachment over 10 MB and two attachments, translated", async () => {
      const big = Buffer.concat([PDF_SNIPPET, Buffer.alloc(10 * MB + 1)]);
      await refusedInGermanToo(413, attach(big, "big.pdf"));
      await refusedInGermanToo(400, (lang) =>
        post(
          SUPPORT,
          [
            ...fields,
            { name: "file", filename: "a.png", data: PNG_1X1 },
            { name: "file", filename: "b.png", data: PNG_1X1 },
          ],
          { lang },
        ),
      );
    });
  });
});

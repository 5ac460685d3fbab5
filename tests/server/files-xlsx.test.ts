import * as XLSX from "@e965/xlsx";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  handWrittenXlsx,
  multipart,
  PNG_1X1,
  xlsxBomb,
  zip,
  type CellValue,
  type Part,
} from "../fixtures/files/builders.js";
import {
  backends,
  startTestApp,
  USERS,
  type TestApp,
  type TestResponse,
} from "../support/test-app.js";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const IMPORT = "/shop/import/xlsx/quick-order";
const FIXTURES = join(import.meta.dirname, "../fixtures/files");

/** A row's code, row number and quantity: what the older checks compare. */
/** `run` for each item, one after the other, with the answers in order. */
async function inTurn<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await run(item));
  return out;
}

const bare = (rows: { row: number; product_variant_code: string; quantity: number }[]) =>
  rows.map((r) => ({
    row: r.row,
    product_variant_code: r.product_variant_code,
    quantity: r.quantity,
  }));

interface ImportAnswer {
  rows: { row: number; product_variant_code: string; quantity: number }[];
  errors: {
    row: number;
    product_variant_code: string | null;
    quantity: unknown;
    reason: string;
    message: string;
  }[];
}

describe.each(backends)("xlsx files on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  async function get(url: string, as?: string) {
    const res = await t.app.inject({
      method: "GET",
      url,
      headers: as ? { authorization: `Bearer ${await t.token(as)}` } : {},
    });
    return res;
  }

  async function post(
    url: string,
    parts: readonly Part[],
    o: { as?: string | null; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> {
    const { body, contentType } = multipart(parts);
    const as = o.as === undefined ? USERS.spaBuyer : o.as;
    const headers: Record<string, string> = { "content-type": contentType, ...o.headers };
    if (as) headers.authorization = `Bearer ${await t.token(as)}`;
    const res = await t.app.inject({ method: "POST", url, headers, payload: body });
    const type = String(res.headers["content-type"] ?? "");
    return {
      status: res.statusCode,
      headers: res.headers,
      body: type.includes("json") && res.body ? JSON.parse(res.body) : undefined,
      raw: res.body,
    };
  }

  const upload = (data: Buffer, filename = "order.xlsx", as?: string | null) =>
    post(IMPORT, [{ name: "file", filename, type: XLSX_TYPE, data }], { as });

  const sheetFile = (rows: CellValue[][], o: { sharedStrings?: boolean; firstRow?: number } = {}) =>
    handWrittenXlsx([{ name: "Sheet1", rows }], o);

  const read = (buf: Buffer) => XLSX.read(buf, { type: "buffer" });

  describe("contract price export", () => {
    it("lists every enabled variant, with its own code, at the caller's contract prices, as numbers", async () => {
      const res = await get("/shop/export/xlsx/contract-price", USERS.spaAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(XLSX_TYPE);
      expect(res.headers["content-disposition"]).toBe('attachment; filename="contract-price.xlsx"');
      const book = read(res.rawPayload);
      expect(book.SheetNames).toEqual(["Contract prices", "Volume prices"]);
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["Contract prices"]!, {
        header: 1,
      });
      expect(rows[0]).toEqual(["code", "name", "price", "RRP", "EAN", "currency"]);

      const api = await t.request("GET", "/api/v2/shop/products?itemsPerPage=9999", {
        as: USERS.spaAdmin,
      });
      const products = api.body["hydra:member"] as {
        code: string;
        name: string;
        variantsData: {
          code: string;
          name: string;
          price: number;
          rrpPrice: number;
          ean: string | null;
        }[];
      }[];
      // Every variant its own row, its own code and name (decision 051), in catalogue order.
      const variants = products.flatMap((p) => p.variantsData.map((v) => ({ p, v })));
      expect(rows.length - 1).toBe(variants.length);
      expect(variants.length).toBeGreaterThan(products.length);
      expect(products.length).toBeGreaterThan(50);
      for (const [n, { p, v }] of variants.entries()) {
        expect(rows[n + 1]).toEqual([
          v.code,
          `${p.name} — ${v.name}`,
          v.price / 100,
          v.rrpPrice / 100,
          v.ean,
          "EUR",
        ]);
      }
      expect(rows.slice(1, 4).map((r) => r[0])).toEqual([
        "GLOW-MINI-ROSE",
        "GLOW-MINI-MINT",
        "GLOW-MINI-PEARL",
      ]);
      expect(rows[2]![1]).toBe("Glow Mini Sonic Cleansing Device — Mint");
      // No row is a product code: each code is one quick order takes as a variant.
      expect(rows.some((r) => r[0] === "GLOW-MINI")).toBe(false);
      // Amounts are number cells shown with two decimals, the EAN a text cell.
      const sheet = XLSX.read(res.rawPayload, { type: "buffer", cellNF: true }).Sheets[
        "Contract prices"
      ]!;
      expect(sheet["C2"]).toMatchObject({ t: "n", z: "0.00" });
      expect(sheet["E2"]).toMatchObject({ t: "s" });
    });

    it("lists the volume prices of the caller's price list on a second sheet, one row a tier", async () => {
      const res = await get("/shop/export/xlsx/contract-price", USERS.spaBuyer);
      const rows = XLSX.utils.sheet_to_json<unknown[]>(
        read(res.rawPayload).Sheets["Volume prices"]!,
        {
          header: 1,
          defval: null,
        },
      );
      expect(rows[0]).toEqual([
        "code",
        "variant",
        "from quantity",
        "to quantity",
        "unit price",
        "currency",
      ]);
      const cream = rows.filter((r) => r[1] === "FIRM-LIFT-CREAM-50ML");
      expect(cream).toEqual([
        ["FIRM-LIFT-CREAM", "FIRM-LIFT-CREAM-50ML", 1, 11, 24, "EUR"],
        ["FIRM-LIFT-CREAM", "FIRM-LIFT-CREAM-50ML", 12, 47, 22.5, "EUR"],
        ["FIRM-LIFT-CREAM", "FIRM-LIFT-CREAM-50ML", 48, null, 21, "EUR"],
      ]);
      // Every tiered variant of the list, as the product API answers them.
      const api = await t.request("GET", "/api/v2/shop/product-variants?itemsPerPage=9999", {
        as: USERS.spaBuyer,
      });
      const tiers = (
        api.body["hydra:member"] as {
          code: string;
          volumePrices: { minQuantity: number; maxQuantity: number | null; price: number }[];
        }[]
      ).flatMap((v) =>
        v.volumePrices.map((p) => [v.code, p.minQuantity, p.maxQuantity, p.price / 100]),
      );
      expect(
        rows
          .slice(1)
          .map((r) => [r[1], r[2], r[3], r[4]])
          .sort(),
      ).toEqual(tiers.sort());
      expect(tiers.length).toBeGreaterThanOrEqual(9);
      const sheet = XLSX.read(res.rawPayload, { type: "buffer", cellNF: true }).Sheets[
        "Volume prices"
      ]!;
      expect(sheet["E2"]).toMatchObject({ t: "n", z: "0.00" });
      expect(sheet["C2"]?.z).not.toBe("0.00");
      // A price list without tiers: the sheet has its header only.
      const retail = read(
        (await get("/shop/export/xlsx/contract-price", USERS.retailAdmin)).rawPayload,
      );
      expect(XLSX.utils.sheet_to_json(retail.Sheets["Volume prices"]!, { header: 1 })).toHaveLength(
        1,
      );
    });

    it("uses the company's own price list and currency; every role may export", async () => {
      const spa = read(
        (await get("/shop/export/xlsx/contract-price", USERS.spaMarketing)).rawPayload,
      );
      const retail = read(
        (await get("/shop/export/xlsx/contract-price", USERS.retailAdmin)).rawPayload,
      );
      const spaRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
        spa.Sheets["Contract prices"]!,
      );
      const retailRows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
        retail.Sheets["Contract prices"]!,
      );
      expect(retailRows.every((r) => r.currency === "USD")).toBe(true);
      const price = await t.db
        .selectFrom("variant_prices")
        .select("price")
        .where("price_list_code", "=", "USD_CONTRACT")
        .where("variant_code", "=", "GLOW-MINI-ROSE")
        .executeTakeFirstOrThrow();
      expect(retailRows.find((r) => r.code === "GLOW-MINI-ROSE")?.price).toBe(price.price / 100);
      expect(spaRows.find((r) => r.code === "GLOW-MINI-ROSE")?.price).not.toBe(price.price / 100);
      expect((await get("/shop/export/xlsx/contract-price", USERS.spaBuyer)).statusCode).toBe(200);
      await t.refused(401, () => t.request("GET", "/shop/export/xlsx/contract-price"));
    });

    it("writes text that a spreadsheet would run as a formula as plain text", async () => {
      const names: Record<string, string> = {
        "GLOW-MINI": '=HYPERLINK("http://evil.example","Click")',
        "GLOW-PRO": "+cmd|' /C calc'!A0",
        "TRAVEL-CASE-CLASSIC": "-2+3",
        "SPA-HEADBAND": "@SUM(A1:A9)",
        "CONDUCTIVE-GEL": "\tTabbed",
      };
      const before = await t.db
        .selectFrom("products")
        .select(["code", "name"])
        .where("code", "in", Object.keys(names))
        .execute();
      try {
        for (const [code, name] of Object.entries(names))
          await t.db.updateTable("products").set({ name }).where("code", "=", code).execute();
        const res = await get("/shop/export/xlsx/contract-price", USERS.spaAdmin);
        const book = XLSX.read(res.rawPayload, { type: "buffer", cellFormula: true });
        const sheet = book.Sheets["Contract prices"]!;
        const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
        for (const [code, name] of Object.entries(names)) {
          // Each variant's row names the product first: the product's name starts the cell.
          const row = rows.find((r) => String(r.code).startsWith(`${code}-`));
          expect(String(row?.name).startsWith(`'${name} — `)).toBe(true);
        }
        const formulas = Object.entries(sheet).filter(
          ([key, cell]) => !key.startsWith("!") && (cell as XLSX.CellObject).f !== undefined,
        );
        expect(formulas).toEqual([]);
        // And the raw sheet XML has no formula element at all.
        const files = XLSX.read(res.rawPayload, { type: "buffer", bookFiles: true }) as unknown as {
          files: Record<string, { content: Uint8Array }>;
        };
        const xml = Buffer.from(files.files["xl/worksheets/sheet1.xml"]!.content).toString();
        expect(xml).not.toContain("<f>");
      } finally {
        for (const p of before)
          await t.db
            .updateTable("products")
            .set({ name: p.name })
            .where("code", "=", p.code)
            .execute();
      }
    });
  });

  describe("quick-order sample", () => {
    it("has the importer's header and three in-stock variants, and imports back as is", async () => {
      const res = await get("/shop/export/xlsx/quick-order", USERS.spaBuyer);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(XLSX_TYPE);
      expect(res.headers["content-disposition"]).toBe(
        'attachment; filename="quick-order-sample.xlsx"',
      );
      const book = read(res.rawPayload);
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
        header: 1,
      });
      expect(rows[0]).toEqual(["product_variant_code", "quantity"]);
      expect(rows).toHaveLength(4);
      const codes = rows.slice(1).map((r) => r[0] as string);
      const stock = await t.db
        .selectFrom("product_variants")
        .select(["code", "on_hand", "enabled"])
        .where("code", "in", codes)
        .execute();
      expect(stock).toHaveLength(3);
      expect(stock.every((v) => v.on_hand > 0 && v.enabled)).toBe(true);

      const imported = await upload(res.rawPayload, "quick-order-sample.xlsx");
      expect(imported.status).toBe(200);
      const answer = imported.body as ImportAnswer;
      expect(answer.errors).toEqual([]);
      expect(bare(answer.rows)).toEqual(
        rows.slice(1).map((r, n) => ({
          row: n + 2,
          product_variant_code: r[0],
          quantity: r[1],
        })),
      );
    });

    it("is part of quick order: MARKETING 403, no token 401", async () => {
      expect((await get("/shop/export/xlsx/quick-order", USERS.spaAdmin)).statusCode).toBe(200);
      await t.refused(403, () =>
        t.request("GET", "/shop/export/xlsx/quick-order", { as: USERS.spaMarketing }),
      );
      await t.refused(401, () => t.request("GET", "/shop/export/xlsx/quick-order"));
    });
  });

  describe("quick-order import", () => {
    it("reads a workbook written by another program (inline strings)", async () => {
      const res = await upload(
        sheetFile([
          ["Product Variant Code", "QTY"],
          ["GLOW-MINI-ROSE", 5],
          ["firm-lift-serum-30ml", "12"],
        ]),
      );
      expect(res.status).toBe(200);
      expect(bare(res.body.rows)).toEqual([
        { row: 2, product_variant_code: "GLOW-MINI-ROSE", quantity: 5 },
        { row: 3, product_variant_code: "FIRM-LIFT-SERUM-30ML", quantity: 12 },
      ]);
      expect(res.body.errors).toEqual([]);
    });

    it("reads shared strings, other header names and the sheet's own row numbers", async () => {
      const res = await upload(
        sheetFile(
          [
            ["sku", "comment", "qty"],
            ["GLOW-MINI-ROSE", "first", 1],
            [null, null, null],
            ["FIRM-LIFT-SERUM-30ML", "", 300],
          ],
          { sharedStrings: true, firstRow: 3 },
        ),
      );
      expect(res.status).toBe(200);
      expect(bare(res.body.rows)).toEqual([
        { row: 4, product_variant_code: "GLOW-MINI-ROSE", quantity: 1 },
        { row: 6, product_variant_code: "FIRM-LIFT-SERUM-30ML", quantity: 300 },
      ]);
    });

    it("reports unknown, out-of-stock, code-less and badly counted rows with their row numbers", async () => {
      const res = await upload(
        sheetFile([
          ["product_variant_code", "quantity"],
          ["GLOW-MINI-ROSE", "3"],
          ["NO-SUCH-SKU", 2],
          ["TRAVEL-CASE-CLASSIC-BLACK", 1],
          ["GLOW-MINI-ROSE", "1.5"],
          ["GLOW-MINI-ROSE", 1.5],
          ["GLOW-MINI-ROSE", "abc"],
          ["GLOW-MINI-ROSE", 0],
          ["GLOW-MINI-ROSE", 301],
          ["GLOW-MINI-ROSE", null],
          ["GLOW-MINI-ROSE", true],
          [null, 4],
          ["FIRM-LIFT-SERUM-30ML", 300],
        ]),
      );
      expect(res.status).toBe(200);
      const answer = res.body as ImportAnswer;
      expect(bare(answer.rows)).toEqual([
        { row: 2, product_variant_code: "GLOW-MINI-ROSE", quantity: 3 },
        { row: 13, product_variant_code: "FIRM-LIFT-SERUM-30ML", quantity: 300 },
      ]);
      expect(
        answer.errors.map((e) => [e.row, e.reason, e.product_variant_code, e.quantity]),
      ).toEqual([
        [3, "unknown_code", "NO-SUCH-SKU", 2],
        [4, "out_of_stock", "TRAVEL-CASE-CLASSIC-BLACK", 1],
        [5, "invalid_quantity", "GLOW-MINI-ROSE", "1.5"],
        [6, "invalid_quantity", "GLOW-MINI-ROSE", 1.5],
        [7, "invalid_quantity", "GLOW-MINI-ROSE", "abc"],
        [8, "invalid_quantity", "GLOW-MINI-ROSE", 0],
        [9, "invalid_quantity", "GLOW-MINI-ROSE", 301],
        [10, "invalid_quantity", "GLOW-MINI-ROSE", null],
        [11, "invalid_quantity", "GLOW-MINI-ROSE", true],
        [12, "missing_code", null, 4],
      ]);
      expect(answer.errors[0]!.message).toBe(
        "Row 3: there is no product or product variant with the code NO-SUCH-SKU.",
      );
      expect(answer.errors[1]!.message).toBe("Row 4: Travel Case Classic (Black) is out of stock.");
      expect(answer.errors[2]!.message).toBe(
        "Row 5: the quantity must be a whole number between 1 and 300.",
      );
      expect(answer.errors[9]!.message).toBe("Row 12: the product variant code is missing.");
    });

    it("translates the row messages", async () => {
      const res = await post(
        IMPORT,
        [
          {
            name: "file",
            filename: "x.xlsx",
            data: sheetFile([
              ["code", "quantity"],
              ["NO-SUCH-SKU", 2],
            ]),
          },
        ],
        { headers: { "accept-language": "de-DE,de;q=0.9" } },
      );
      expect(res.body.errors[0].message).toBe(
        "Zeile 2: Es gibt kein Produkt und keine Produktvariante mit dem Code NO-SUCH-SKU.",
      );
    });

    /** What the catalogue says of a variant in a language, at the Demo Spa's contract price. */
    async function catalogue(code: string, locale: string) {
      const v = await t.db
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.code", "v.product_code")
        .innerJoin("companies as c", (j) => j.on("c.id", "=", 1))
        .innerJoin("variant_prices as vp", (j) =>
          j
            .onRef("vp.variant_code", "=", "v.code")
            .onRef("vp.price_list_code", "=", "c.price_list_code"),
        )
        .leftJoin("product_translations as pt", (j) =>
          j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", locale),
        )
        .leftJoin("product_variant_translations as vt", (j) =>
          j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", locale),
        )
        .select([
          "p.name as en_name",
          "pt.name",
          "vt.name as variant_name",
          "vp.price",
          "c.currency_code",
        ])
        .where("v.code", "=", code)
        .executeTakeFirstOrThrow();
      return v;
    }

    it("answers each row's product in the caller's language, image, contract price and line total", async () => {
      const res = await post(
        IMPORT,
        [
          {
            name: "file",
            filename: "x.xlsx",
            type: XLSX_TYPE,
            data: readFileSync(join(FIXTURES, "quick-order-other-program.xlsx")),
          },
        ],
        { headers: { locale: "de" } },
      );
      expect(res.status).toBe(200);
      const mint = await catalogue("GLOW-MINI-MINT", "de");
      expect(mint.name).toBeTruthy();
      expect(mint.name).not.toBe(mint.en_name);
      const [first] = res.body.rows;
      expect(first.product).toEqual({
        code: "GLOW-MINI-MINT",
        product_code: expect.any(String),
        name: mint.name,
        variant_name: mint.variant_name,
        image: expect.stringMatching(/^\/media\//),
        unit_price: mint.price,
        currency_code: "EUR",
      });
      expect(first.line_total).toBe(mint.price * 2);
    });

    it("keeps bad quantities exactly as written and marks each with the rule, in the caller's language", async () => {
      const file = readFileSync(join(FIXTURES, "quick-order-bad-quantities.xlsx"));
      // One after the other: a user's files are read one at a time (issue 32, finding C).
      const answers = await inTurn(["en", "de", "fr", "it", "es"] as const, async (locale) => {
        const res = await post(
          IMPORT,
          [{ name: "file", filename: "x.xlsx", type: XLSX_TYPE, data: file }],
          {
            headers: { locale },
          },
        );
        expect(res.status).toBe(200);
        return [
          locale,
          res.body as ImportAnswer & {
            errors: {
              problems: { field: string; message: string }[];
              product: { name: string } | null;
            }[];
          },
        ] as const;
      });
      for (const [locale, answer] of answers) {
        expect(bare(answer.rows).map((r) => [r.row, r.quantity])).toEqual([[6, 4]]);
        expect(answer.errors.map((e) => [e.row, e.reason, e.quantity])).toEqual([
          [2, "invalid_quantity", 0],
          [3, "invalid_quantity", "ten"],
          [4, "invalid_quantity", 2.5],
          [5, "invalid_quantity", 999],
        ]);
        for (const e of answer.errors) {
          // The product is known, so the row shows it while the quantity is fixed.
          expect(e.product?.name).toBeTruthy();
          expect(e.problems).toHaveLength(1);
          expect(e.problems[0]!.field).toBe("quantity");
          expect(e.problems[0]!.message).toMatch(/1\D+300/);
        }
        if (locale !== "en")
          expect(answer.errors[0]!.message).not.toBe(answers[0]![1].errors[0]!.message);
      }
    });

    it("reports both problems of a row whose code and quantity are wrong", async () => {
      const res = await upload(
        sheetFile([
          ["code", "quantity"],
          ["NO-SUCH-SKU", "ten"],
        ]),
      );
      expect(
        res.body.errors[0].problems.map((p: { field: string; reason: string }) => [
          p.field,
          p.reason,
        ]),
      ).toEqual([
        ["product_variant_code", "unknown_code"],
        ["quantity", "invalid_quantity"],
      ]);
      expect(res.body.errors[0].quantity).toBe("ten");
      expect(res.body.errors[0].product).toBeNull();
    });

    it("checks typed lines the same way (JSON), for quick order's roles only", async () => {
      const CHECK = "/api/v2/shop/quick-order/check";
      const res = await t.request("POST", CHECK, {
        as: USERS.spaBuyer,
        headers: { locale: "fr" },
        body: {
          lines: [
            { row: 1, product_variant_code: "glow-mini-mint", quantity: "3" },
            { row: 2, product_variant_code: "GLOW-MINI-MINT", quantity: "2,5" },
            { row: 3, product_variant_code: null, quantity: 1 },
          ],
        },
      });
      expect(res.status).toBe(200);
      const mint = await catalogue("GLOW-MINI-MINT", "fr");
      expect(res.body.rows).toEqual([
        {
          row: 1,
          product_variant_code: "GLOW-MINI-MINT",
          quantity: 3,
          product: expect.objectContaining({ name: mint.name, unit_price: mint.price }),
          line_total: mint.price * 3,
        },
      ]);
      expect(
        res.body.errors.map((e: { row: number; quantity: unknown; reason: string }) => [
          e.row,
          e.quantity,
          e.reason,
        ]),
      ).toEqual([
        [2, "2,5", "invalid_quantity"],
        [3, 1, "missing_code"],
      ]);
      expect(res.body.errors[0].message).toContain("300");
      await t.refused(422, () =>
        t.request("POST", CHECK, { as: USERS.spaBuyer, body: { lines: "x" } }),
      );
      await t.refused(422, () =>
        t.request("POST", CHECK, {
          as: USERS.spaBuyer,
          body: { lines: [{ row: "a", quantity: {} }] },
        }),
      );
      await t.refused(403, () =>
        t.request("POST", CHECK, { as: USERS.spaMarketing, body: { lines: [] } }),
      );
      await t.refused(401, () => t.request("POST", CHECK, { body: { lines: [] } }));
    });

    it("checks the catalogue at the caller's company", async () => {
      const res = await upload(
        sheetFile([
          ["code", "quantity"],
          ["GLOW-MINI-ROSE", 2],
        ]),
        "x.xlsx",
        USERS.retailAdmin,
      );
      expect(res.status).toBe(200);
      expect(res.body.rows).toHaveLength(1);
    });

    it("is part of quick order: MARKETING 403, no token 401, before the file is read", async () => {
      const file = sheetFile([
        ["code", "quantity"],
        ["GLOW-MINI-ROSE", 2],
      ]);
      await t.refused(403, () => upload(file, "x.xlsx", USERS.spaMarketing));
      await t.refused(401, () => upload(file, "x.xlsx", null));
      expect((await upload(file, "x.xlsx", USERS.spaAdmin)).status).toBe(200);
    });

    it("refuses a file over 2 MB with 413", async () => {
      const big = Buffer.concat([
        sheetFile([
          ["code", "quantity"],
          ["GLOW-MINI-ROSE", 2],
        ]),
        Buffer.alloc(2 * 1024 * 1024),
      ]);
      const problem = await t.refused(413, () => upload(big));
      expect(problem.detail).toBe("The file is too large. The maximum size is 2 MB.");
    });

    it("refuses what is not an .xlsx by its content, whatever its name", async () => {
      for (const data of [
        PNG_1X1,
        Buffer.from("product_variant_code,quantity\nGLOW-MINI-ROSE,2\n"),
        Buffer.from("PK\x03\x04 not really a zip"),
        zip([{ name: "hello.txt", data: "hi" }]),
        zip([
          { name: "[Content_Types].xml", data: "<Types/>" },
          { name: "word/document.xml", data: "<w:document/>" },
        ]),
        // The right part names, but the "workbook" is not one.
        zip([
          { name: "[Content_Types].xml", data: "<Types/>" },
          { name: "xl/workbook.xml", data: "garbage" },
        ]),
      ]) {
        const problem = await t.refused(422, () => upload(data, "prices.xlsx"));
        expect(problem.type).toBe("/problems/not-xlsx");
        expect(problem.violations?.[0]).toMatchObject({
          propertyPath: "file",
          code: "quickOrderImport.notXlsx",
          message: "The file is not an .xlsx file.",
        });
      }
    });

    it("refuses a zip bomb from its central directory, without unpacking it", async () => {
      const bomb = await xlsxBomb(200, "truth");
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const problem = await t.refused(413, () => upload(bomb));
      expect(problem.detail).toContain("4 MB");
    });

    it("refuses a zip bomb whose headers lie about its size, stopping the unpack at the lie", async () => {
      const bomb = await xlsxBomb(200, 2048);
      await t.refused(413, () => upload(bomb));
    });

    it("refuses an archive listing too many parts", async () => {
      const many = zip([
        ...Array.from({ length: 300 }, (_, n) => ({
          name: `customXml/item${n}.xml`,
          data: "<a/>",
        })),
        { name: "[Content_Types].xml", data: "<Types/>" },
        { name: "xl/workbook.xml", data: "<workbook/>" },
      ]);
      const problem = await t.refused(413, () => upload(many));
      expect(problem.detail).toContain("200");
    });

    it("refuses workbooks with two sheets, too many rows, no header or no rows (422)", async () => {
      const two = handWrittenXlsx([
        {
          name: "Order",
          rows: [
            ["code", "quantity"],
            ["GLOW-MINI-ROSE", 1],
          ],
        },
        { name: "Notes", rows: [["hello"]] },
      ]);
      let problem = await t.refused(422, () => upload(two));
      expect(problem.violations?.[0]?.code).toBe("quickOrderImport.sheetCount");
      expect(problem.detail).toBe("The file must contain exactly one sheet; it has 2.");

      const rows = (n: number): CellValue[][] => [
        ["code", "quantity"],
        ...Array.from({ length: n }, (): CellValue[] => ["GLOW-MINI-ROSE", 1]),
      ];
      problem = await t.refused(422, () => upload(sheetFile(rows(1001))));
      expect(problem.violations?.[0]?.code).toBe("quickOrderImport.tooManyRows");
      // Rows far below the limit's window are refused too, not silently dropped.
      problem = await t.refused(422, () =>
        upload(
          sheetFile(
            [
              ["code", "quantity"],
              ["GLOW-MINI-ROSE", 1],
            ],
            { firstRow: 5000 },
          ),
        ),
      );
      expect(problem.violations?.[0]?.code).toBe("quickOrderImport.tooManyRows");
      const thousand = await upload(sheetFile(rows(1000), { sharedStrings: true }));
      expect(thousand.status).toBe(200);
      expect(thousand.body.rows).toHaveLength(1000);

      problem = await t.refused(422, () =>
        upload(
          sheetFile([
            ["product", "amount"],
            ["X", 1],
          ]),
        ),
      );
      expect(problem.violations?.[0]?.code).toBe("quickOrderImport.noColumns");
      problem = await t.refused(422, () => upload(sheetFile([["code", "quantity"]])));
      expect(problem.violations?.[0]?.code).toBe("quickOrderImport.empty");
      problem = await t.refused(422, () => upload(sheetFile([])));
      expect(problem.violations?.[0]?.code).toBe("quickOrderImport.empty");
    });

    it("wants exactly one file in a multipart body", async () => {
      const file = sheetFile([
        ["code", "quantity"],
        ["GLOW-MINI-ROSE", 2],
      ]);
      let problem = await t.refused(400, () => post(IMPORT, []));
      expect(problem.detail).toBe("Please choose a file to upload.");
      problem = await t.refused(400, () =>
        post(IMPORT, [
          { name: "file", filename: "a.xlsx", data: file },
          { name: "file2", filename: "b.xlsx", data: file },
        ]),
      );
      expect(problem.detail).toBe("Please upload one file at a time.");
      await t.refused(400, () =>
        post(IMPORT, [{ name: "file", filename: "", data: Buffer.alloc(0) }]),
      );
      problem = await t.refused(422, () =>
        post(IMPORT, [
          { name: "note", value: "hello" },
          { name: "file", filename: "a.xlsx", data: file },
        ]),
      );
      expect(problem.violations?.[0]).toMatchObject({
        propertyPath: "note",
        code: "field.unknown",
      });
    });

    it("refuses bodies that are not multipart (415) or are malformed (400)", async () => {
      await t.refused(415, () =>
        t.request("POST", IMPORT, { as: USERS.spaBuyer, body: { rows: [] } }),
      );
      await t.refused(415, () =>
        t.request("POST", IMPORT, {
          as: USERS.spaBuyer,
          body: "code,quantity",
          headers: { "content-type": "text/csv" },
        }),
      );
      await t.refused(400, () =>
        t.request("POST", IMPORT, {
          as: USERS.spaBuyer,
          body: "no boundary here",
          headers: { "content-type": "multipart/form-data" },
        }),
      );
      await t.refused(400, () =>
        t.request("POST", IMPORT, {
          as: USERS.spaBuyer,
          body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
          headers: { "content-type": "multipart/form-data; boundary=b" },
        }),
      );
    });

    it("leaves multipart parsing to the file endpoints: other routes still refuse it", async () => {
      const { body, contentType } = multipart([{ name: "localeCode", value: "en_US" }]);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v2/shop/orders",
        headers: {
          "content-type": contentType,
          authorization: `Bearer ${await t.token(USERS.spaBuyer)}`,
        },
        payload: body,
      });
      expect(res.statusCode).toBe(415);
    });
  });
});

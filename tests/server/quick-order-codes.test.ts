import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handWrittenXlsx, multipart } from "../fixtures/files/builders.js";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface Answer {
  rows: { row: number; product_variant_code: string; quantity: number; line_total: number }[];
  errors: {
    row: number;
    product_variant_code: string | null;
    quantity: unknown;
    problems: {
      field: string;
      reason: string;
      message: string;
      variants?: { code: string; name: string }[];
    }[];
  }[];
}

/**
 * One code system (issue 30, decision 051): quick order takes every code the portal shows. A
 * variant's code is that variant; a product's code is its variant when it has one, and is
 * refused, naming its variants' codes, when it has several. The paste and the XLSX upload
 * judge rows alike.
 */
describe.each(backends)("quick order takes the portal's codes on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const paste = async (text: string, lang = "en") =>
    (
      await t.request("POST", "/api/v2/shop/quick-order/paste", {
        as: USERS.spaBuyer,
        body: { text },
        headers: { "accept-language": lang },
      })
    ).body as Answer;

  const upload = async (rows: (string | number)[][], lang = "en") => {
    const data = handWrittenXlsx([
      { name: "Sheet1", rows: [["product_variant_code", "quantity"], ...rows] },
    ]);
    const { body, contentType } = multipart([
      { name: "file", filename: "order.xlsx", type: XLSX_TYPE, data },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/shop/import/xlsx/quick-order",
      headers: {
        "content-type": contentType,
        "accept-language": lang,
        authorization: `Bearer ${await t.token(USERS.spaBuyer)}`,
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body) as Answer;
  };

  /** Each way in, as the lines "CODE;QTY". */
  const ways = {
    paste: (lines: [string, number][], lang?: string) =>
      paste(lines.map(([c, q]) => `${c};${q}`).join("\n"), lang),
    upload: (lines: [string, number][], lang?: string) => upload(lines, lang),
  };

  describe.each(Object.keys(ways) as (keyof typeof ways)[])("by %s", (way) => {
    it("takes a variant's code, and a single-variant product's code as its variant", async () => {
      const answer = await ways[way]([
        ["GLOW-MINI-MINT", 2],
        ["GLOW-MEN", 3],
        ["glow-men", 1],
      ]);
      expect(answer.errors).toEqual([]);
      expect(answer.rows.map((r) => [r.row, r.product_variant_code, r.quantity])).toEqual([
        [way === "paste" ? 1 : 2, "GLOW-MINI-MINT", 2],
        [way === "paste" ? 2 : 3, "GLOW-MEN-SLATE", 3],
        [way === "paste" ? 3 : 4, "GLOW-MEN-SLATE", 1],
      ]);
      for (const r of answer.rows) expect(r.line_total).toBeGreaterThan(0);
    });

    it("refuses a product code with several variants, naming their codes to choose from", async () => {
      const answer = await ways[way]([
        ["GLOW-MINI", 5],
        ["NO-SUCH-CODE", 1],
      ]);
      expect(answer.rows).toEqual([]);
      const [several, unknown] = answer.errors;
      expect(several!.product_variant_code).toBe("GLOW-MINI");
      expect(several!.quantity).toBe(way === "paste" ? "5" : 5);
      expect(several!.problems).toHaveLength(1);
      const problem = several!.problems[0]!;
      expect(problem.reason).toBe("several_variants");
      expect(problem.field).toBe("product_variant_code");
      expect(problem.variants).toEqual([
        { code: "GLOW-MINI-ROSE", name: "Rose" },
        { code: "GLOW-MINI-MINT", name: "Mint" },
        { code: "GLOW-MINI-PEARL", name: "Pearl" },
      ]);
      for (const code of ["GLOW-MINI-ROSE", "GLOW-MINI-MINT", "GLOW-MINI-PEARL"])
        expect(problem.message).toContain(code);
      expect(unknown!.problems.map((p) => p.reason)).toEqual(["unknown_code"]);
      expect(unknown!.problems[0]!.variants).toBeUndefined();
    });

    it("words the choice in the buyer's language, with the variants' names", async () => {
      const [several] = (await ways[way]([["GLOW-MINI", 5]], "de")).errors;
      const problem = several!.problems[0]!;
      expect(problem.message).toMatch(/^Zeile \d: .*GLOW-MINI.* mehreren Varianten: /);
      expect(problem.message).toContain("GLOW-MINI-MINT (Mint)");
      expect(problem.variants!.map((v) => v.code)).toEqual([
        "GLOW-MINI-ROSE",
        "GLOW-MINI-MINT",
        "GLOW-MINI-PEARL",
      ]);
    });
  });

  it("takes every code of the contract price export, the codes the price list shows", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/shop/export/xlsx/contract-price",
      headers: { authorization: `Bearer ${await t.token(USERS.spaBuyer)}` },
    });
    const rows = XLSX.utils.sheet_to_json<{ code: string }>(
      XLSX.read(res.rawPayload, { type: "buffer" }).Sheets["Contract prices"]!,
    );
    expect(rows.length).toBeGreaterThan(70);
    const answer = await paste(rows.map((r) => `${r.code};1`).join("\n"));
    // Sold-out variants are refused as sold out; no code is unknown or ambiguous.
    const reasons = answer.errors.flatMap((e) => e.problems.map((p) => p.reason));
    expect(reasons.filter((r) => r !== "out_of_stock")).toEqual([]);
    expect(answer.rows.length + answer.errors.length).toBe(rows.length);
    // Each line is the variant its code names.
    for (const r of answer.rows) expect(r.product_variant_code).toBe(rows[r.row - 1]!.code);
  });
});

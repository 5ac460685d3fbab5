import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, expectProblem, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const PASTE = "/api/v2/shop/quick-order/paste";

type Answer = {
  rows: { row: number; product_variant_code: string; quantity: number; line_total: number }[];
  errors: {
    row: number;
    product_variant_code: string | null;
    quantity: unknown;
    problems: { field: string; reason: string; message: string }[];
  }[];
};

/** Quick order by pasting codes (issue 21, part 3), on both backends. */
describe.each(backends)("pasted quick-order lines on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const paste = (text: unknown, as: string = USERS.spaBuyer, lang = "en") =>
    t.request("POST", PASTE, { as, body: { text }, headers: { "accept-language": lang } });

  it("reads every separator and judges each line like an upload's row", async () => {
    const res = await paste(
      "GLOW-MINI-ROSE, 2\nglow-mini-mint;3\nFIRM-LIFT-SERUM-30ML\t4\nGLOW-PRO-BLUSH 1\n",
    );
    expect(res.status).toBe(200);
    const body = res.body as Answer;
    expect(body.errors).toEqual([]);
    expect(body.rows.map((r) => [r.row, r.product_variant_code, r.quantity])).toEqual([
      [1, "GLOW-MINI-ROSE", 2],
      [2, "GLOW-MINI-MINT", 3],
      [3, "FIRM-LIFT-SERUM-30ML", 4],
      [4, "GLOW-PRO-BLUSH", 1],
    ]);
    for (const r of body.rows) expect(r.line_total).toBeGreaterThan(0);
  });

  it("names bad rows by their line: unknown code, bad quantities, a missing one", async () => {
    const res = await paste(
      "GLOW-MINI-ROSE;2\n\nNO-SUCH-CODE;4\nGLOW-MINI-MINT;ten\nGLOW-MINI-MINT\t2,5\nGLOW-MINI-ROSE;301\nGLOW-PRO-BLUSH\n",
      USERS.spaBuyer,
      "de",
    );
    expect(res.status).toBe(200);
    const body = res.body as Answer;
    expect(body.rows.map((r) => r.row)).toEqual([1]);
    expect(
      body.errors.map((e) => [e.row, e.quantity, e.problems.map((p) => p.reason).join("+")]),
    ).toEqual([
      [3, "4", "unknown_code"],
      [4, "ten", "invalid_quantity"],
      [5, "2,5", "invalid_quantity"],
      [6, "301", "invalid_quantity"],
      [7, null, "invalid_quantity"],
    ]);
    // In the caller's language, naming the line.
    expect(body.errors[0]!.problems[0]!.message).toMatch(/^Zeile 3\b|3/);
    expect(body.errors[0]!.problems[0]!.message).toContain("NO-SUCH-CODE");
  });

  it("calls a pasted line a line, an uploaded sheet's row a row, in every language (issue 30)", async () => {
    const text = "GLOW-MINI-ROSE;2\nNO-SUCH-CODE;4\nGLOW-MINI-MINT;ten";
    const said = async (lang: string) =>
      ((await paste(text, USERS.spaBuyer, lang)).body as Answer).errors.map(
        (e) => e.problems[0]!.message,
      );
    expect(await said("en")).toEqual([
      "Line 2: there is no product or product variant with the code NO-SUCH-CODE.",
      "Line 3: the quantity must be a whole number between 1 and 300.",
    ]);
    expect((await said("es"))[0]).toMatch(/^Línea 2: /);
    expect((await said("fr"))[0]).toMatch(/^Ligne 2 : /);
    expect((await said("it"))[0]).toMatch(/^Riga 2: /);
    expect((await said("de"))[0]).toMatch(/^Zeile 2: /);
    // The table's check says what the page asks for: a pasted or typed line, or a sheet's row.
    const check = (numbering?: string) =>
      t.request("POST", "/api/v2/shop/quick-order/check", {
        as: USERS.spaBuyer,
        body: {
          lines: [{ row: 3, product_variant_code: "GLOW-MINI-MINT", quantity: "ten" }],
          ...(numbering === undefined ? {} : { numbering }),
        },
        headers: { "accept-language": "es" },
      });
    const first = async (numbering?: string) =>
      ((await check(numbering)).body as Answer).errors[0]!.problems[0]!.message;
    expect(await first("line")).toMatch(/^Línea 3: /);
    expect(await first("row")).toMatch(/^Fila 3: /);
    expect(await first()).toMatch(/^Fila 3: /);
    expectProblem(await check("paste"), 422);
  });

  it("takes 1,000 lines and refuses 1,001, in the caller's language", async () => {
    const ok = await paste(Array(1000).fill("GLOW-MINI-ROSE;1").join("\n"));
    expect(ok.status).toBe(200);
    expect((ok.body as Answer).rows).toHaveLength(1000);
    const refused = expectProblem(
      await paste(Array(1001).fill("GLOW-MINI-ROSE;1").join("\n"), USERS.spaBuyer, "fr"),
      422,
    );
    expect(refused.type).toBe("/problems/quick-order-paste");
    expect(refused.violations?.[0]).toMatchObject({
      propertyPath: "text",
      code: "quickOrderPaste.tooManyLines",
    });
    expect(refused.detail).toContain("1001");
    expectProblem(await paste("  \n \n"), 422);
    expectProblem(await paste(42), 422);
    expectProblem(await paste("x".repeat(100_001)), 422);
  });

  it("is quick order's: MARKETING is refused, nobody is 401", async () => {
    expectProblem(await paste("GLOW-MINI-ROSE;1", USERS.spaMarketing), 403);
    expectProblem(await t.request("POST", PASTE, { body: { text: "A;1" } }), 401);
  });
});

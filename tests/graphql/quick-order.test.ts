import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuickOrderLinesDocument } from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { dataOf, startGateway, type GatewayHarness } from "./harness.js";

describe("gateway: quick-order lines", () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGateway();
  });
  afterAll(async () => h?.close());

  it("answers each line's product in the caller's language, contract price, line total or problems, in one REST call", async () => {
    const token = await h.t.token(USERS.spaBuyer);
    const de = await h.t.db
      .selectFrom("product_translations")
      .select("name")
      .where("locale", "=", "de")
      .where("product_code", "=", (eb) =>
        eb
          .selectFrom("product_variants")
          .select("product_code")
          .where("code", "=", "GLOW-MINI-MINT"),
      )
      .executeTakeFirstOrThrow();
    h.calls.length = 0;
    const { quickOrderLines } = dataOf(
      await h.run(
        QuickOrderLinesDocument,
        {
          lines: [
            { row: 1, code: "GLOW-MINI-MINT", quantity: "3" },
            { row: 2, code: "GLOW-MINI-MINT", quantity: "ten" },
            { row: 3, code: "NO-SUCH-SKU", quantity: "2.5" },
          ],
        },
        { token, headers: { locale: "de" } },
      ),
    );
    expect(h.calls).toHaveLength(1);
    const [ok, word, unknown] = quickOrderLines;
    expect(ok!.product).toMatchObject({
      variantCode: "GLOW-MINI-MINT",
      name: de.name,
      currencyCode: "EUR",
    });
    expect(ok!.lineTotal).toBe(ok!.product!.unitPrice * 3);
    expect(ok!.problems).toEqual([]);
    expect(word).toMatchObject({ quantity: "ten", lineTotal: null });
    expect(word!.product?.name).toBe(de.name);
    expect(word!.problems.map((p) => [p.field, p.reason])).toEqual([
      ["quantity", "invalid_quantity"],
    ]);
    expect(word!.problems[0]!.message).toMatch(/^Zeile 2: .*300/);
    expect(unknown).toMatchObject({ code: "NO-SUCH-SKU", quantity: "2.5", product: null });
    expect(unknown!.problems.map((p) => p.field)).toEqual(["code", "quantity"]);
  });

  it("is refused to MARKETING", async () => {
    const token = await h.t.token(USERS.spaMarketing);
    const answer = await h.run(
      QuickOrderLinesDocument,
      { lines: [{ row: 1, code: "GLOW-MINI-MINT", quantity: "1" }] },
      { token },
    );
    expect((answer.errors?.[0]?.extensions as { code?: string }).code).toBe("FORBIDDEN");
  });
});

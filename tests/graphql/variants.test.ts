import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ContractPricesDocument,
  ProductDocument,
  QuickOrderLinesDocument,
  QuickOrderPasteDocument,
} from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

/**
 * Variants through the gateway (issue 30, decision 051): each variant's own picture, the
 * contract price list's variants, and quick order taking product and variant codes alike.
 */
describe("gateway: variants", () => {
  let h: GatewayHarness;
  let token = "";
  beforeAll(async () => {
    h = await startGateway();
    token = await h.t.token(USERS.spaBuyer);
  });
  afterAll(async () => h?.close());
  const opts = (lang = "en") => ({ token, headers: { "accept-language": lang } });

  it("gives each variant of a product with several its own picture, a single variant its product's", async () => {
    const { product } = dataOf(await h.run(ProductDocument, { code: "GLOW-MINI" }, opts()));
    expect(product!.variants.map((v) => [v.code, v.images.map((i) => i.path)])).toEqual([
      ["GLOW-MINI-ROSE", ["/media/products/GLOW-MINI-ROSE.svg"]],
      ["GLOW-MINI-MINT", ["/media/products/GLOW-MINI-MINT.svg"]],
      ["GLOW-MINI-PEARL", ["/media/products/GLOW-MINI-PEARL.svg"]],
    ]);
    // The product's own pictures stay the product's: no variant's among them.
    expect(product!.images.map((i) => i.path)).not.toContain("/media/products/GLOW-MINI-ROSE.svg");
    const single = dataOf(await h.run(ProductDocument, { code: "GLOW-MEN" }, opts())).product!;
    expect(single.variants).toHaveLength(1);
    expect(single.variants[0]!.images.map((i) => i.path)).toEqual(["/media/products/GLOW-MEN.svg"]);
    const variants = await h.raw(
      '{ productVariants(codes: ["GLOW-MINI-MINT"]) { code images { type path } } }',
      opts(),
    );
    expect(variants.data).toEqual({
      productVariants: [
        {
          code: "GLOW-MINI-MINT",
          images: [{ type: "main", path: "/media/products/GLOW-MINI-MINT.svg" }],
        },
      ],
    });
    // The picture is served, tinted in the variant's colour.
    const svg = await fetch(`${h.base}/media/products/GLOW-MINI-MINT.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
    const body = await svg.text();
    expect(body).toContain("#8fd3ba");
    expect(body).toContain("GLOW-MINI-MINT");
  });

  it("lists each variant of the contract price list with its own code, price and picture", async () => {
    const items = dataOf(await h.run(ContractPricesDocument, { perPage: 100 }, opts()))
      .contractPrices.items;
    const mini = items.find((row) => row.code === "GLOW-MINI")!;
    expect(mini.variants.map((v) => [v.code, v.name, v.image?.path])).toEqual([
      ["GLOW-MINI-ROSE", "Rose", "/media/products/GLOW-MINI-ROSE.svg"],
      ["GLOW-MINI-MINT", "Mint", "/media/products/GLOW-MINI-MINT.svg"],
      ["GLOW-MINI-PEARL", "Pearl", "/media/products/GLOW-MINI-PEARL.svg"],
    ]);
    for (const v of mini.variants) {
      expect(v.price).toBeGreaterThan(0);
      expect(v.rrpPrice).toBeGreaterThan(v.price!);
    }
  });

  it("takes a variant code and a single-variant product code; a product code with several names them", async () => {
    const text = "GLOW-MINI, 5\nGLOW-MEN;2\nGLOW-MINI-MINT\t1\nNO-SUCH;1";
    const pasted = expectType(
      dataOf(await h.run(QuickOrderPasteDocument, { text }, opts("de"))).quickOrderPaste,
      "QuickOrderPasted",
    );
    const checked = dataOf(
      await h.run(
        QuickOrderLinesDocument,
        {
          lines: [
            { row: 1, code: "GLOW-MINI", quantity: "5" },
            { row: 2, code: "GLOW-MEN", quantity: "2" },
            { row: 3, code: "GLOW-MINI-MINT", quantity: "1" },
            { row: 4, code: "NO-SUCH", quantity: "1" },
          ],
        },
        opts("de"),
      ),
    ).quickOrderLines;
    for (const lines of [pasted.lines, checked]) {
      expect(
        lines.map((l) => [
          l.row,
          l.code,
          l.product?.variantCode ?? null,
          l.problems.map((p) => p.reason),
        ]),
      ).toEqual([
        [1, "GLOW-MINI", null, ["several_variants"]],
        [2, "GLOW-MEN-SLATE", "GLOW-MEN-SLATE", []],
        [3, "GLOW-MINI-MINT", "GLOW-MINI-MINT", []],
        [4, "NO-SUCH", null, ["unknown_code"]],
      ]);
      const several = lines[0]!.problems[0]!;
      expect(several.variants.map((v) => v.code)).toEqual([
        "GLOW-MINI-ROSE",
        "GLOW-MINI-MINT",
        "GLOW-MINI-PEARL",
      ]);
      expect(several.message).toContain("mehreren Varianten");
      expect(several.message).toContain("GLOW-MINI-PEARL");
      expect(lines[3]!.problems[0]!.variants).toEqual([]);
    }
  });
});

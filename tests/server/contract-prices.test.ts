import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, expectProblem, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const URL = "/api/v2/shop/contract-prices";

type Tier = { minQuantity: number; maxQuantity: number | null; price: number };

interface Row {
  "@id": string;
  code: string;
  name: string;
  image: string | null;
  images: { type: string; path: string }[];
  price: number | null;
  rrpPrice: number | null;
  volumePrices: Tier[];
  currencyCode: string;
  ean: string | null;
  variantsData: {
    code: string;
    price: number | null;
    rrpPrice: number | null;
    volumePrices: Tier[];
    ean: string | null;
  }[];
}

describe.each(backends)("contract price list on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const all = async (as: string): Promise<{ rows: Row[]; total: number }> => {
    const res = await t.request("GET", `${URL}?itemsPerPage=9999`, { as });
    expect(res.status).toBe(200);
    return { rows: res.body["hydra:member"], total: res.body["hydra:totalItems"] };
  };

  it("lists every enabled product at the company's prices, in catalogue order, for every role", async () => {
    const products = (
      await t.request("GET", "/api/v2/shop/products?itemsPerPage=9999", { as: USERS.spaAdmin })
    ).body["hydra:member"];
    for (const as of [USERS.spaAdmin, USERS.spaBuyer, USERS.spaMarketing]) {
      const { rows, total } = await all(as);
      expect(total).toBe(products.length);
      expect(rows.map((r) => r.code)).toEqual(products.map((p: { code: string }) => p.code));
    }
    const { rows } = await all(USERS.spaMarketing);
    for (const [n, row] of rows.entries()) {
      const product = products[n];
      const first = product.variantsData[0];
      const main = product.images.filter((i: { type: string }) => i.type === "main");
      expect(row).toMatchObject({
        "@id": `/api/v2/shop/products/${product.code}`,
        code: product.code,
        name: product.name,
        image: main[0]?.path ?? null,
        images: main.map((i: { type: string; path: string }) => ({ type: i.type, path: i.path })),
        price: first.price,
        rrpPrice: first.rrpPrice,
        currencyCode: "EUR",
        ean: first.ean,
      });
      expect(Number.isInteger(row.price)).toBe(true);
      expect(row.images.every((i) => i.type === "main")).toBe(true);
      expect(row.variantsData.map((v) => v.code)).toEqual(
        product.variantsData.map((v: { code: string }) => v.code),
      );
    }
    const serum = rows.find((r) => r.code === "FIRM-LIFT-SERUM")!;
    expect(serum).toMatchObject({
      price: 1900,
      rrpPrice: 3900,
      image: "/media/products/FIRM-LIFT-SERUM.svg",
    });
    expect(serum.ean).toMatch(/^\d{13}$/);
  });

  it("carries the volume prices of the company's list, as the product page has them (decision 040)", async () => {
    const { rows } = await all(USERS.spaBuyer);
    const cream = rows.find((r) => r.variantsData[0]?.code === "FIRM-LIFT-CREAM-50ML")!;
    expect(cream.volumePrices).toEqual([
      { minQuantity: 1, maxQuantity: 11, price: 2400 },
      { minQuantity: 12, maxQuantity: 47, price: 2250 },
      { minQuantity: 48, maxQuantity: null, price: 2100 },
    ]);
    expect(cream.price).toBe(2400);
    expect(cream.variantsData[0]!.volumePrices).toEqual(cream.volumePrices);
    const variant = await t.request("GET", "/api/v2/shop/product-variants/FIRM-LIFT-CREAM-50ML", {
      as: USERS.spaBuyer,
    });
    expect(cream.volumePrices).toEqual(variant.body.volumePrices);
    // A product without tiers has none; the retail company's list has no tiers at all.
    expect(rows.find((r) => r.code === "FIRM-LIFT-SERUM")!.volumePrices).toEqual([]);
    const retail = await all(USERS.retailAdmin);
    expect(retail.rows.every((r) => r.volumePrices.length === 0)).toBe(true);
  });

  it("uses the other company's own price list and currency", async () => {
    const spa = await all(USERS.spaAdmin);
    const retail = await all(USERS.retailAdmin);
    expect(retail.rows.map((r) => r.code)).toEqual(spa.rows.map((r) => r.code));
    expect(new Set(retail.rows.map((r) => r.currencyCode))).toEqual(new Set(["USD"]));
    const serum = retail.rows.find((r) => r.code === "FIRM-LIFT-SERUM")!;
    const variant = await t.request("GET", "/api/v2/shop/product-variants/FIRM-LIFT-SERUM-30ML", {
      as: USERS.retailAdmin,
    });
    expect(serum.price).toBe(variant.body.price);
    expect(serum.price).not.toBe(1900);
  });

  it("leaves out disabled products", async () => {
    await t.db
      .updateTable("products")
      .set({ enabled: false })
      .where("code", "=", "GLOW-PRO")
      .execute();
    try {
      const { rows, total } = await all(USERS.spaBuyer);
      expect(rows.map((r) => r.code)).not.toContain("GLOW-PRO");
      expect(total).toBe(rows.length);
    } finally {
      await t.db
        .updateTable("products")
        .set({ enabled: true })
        .where("code", "=", "GLOW-PRO")
        .execute();
    }
  });

  it("pages like the product collection", async () => {
    const { rows, total } = await all(USERS.spaAdmin);
    const first = await t.request("GET", URL, { as: USERS.spaAdmin });
    expect(first.body["hydra:member"]).toHaveLength(Math.min(30, total));
    expect(first.body["hydra:totalItems"]).toBe(total);
    const page = await t.request("GET", `${URL}?page=2&itemsPerPage=5`, { as: USERS.spaAdmin });
    expect(page.body["hydra:member"].map((r: Row) => r.code)).toEqual(
      rows.slice(5, 10).map((r) => r.code),
    );
    const beyond = await t.request("GET", `${URL}?page=1000&itemsPerPage=50`, {
      as: USERS.spaAdmin,
    });
    expect(beyond.body).toEqual({ "hydra:member": [], "hydra:totalItems": total });
  });

  it.each(["page=0", "page=abc", "itemsPerPage=0", "itemsPerPage=10000", "itemsPerPage=-1"])(
    "refuses the query %s",
    async (query) => {
      const before = await t.fingerprint();
      expectProblem(await t.request("GET", `${URL}?${query}`, { as: USERS.spaAdmin }), 400);
      expect(await t.fingerprint()).toBe(before);
    },
  );

  it("is for signed-in partners only", async () => {
    expectProblem(await t.request("GET", URL), 401);
    expectProblem(await t.request("GET", URL, { token: "not-a-token" }), 401);
  });

  it("changes nothing", async () => {
    const before = await t.fingerprint();
    await all(USERS.spaAdmin);
    expect(await t.fingerprint()).toBe(before);
  });
});

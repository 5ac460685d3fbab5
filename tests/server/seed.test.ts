import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../server/db/seed/seed.js";
import { expectProblem, startTestApp, USERS, type TestApp } from "../support/test-app.js";

// The demo data is the same on both backends (one seed), so PGlite alone keeps this file fast.
const BACKEND = "pglite";
const API = "/api/v2/shop";
const ADMINS = [
  ["Demo Spa GmbH", USERS.spaAdmin],
  ["Demo Retail Inc.", USERS.retailAdmin],
] as const;

interface VariantData {
  code: string;
  price: number | null;
  rrpPrice: number | null;
  inStock: boolean;
  ean: string | null;
}

interface Product {
  code: string;
  description: string;
  images: { type: string; path: string }[];
  associations: { associatedProducts: string[] }[];
  variantsData: VariantData[];
}

interface Order {
  number: string | null;
  state: string;
  paymentState: string;
  createdAt: string;
  splitIndex: number | null;
  splitCount: number | null;
}

const TABLES = [
  "currencies",
  "channels",
  "price_lists",
  "countries",
  "provinces",
  "payment_methods",
  "shipping_methods",
  "coupons",
  "media",
  "taxons",
  "products",
  "product_images",
  "product_taxons",
  "product_associations",
  "product_variants",
  "variant_prices",
  "companies",
  "addresses",
  "shop_users",
  "orders",
  "order_items",
  "payments",
  "shipments",
] as const;

/** GETs `url` (as `as`, or as a visitor), expecting 200, and returns the body. */
async function get(t: TestApp, url: string, as?: string) {
  const res = await t.request("GET", url, as ? { as } : {});
  expect(res.status, `${url}: ${res.raw}`).toBe(200);
  return res.body;
}

async function listProducts(t: TestApp, query: string, as?: string): Promise<Product[]> {
  return (await get(t, `${API}/products?itemsPerPage=9999${query}`, as))["hydra:member"];
}

/** The company's orders as its admin sees them, carts left out. */
async function placedOrders(t: TestApp, as: string): Promise<Order[]> {
  const list = (await get(t, `${API}/orders?itemsPerPage=9999`, as))["hydra:member"] as Order[];
  return list.filter((o) => o.state !== "cart");
}

describe(`demo data on ${BACKEND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(BACKEND);
  });
  afterAll(async () => t?.close());

  describe("catalogue", () => {
    it("has at least 60 products", async () => {
      const res = await get(t, `${API}/products?itemsPerPage=1`);
      expect(res["hydra:totalItems"]).toBeGreaterThanOrEqual(60);
    });

    it("has at least 6 navigation categories, each with products", async () => {
      const navigation = await get(t, `${API}/taxons/navigation`);
      const children = navigation.children as string[];
      expect(children.length).toBeGreaterThanOrEqual(6);
      for (const iri of children) {
        const code = iri.slice(`${API}/taxons/`.length);
        const list = await listProducts(t, `&productTaxons.taxon.code=${code}`);
        expect(list.length, code).toBeGreaterThan(0);
      }
    });

    it("has at least 8 bestsellers", async () => {
      expect(
        (await listProducts(t, "&productTaxons.taxon.code=bestsellers")).length,
      ).toBeGreaterThanOrEqual(8);
    });

    it("has 3 treatments, each with products", async () => {
      const treatments = await get(t, `${API}/taxons/treatments`);
      expect(treatments.children).toHaveLength(3);
      for (const iri of treatments.children as string[]) {
        const taxon = await get(t, iri);
        expect(taxon.associatedProducts.length, iri).toBeGreaterThan(0);
      }
    });

    it("has outlet products", async () => {
      expect((await listProducts(t, "&productTaxons.taxon.code=outlet")).length).toBeGreaterThan(0);
    });

    it("has products with related products", async () => {
      const all = await listProducts(t, "");
      const related = all.filter((p) => p.associations[0]?.associatedProducts.length);
      expect(related.length).toBeGreaterThan(0);
      const codes = new Set(all.map((p) => `${API}/products/${p.code}`));
      for (const p of related) {
        for (const iri of p.associations[0]!.associatedProducts)
          expect(codes, p.code).toContain(iri);
      }
    });

    it("has a product whose only variant is out of stock", async () => {
      const all = await listProducts(t, "", USERS.spaBuyer);
      const soldOut = all.filter((p) => p.variantsData.length === 1 && !p.variantsData[0]!.inStock);
      expect(soldOut.map((p) => p.code)).toContain("TRAVEL-CASE-CLASSIC");
    });

    it("gives every product a main image, a description, an EAN, a price and an RRP", async () => {
      const all = await listProducts(t, "", USERS.spaBuyer);
      for (const p of all) {
        const main = p.images.find((i) => i.type === "main");
        expect(main, p.code).toBeDefined();
        expect((await t.request("GET", main!.path)).status, main!.path).toBe(200);
        expect(p.description.trim().length, p.code).toBeGreaterThan(20);
        expect(p.variantsData.length, p.code).toBeGreaterThan(0);
        for (const v of p.variantsData) {
          expect(v.ean, v.code).toMatch(/^\d{13}$/);
          expect(v.price, v.code).toBeGreaterThan(0);
          expect(v.rrpPrice, v.code).toBeGreaterThan(v.price!);
        }
      }
    });
  });

  describe("commerce setup", () => {
    it("accepts the coupon WELCOME10 for 10% off the items subtotal", async () => {
      const cart = await t.request("POST", `${API}/orders`, { as: USERS.spaBuyer, body: {} });
      const token = cart.body.tokenValue as string;
      const added = await t.request("POST", `${API}/orders/${token}/items`, {
        as: USERS.spaBuyer,
        body: { productVariant: `${API}/product-variants/FIRM-LIFT-SERUM-30ML`, quantity: 10 },
      });
      expect(added.status).toBe(201);
      const res = await t.request("PUT", `${API}/orders/${token}`, {
        as: USERS.spaBuyer,
        body: { couponCode: "WELCOME10" },
      });
      expect(res.status).toBe(200);
      expect(res.body.couponCode).toBe("WELCOME10");
      expect(res.body.itemsSubtotal).toBe(19000);
      expect(res.body.orderPromotionTotal).toBe(-res.body.itemsSubtotal / 10);
      await t.request("DELETE", `${API}/orders/${token}`, { as: USERS.spaBuyer });
    });

    it("offers payment by invoice and by card", async () => {
      const methods = (await get(t, `${API}/payment-methods`))["hydra:member"] as {
        kind: string;
      }[];
      expect(methods.map((m) => m.kind)).toEqual(expect.arrayContaining(["invoice", "card"]));
    });

    it("refuses an unknown coupon", async () => {
      const cart = await t.request("POST", `${API}/orders`, { as: USERS.spaBuyer, body: {} });
      const res = await t.request("PUT", `${API}/orders/${cart.body.tokenValue}`, {
        as: USERS.spaBuyer,
        body: { couponCode: "WELCOME20" },
      });
      expectProblem(res, 422);
    });
  });

  describe.each(ADMINS)("the company %s", (company, admin) => {
    it("has two addresses, one default for billing and one for shipping", async () => {
      const list = (await get(t, `${API}/addresses`, admin))["hydra:member"] as {
        isBilling: boolean;
        isShipping: boolean;
      }[];
      expect(list).toHaveLength(2);
      expect(list.filter((a) => a.isBilling)).toHaveLength(1);
      expect(list.filter((a) => a.isShipping)).toHaveLength(1);
    });

    it("has a sales agent as person responsible", async () => {
      const signIn = await t.request("POST", `${API}/customers/token`, {
        body: { email: admin, password: "partner-demo" },
      });
      const me = await get(t, signIn.body.customer, admin);
      expect(me.companyName).toBe(company);
      expect(me.personResponsible.name).toMatch(/\S+ \S+/);
      expect(me.personResponsible.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
    });

    it("has at least 10 placed orders, some cancelled and some awaiting payment", async () => {
      const orders = await placedOrders(t, admin);
      expect(orders.length).toBeGreaterThanOrEqual(10);
      const states = new Set(orders.map((o) => o.state));
      expect(states.size).toBeGreaterThanOrEqual(3);
      expect(states).toContain("cancelled");
      expect(orders.some((o) => o.paymentState === "awaiting_payment")).toBe(true);
      for (const o of orders) expect(o.number, JSON.stringify(o)).toMatch(/^\d+(-\d+)?$/);
    });

    it("has one order split in two, the child numbered after the parent", async () => {
      const split = (await placedOrders(t, admin))
        .filter((o) => o.splitCount === 2)
        .sort((a, b) => a.splitIndex! - b.splitIndex!);
      expect(split.map((o) => o.splitIndex)).toEqual([1, 2]);
      const [parent, child] = split as [Order, Order];
      expect(child.number).not.toBe(parent.number);
      expect(child.number!.startsWith(parent.number!)).toBe(true);
    });

    it("lists its orders newest first", async () => {
      const orders = await placedOrders(t, admin);
      const times = orders.map((o) => Date.parse(o.createdAt));
      expect(times.every((time) => Number.isFinite(time))).toBe(true);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("dates what is owed by the company's payment terms, as a real order is (issue 30)", async () => {
      const { payment_terms_days: terms } = await t.db
        .selectFrom("companies")
        .select("payment_terms_days")
        .where("name", "=", company)
        .executeTakeFirstOrThrow();
      const res = await t.request("GET", `${API}/orders?itemsPerPage=9999`, { as: admin });
      const orders = (
        res.body["hydra:member"] as (Order & {
          checkoutCompletedAt: string | null;
          payments: { state: string; method: string; dueDate: string | null }[];
        })[]
      ).filter((o) => o.state !== "cart" && o.state !== "cancelled");
      const open = orders.filter((o) => o.payments.some((p) => p.state === "new"));
      expect(open.length).toBeGreaterThan(0);
      for (const o of open) {
        const placed = Date.parse(o.checkoutCompletedAt ?? o.createdAt);
        for (const p of o.payments.filter((x) => x.state === "new")) {
          // Checkout charges a card before it places an order: what is still owed is invoiced.
          expect(p.method, o.number!).toMatch(/\/invoice$/);
          expect(Date.parse(p.dueDate!) - placed, o.number!).toBe(terms * 86_400_000);
        }
      }
      // The newest open demo order is not due on the day it was placed.
      const newest = open[0]!;
      expect(Date.parse(newest.payments[0]!.dueDate!)).toBeGreaterThan(
        Date.parse(newest.createdAt),
      );
    });
  });
});

describe(`re-seeding on ${BACKEND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(BACKEND);
  });
  afterAll(async () => t?.close());

  async function snapshot() {
    const tables: Record<string, number> = {};
    for (const table of TABLES) {
      const r = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.db);
      tables[table] = Number(r.rows[0]!.n);
    }
    const api: Record<string, unknown> = {
      products: (await get(t, `${API}/products?itemsPerPage=1`))["hydra:totalItems"],
      variants: (await get(t, `${API}/product-variants?itemsPerPage=1`))["hydra:totalItems"],
      taxons: (await get(t, `${API}/taxons`))["hydra:totalItems"],
    };
    for (const [company, admin] of ADMINS) {
      const orders = await placedOrders(t, admin);
      api[`${company} orders`] = orders.map((o) => `${o.number} ${o.state} ${o.paymentState}`);
      api[`${company} addresses`] = (await get(t, `${API}/addresses`, admin))["hydra:totalItems"];
    }
    return { tables, api };
  }

  it("yields the same data when run again on a seeded database", async () => {
    const before = await snapshot();
    expect(before.tables.products).toBeGreaterThanOrEqual(60);
    await seed(t.db, { brandName: "Lumé Atelier" });
    expect(await snapshot()).toEqual(before);
    await seed(t.db, { brandName: "Lumé Atelier" });
    expect(await snapshot()).toEqual(before);
  });

  it("removes carts started since the last seed", async () => {
    const before = await snapshot();
    const cart = await t.request("POST", `${API}/orders`, { as: USERS.spaBuyer, body: {} });
    expect(cart.status).toBe(201);
    await seed(t.db, { brandName: "Lumé Atelier" });
    expect(await snapshot()).toEqual(before);
    const gone = await t.request("GET", `${API}/orders/${cart.body.tokenValue}`, {
      as: USERS.spaBuyer,
    });
    expectProblem(gone, 404);
  });
});

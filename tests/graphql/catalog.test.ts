import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CatalogueProductsDocument,
  ChannelDocument,
  CountriesDocument,
  HealthDocument,
  HomeCollectionsDocument,
  MeDocument,
  NavigationDocument,
  PaymentMethodsDocument,
  ProductDocument,
  ProductsDocument,
  ShippingMethodsDocument,
  TaxonDocument,
  TreatmentsDocument,
} from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import {
  ApiSignInDocument,
  dataOf,
  expectType,
  PASSWORD,
  startGateway,
  type GatewayHarness,
} from "./harness.js";

describe("gateway: session and catalogue", () => {
  let h: GatewayHarness;
  let token: string;
  beforeAll(async () => {
    h = await startGateway();
    token = await h.t.token(USERS.spaBuyer);
  });
  afterAll(async () => h?.close());

  it("answers health from the REST API", async () => {
    expect(dataOf(await h.run(HealthDocument, {})).health.status).toBe("ok");
  });

  it("signs in and answers the token and customer id, never an IRI", async () => {
    const answer = dataOf(
      await h.run(ApiSignInDocument, { email: USERS.spaBuyer, password: PASSWORD }),
    );
    const success = expectType(answer.signIn, "SignInSuccess");
    expect(success.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(success.customerId).toMatch(/^\d+$/);
    const me = dataOf(await h.run(MeDocument, {}, { token: success.token })).me;
    expect(me?.id).toBe(success.customerId);
  });

  it("answers a wrong password with InvalidCredentialsError, a bad e-mail with ValidationError", async () => {
    const wrong = dataOf(
      await h.run(ApiSignInDocument, { email: USERS.spaBuyer, password: "not-the-password" }),
    );
    const error = expectType(wrong.signIn, "InvalidCredentialsError");
    expect(error).toMatchObject({
      errorCode: "INVALID_CREDENTIALS_ERROR",
      message: "Invalid credentials.",
      violations: [],
    });
    const malformed = dataOf(await h.run(ApiSignInDocument, { email: "nobody", password: "x" }));
    const invalid = expectType(malformed.signIn, "ValidationError");
    expect(invalid.violations.map((v) => v.propertyPath)).toContain("email");
  });

  it("answers me: company, tax number, roles, sales agent, default addresses, currency, minimum", async () => {
    const me = dataOf(await h.run(MeDocument, {}, { token })).me;
    expect(me).toMatchObject({
      email: USERS.spaBuyer,
      companyName: "Demo Spa GmbH",
      taxNumber: expect.any(String),
      roles: ["ROLE_COMPANY_COMMERCIAL"],
      personResponsible: { name: expect.any(String), email: expect.stringContaining("@") },
      defaultBillingAddressId: "1",
      defaultShippingAddressId: "2",
      currencyCode: "EUR",
      minimalOrderValue: 50000,
    });
    // No token: no customer, and no REST call wasted on finding out.
    h.calls.length = 0;
    expect(dataOf(await h.run(MeDocument, {})).me).toBeNull();
    expect(h.calls).toHaveLength(0);
  });

  it("answers the channel with its base currency code", async () => {
    const channel = dataOf(await h.run(ChannelDocument, {}, { token })).channel;
    expect(channel).toMatchObject({ currencyCode: "EUR" });
  });

  it("answers the navigation categories with cover images, in one REST call", async () => {
    h.calls.length = 0;
    const nav = dataOf(await h.run(NavigationDocument, {}, { token })).navigation;
    expect(nav.map((t) => t.code)).toEqual([
      "facial-cleansing",
      "skincare-devices",
      "skincare",
      "oral-care",
      "body-care",
      "accessories",
    ]);
    for (const category of nav) expect(category.coverImage?.path).toMatch(/^\/media\//);
    expect(h.calls).toHaveLength(1);
  });

  it("answers a taxon with its children and a page of its products", async () => {
    const { taxon } = dataOf(await h.run(TaxonDocument, { code: "outlet", perPage: 2 }, { token }));
    expect(taxon?.name).toBe("Outlet");
    expect(taxon?.products.items).toHaveLength(2);
    expect(taxon?.products.totalItems).toBeGreaterThan(2);
    const treatments = dataOf(await h.run(TreatmentsDocument, {}, { token })).taxon;
    expect(treatments?.children.map((c) => c.code)).toEqual([
      "treatment-deep-cleanse",
      "treatment-firming",
      "treatment-glow",
    ]);
    for (const c of treatments!.children) expect(c.products.items.length).toBeLessThanOrEqual(4);
    expect(
      dataOf(await h.run(TaxonDocument, { code: "no-such-taxon" }, { token })).taxon,
    ).toBeNull();
  });

  it("lists products by taxon and by search with totalItems, hiding REST paging", async () => {
    const byTaxon = dataOf(
      await h.run(ProductsDocument, { taxonCode: "accessories", page: 1, perPage: 3 }, { token }),
    ).products;
    expect(byTaxon.items).toHaveLength(3);
    expect(byTaxon.totalItems).toBeGreaterThan(3);
    const page2 = dataOf(
      await h.run(ProductsDocument, { taxonCode: "accessories", page: 2, perPage: 3 }, { token }),
    ).products;
    expect(page2.totalItems).toBe(byTaxon.totalItems);
    expect(page2.items.map((p) => p.code)).not.toContain(byTaxon.items[0]!.code);

    const search = dataOf(
      await h.run(ProductsDocument, { search: "travel case" }, { token }),
    ).products;
    expect(search.items.map((p) => p.code)).toContain("TRAVEL-CASE-CLASSIC");
    expect(search.totalItems).toBe(search.items.length);
    const byCode = dataOf(
      await h.run(ProductsDocument, { search: "glow-mini" }, { token }),
    ).products;
    expect(byCode.items.map((p) => p.code)).toContain("GLOW-MINI");
    const none = dataOf(
      await h.run(ProductsDocument, { search: "zzz-nothing" }, { token }),
    ).products;
    expect(none).toEqual({ items: [], totalItems: 0 });

    const tooMany = await h.run(ProductsDocument, { perPage: 101 }, { token });
    expect(tooMany.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("answers a product with images, first-variant prices and related products in ONE batched call", async () => {
    h.calls.length = 0;
    const product = dataOf(await h.run(ProductDocument, { code: "GLOW-MINI" }, { token })).product!;
    expect(product).toMatchObject({
      code: "GLOW-MINI",
      defaultVariantCode: "GLOW-MINI-ROSE",
      price: 4900,
      rrpPrice: 9900,
      currencyCode: "EUR",
      inStock: true,
      mainTaxonCode: "facial-cleansing",
    });
    expect(product.images.map((i) => i.type)).toEqual(["main", "badge"]);
    expect(product.related.map((p) => p.code)).toEqual([
      "PURE-FOAM-CLEANSER",
      "TRAVEL-CASE-CLASSIC",
      "DEVICE-CLEANSING-SPRAY",
    ]);
    expect(product.related.find((p) => p.code === "TRAVEL-CASE-CLASSIC")?.inStock).toBe(false);
    const lookups = h.calls.filter(
      (c) => c.url.pathname === "/api/v2/shop/products" && c.url.searchParams.has("code[]"),
    );
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.url.searchParams.getAll("code[]")).toEqual([
      "PURE-FOAM-CLEANSER",
      "TRAVEL-CASE-CLASSIC",
      "DEVICE-CLEANSING-SPRAY",
    ]);
    // The product, its related products, its main taxon and a page of that taxon's products.
    expect(h.calls).toHaveLength(4);

    expect(JSON.stringify(product)).not.toContain("/api/v2");
    expect(dataOf(await h.run(ProductDocument, { code: "NO-SUCH" }, { token })).product).toBeNull();
  });

  it("answers a product's main taxon with its description and a few of its products", async () => {
    const product = dataOf(
      await h.run(ProductDocument, { code: "GLOW-MINI", treatmentProducts: 3 }, { token }),
    ).product!;
    expect(product.mainTaxon).toMatchObject({
      code: "facial-cleansing",
      name: "Facial cleansing",
      description: expect.stringContaining("cleansing"),
      coverImage: { path: "/media/taxons/facial-cleansing.svg" },
    });
    expect(product.mainTaxon!.products.items.length).toBeGreaterThan(0);
    expect(product.mainTaxon!.products.items.length).toBeLessThanOrEqual(3);
    expect(product.mainTaxon!.products.totalItems).toBeGreaterThan(3);

    // The main taxons of a whole list are one listing of the taxons, not one call each.
    h.calls.length = 0;
    const answer = await h.raw(
      `{ products(taxonCode: "bestsellers", perPage: 8) { items { code mainTaxon { code } } } }`,
      { token },
    );
    expect(answer.errors).toBeUndefined();
    const taxonCalls = h.calls.filter((c) => c.url.pathname.startsWith("/api/v2/shop/taxons"));
    expect(taxonCalls).toHaveLength(1);
  });

  it("answers the home collections and the catalogue's products with descriptions", async () => {
    const home = dataOf(await h.run(HomeCollectionsDocument, {})).taxon;
    expect(home?.children.map((c) => c.code)).toEqual([
      "eye-skincare",
      "bear-body",
      "anti-aging",
      "pore-care",
      "facelift-skincare",
      "luna-devices",
    ]);
    for (const c of home!.children) expect(c.coverImage?.path).toMatch(/^\/media\/taxons\//);
    const catalogue = dataOf(
      await h.run(CatalogueProductsDocument, { taxonCode: "skincare", perPage: 100 }),
    ).products;
    expect(catalogue.items.length).toBeGreaterThan(0);
    for (const p of catalogue.items) {
      expect(p.description.length).toBeGreaterThan(0);
      expect(p.price).toBeNull();
    }
  });

  it("answers catalogue texts in the language the storefront sends (decision 030)", async () => {
    // The storefront's headers (src/lib/graphql-client.ts gatewayHeaders) for German.
    const headers = { locale: "de_DE", "accept-language": "de" };
    const product = dataOf(
      await h.run(ProductDocument, { code: "GLOW-MINI", treatmentProducts: 3 }, { token, headers }),
    ).product!;
    expect(product.name).toBe("Glow Mini Schall-Reinigungsgerät");
    expect(product.description).toMatch(/Schallimpulse/);
    expect(product.variants.map((v) => v.name)).toEqual(["Rosé", "Mint", "Perlmutt"]);
    expect(product.mainTaxon).toMatchObject({ name: "Gesichtsreinigung" });
    const nav = dataOf(await h.run(NavigationDocument, {}, { token, headers })).navigation;
    expect(nav.map((t) => t.name)).toContain("Mundpflege");
    const home = dataOf(await h.run(HomeCollectionsDocument, {}, { headers })).taxon;
    expect(home?.children.map((c) => c.name)).toContain("Augenpflege");
    const treatments = dataOf(await h.run(TreatmentsDocument, {}, { token, headers })).taxon;
    expect(treatments?.children.map((c) => c.name)).toContain("Straffungs- & Lifting-Ritual");
    const search = dataOf(
      await h.run(ProductsDocument, { search: "zahnbürste" }, { token, headers }),
    ).products;
    expect(search.items.map((p) => p.code)).toContain("SONIC-BRUSH-PRO");
    // Without a language the same product is English.
    const english = dataOf(await h.run(ProductDocument, { code: "GLOW-MINI" }, { token })).product!;
    expect(english.name).toBe("Glow Mini Sonic Cleansing Device");
  });

  it("answers the bestsellers to visitors (the public landing page) without prices", async () => {
    const list = dataOf(
      await h.run(ProductsDocument, { taxonCode: "bestsellers", perPage: 8 }),
    ).products;
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.length).toBeLessThanOrEqual(8);
    for (const p of list.items) expect(p.price).toBeNull();
  });

  it("batches the related products of a whole list into one call", async () => {
    h.calls.length = 0;
    const answer = await h.raw(
      `{ products(taxonCode: "facial-cleansing", perPage: 6) { items { code related { code } } } }`,
      { token },
    );
    expect(answer.errors).toBeUndefined();
    expect(h.calls.filter((c) => c.url.searchParams.has("code[]"))).toHaveLength(1);
    expect(h.calls.length).toBeLessThanOrEqual(2);
  });

  it("shows the public catalogue to visitors without prices", async () => {
    const product = dataOf(await h.run(ProductDocument, { code: "GLOW-MINI" })).product;
    expect(product).toMatchObject({ code: "GLOW-MINI", price: null, rrpPrice: null });
  });

  it("answers countries, payment methods (isCard for adyen codes) and shipping methods", async () => {
    const countries = dataOf(await h.run(CountriesDocument, {}, { token })).countries;
    expect(countries.map((c) => c.code)).toEqual(expect.arrayContaining(["DE", "US"]));
    const methods = dataOf(await h.run(PaymentMethodsDocument, {}, { token })).paymentMethods;
    expect(methods).toEqual([
      { code: "adyen_card", name: expect.any(String), isCard: true },
      { code: "invoice", name: expect.any(String), isCard: false },
    ]);
    const shipping = dataOf(await h.run(ShippingMethodsDocument, {}, { token })).shippingMethods;
    expect(shipping.map((m) => m.code)).toEqual(["air_freight"]);
  });
});

/**
 * Decision 047: the gateway keeps parsed catalogue answers by their ETag and asks the REST API
 * every time (If-None-Match); only a 304 naming a held ETag takes the held answer.
 */
describe("gateway: catalogue answers revalidated by ETag", () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGateway();
  });
  afterAll(async () => h?.close());

  const PRODUCT = "FIRM-LIFT-SERUM";
  const VARIANT = "FIRM-LIFT-SERUM-30ML";
  const query = `{ product(code: "${PRODUCT}") { variants { code price currencyCode } } }`;
  const priceOf = async (opts: { token?: string; headers?: Record<string, string> }) => {
    h.calls.length = 0;
    const answer = await h.raw(query, opts);
    expect(answer.errors).toBeUndefined();
    const product = answer.data?.product as
      { variants: { code: string; price: number | null; currencyCode: string }[] } | undefined;
    return product!.variants.find((v) => v.code === VARIANT)!;
  };
  const restPrice = async (token?: string) =>
    (await h.t.request("GET", `/api/v2/shop/product-variants/${VARIANT}`, { token })).body as {
      price: number | null;
      currencyCode: string;
    };

  it("asks with the ETags it holds and answers each caller the REST API's answer for them", async () => {
    const buyer = await h.t.token(USERS.spaBuyer);
    const retail = await h.t.token(USERS.retailAdmin);
    const first = await priceOf({ token: buyer });
    expect(h.calls.every((c) => c.headers.get("if-none-match") === null)).toBe(true);
    const again = await priceOf({ token: buyer });
    expect(again).toEqual(first);
    // The second time every catalogue call named the answer held (and got 304).
    expect(h.calls.length).toBeGreaterThan(0);
    expect(h.calls.every((c) => c.headers.get("if-none-match") !== null)).toBe(true);
    expect(first.price).toBe((await restPrice(buyer)).price);

    // Another price list (USD) and a visitor (no prices) get their own answers, not the one held.
    const other = await priceOf({ token: retail });
    expect(other.currencyCode).toBe("USD");
    expect(other.price).toBe((await restPrice(retail)).price);
    expect(other.price).not.toBe(first.price);
    expect((await priceOf({})).price).toBe((await restPrice()).price);
    expect(await priceOf({ token: buyer })).toEqual(first);

    // A price changed in the database shows on the next request.
    await h.t.db
      .updateTable("variant_prices")
      .set({ price: first.price! + 70 })
      .where("variant_code", "=", VARIANT)
      .where("price_list_code", "=", "EUR_CONTRACT")
      .execute();
    expect((await priceOf({ token: buyer })).price).toBe(first.price! + 70);
    expect((await priceOf({ token: retail })).price).toBe(other.price);
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const API = "/api/v2/shop";
const VARIANT = "FIRM-LIFT-SERUM-30ML";
const PRODUCT = "FIRM-LIFT-SERUM";

/**
 * The catalogue cache (decision 046): an answer asked for twice is read once, and every write
 * that changes an answer, made by any route, tool or hand-made statement, shows on the next
 * request, because triggers raise the catalogue version in the writing transaction.
 */
describe.each(backends)("catalogue cache (%s)", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const version = async () =>
    Number(
      (await t.db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow())
        .version,
    );
  const variant = (as?: string, headers?: Record<string, string>) =>
    t.request("GET", `${API}/product-variants/${VARIANT}`, { as, headers });
  const priceList = async () =>
    (
      await t.db
        .selectFrom("shop_users")
        .innerJoin("companies", "companies.id", "shop_users.company_id")
        .select("companies.price_list_code")
        .where("shop_users.email", "=", USERS.spaBuyer)
        .executeTakeFirstOrThrow()
    ).price_list_code;

  it("shows a price changed in the database on the next request", async () => {
    const before = await variant(USERS.spaBuyer);
    expect(before.status).toBe(200);
    expect((await variant(USERS.spaBuyer)).body.price).toBe(before.body.price);
    await t.db
      .updateTable("variant_prices")
      .set({ price: before.body.price + 111 })
      .where("variant_code", "=", VARIANT)
      .where("price_list_code", "=", await priceList())
      .execute();
    expect((await variant(USERS.spaBuyer)).body.price).toBe(before.body.price + 111);
    // The product listing that carries the variant too.
    const product = await t.request("GET", `${API}/products/${PRODUCT}`, { as: USERS.spaBuyer });
    const data = product.body.variantsData.find((v: { code: string }) => v.code === VARIANT);
    expect(data.price).toBe(before.body.price + 111);
  });

  it("shows a translation changed in the database on the next request, per language", async () => {
    const german = { locale: "de_DE" };
    const before = await variant(undefined, german);
    const english = await variant();
    await t.db
      .insertInto("product_variant_translations")
      .values({ variant_code: VARIANT, locale: "de", name: "Straffendes Serum Neu" })
      .onConflict((oc) =>
        oc.columns(["variant_code", "locale"]).doUpdateSet({ name: "Straffendes Serum Neu" }),
      )
      .execute();
    expect(before.body.name).not.toBe("Straffendes Serum Neu");
    expect((await variant(undefined, german)).body.name).toBe("Straffendes Serum Neu");
    expect((await variant()).body.name).toBe(english.body.name);
  });

  it("raises the version when a variant runs out or comes back, not for every stock change", async () => {
    await t.db
      .updateTable("product_variants")
      .set({ on_hand: 50 })
      .where("code", "=", VARIANT)
      .execute();
    expect((await variant()).body.inStock).toBe(true);
    const start = await version();
    await t.db
      .updateTable("product_variants")
      .set({ on_hand: sql<number>`on_hand - 7` })
      .where("code", "=", VARIANT)
      .execute();
    expect(await version()).toBe(start);
    await t.db
      .updateTable("product_variants")
      .set({ on_hand: 0 })
      .where("code", "=", VARIANT)
      .execute();
    expect(await version()).toBe(start + 1);
    expect((await variant()).body.inStock).toBe(false);
    expect((await variant(USERS.spaBuyer)).body.inStock).toBe(false);
    await t.db
      .updateTable("product_variants")
      .set({ on_hand: 3 })
      .where("code", "=", VARIANT)
      .execute();
    expect((await variant()).body.inStock).toBe(true);
    // Any other column of the variant counts.
    await t.db
      .updateTable("product_variants")
      .set({ ean: "4006381333931" })
      .where("code", "=", VARIANT)
      .execute();
    expect((await variant()).body.ean).toBe("4006381333931");
  });

  it("answers 304 to the ETag it sent while the answer is the same, and the new answer after a change", async () => {
    const first = await variant(USERS.spaBuyer);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const again = await variant(USERS.spaBuyer, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.raw).toBe("");
    // A visitor's answer (no prices) is another answer with its own ETag.
    expect((await variant(undefined, { "if-none-match": etag })).status).toBe(200);
    await t.db
      .updateTable("variant_prices")
      .set({ rrp_price: first.body.rrpPrice + 1 })
      .where("variant_code", "=", VARIANT)
      .where("price_list_code", "=", await priceList())
      .execute();
    const changed = await variant(USERS.spaBuyer, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body.rrpPrice).toBe(first.body.rrpPrice + 1);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("answers 304 when If-None-Match lists the ETag among others, as the gateway sends it (decision 047)", async () => {
    const first = await variant(USERS.spaBuyer);
    const etag = first.headers.etag as string;
    const other = '"another-answer"';
    const listed = await variant(USERS.spaBuyer, { "if-none-match": `${other}, ${etag}` });
    expect(listed.status).toBe(304);
    expect(listed.headers.etag).toBe(etag);
    expect((await variant(USERS.spaBuyer, { "if-none-match": `W/${etag}` })).status).toBe(304);
    expect((await variant(USERS.spaBuyer, { "if-none-match": other })).status).toBe(200);
    // A list naming only other answers' tags (a visitor's here) gets the answer itself.
    const visitor = await variant(undefined, { "if-none-match": `${other}, ${etag}` });
    expect(visitor.status).toBe(200);
    expect(visitor.headers.etag).not.toBe(etag);
  });

  it("keeps errors out of the cache: a product enabled after a 404 is found", async () => {
    await t.db
      .updateTable("products")
      .set({ enabled: false })
      .where("code", "=", PRODUCT)
      .execute();
    expect((await t.request("GET", `${API}/products/${PRODUCT}`)).status).toBe(404);
    await t.db.updateTable("products").set({ enabled: true }).where("code", "=", PRODUCT).execute();
    expect((await t.request("GET", `${API}/products/${PRODUCT}`)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const ORDERS = "/api/v2/shop/orders";
const LISTS = "/api/v2/shopping-lists";
const V = (code: string) => `/api/v2/shop/product-variants/${code}`;
const DE = { locale: "de_DE" };

/**
 * Saved lists and the stock messages of the cart, the bulk add, a quantity change, a list
 * ordered into the cart and the completion name products in the reader's language (issue 17,
 * decisions 030 and 034): the catalogue's translation, English where there is none.
 */
describe.each(backends)(
  "saved lists and stock messages in the reader's language on %s",
  (backend) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(async () => t?.close());

    /** "<product> (<variant>)" in German and in English, from the catalogue. */
    async function label(variantCode: string) {
      const row = await t.db
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.code", "v.product_code")
        .leftJoin("product_translations as pt", (j) =>
          j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", "de"),
        )
        .leftJoin("product_variant_translations as vt", (j) =>
          j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", "de"),
        )
        .select(["p.name as en", "v.name as variantEn", "pt.name as de", "vt.name as variantDe"])
        .where("v.code", "=", variantCode)
        .executeTakeFirstOrThrow();
      // The demo catalogue translates these products: the test would prove nothing otherwise.
      expect(row.de).toBeTruthy();
      expect(row.de).not.toBe(row.en);
      return {
        de: `${row.de} (${row.variantDe ?? row.variantEn})`,
        en: `${row.en} (${row.variantEn})`,
        productDe: row.de!,
        productEn: row.en,
        variantDe: row.variantDe ?? row.variantEn,
      };
    }
    const setStock = (code: string, onHand: number) =>
      t.db
        .updateTable("product_variants")
        .set({ on_hand: onHand })
        .where("code", "=", code)
        .execute();
    const newCart = async (as: string = USERS.spaBuyer) =>
      (await t.request("POST", ORDERS, { as, body: {} })).body.tokenValue as string;
    const messages = (problem: { detail?: string; violations?: { message: string }[] }) =>
      [problem.detail ?? "", ...(problem.violations ?? []).map((v) => v.message)].join(" | ");

    it("names the product in German when adding to the cart meets no or too little stock", async () => {
      const mint = await label("GLOW-MINI-MINT");
      await setStock("GLOW-MINI-MINT", 0);
      const token = await newCart();
      const out = await t.refused(422, () =>
        t.request("POST", `${ORDERS}/${token}/items`, {
          as: USERS.spaBuyer,
          headers: DE,
          body: { productVariant: V("GLOW-MINI-MINT"), quantity: 2 },
        }),
      );
      expect(out.type).toBe("/problems/out-of-stock");
      expect(out.detail).toContain(mint.de);
      expect(messages(out)).not.toContain(mint.productEn);

      await setStock("GLOW-MINI-MINT", 3);
      const bulk = await t.refused(422, () =>
        t.request("POST", `${ORDERS}/${token}/items-bulk`, {
          as: USERS.spaBuyer,
          headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" },
          body: { items: [{ productVariant: V("GLOW-MINI-MINT"), quantity: 5 }] },
        }),
      );
      expect(bulk.violations?.[0]?.code).toBe("variant.insufficientStock");
      expect(bulk.violations?.[0]?.message).toContain(mint.de);
      expect(bulk.violations?.[0]?.message).toMatch(/^Nur 3 /);

      // English callers keep the English name.
      const en = await t.refused(422, () =>
        t.request("POST", `${ORDERS}/${token}/items`, {
          as: USERS.spaBuyer,
          body: { productVariant: V("GLOW-MINI-MINT"), quantity: 5 },
        }),
      );
      expect(en.detail).toContain(mint.en);
      await setStock("GLOW-MINI-MINT", 500);
    });

    it("names the product in German when a quantity change exceeds the stock", async () => {
      const pearl = await label("GLOW-MINI-PEARL");
      await setStock("GLOW-MINI-PEARL", 100);
      const token = await newCart();
      const added = await t.request("POST", `${ORDERS}/${token}/items`, {
        as: USERS.spaBuyer,
        body: { productVariant: V("GLOW-MINI-PEARL"), quantity: 2 },
      });
      expect(added.status).toBe(201);
      await setStock("GLOW-MINI-PEARL", 4);
      const item = (added.body.items as { id: number }[])[0]!.id;
      const problem = await t.refused(422, () =>
        t.request("PATCH", `${ORDERS}/${token}/items/${item}`, {
          as: USERS.spaBuyer,
          headers: DE,
          body: { quantity: 10 },
        }),
      );
      expect(problem.type).toBe("/problems/insufficient-stock");
      expect(problem.detail).toContain(pearl.de);
      expect(messages(problem)).not.toContain(pearl.productEn);
      await setStock("GLOW-MINI-PEARL", 100);
    });

    it("names the product in German when stock ran out before the order is placed", async () => {
      const serum = await label("FIRM-LIFT-SERUM-30ML");
      await setStock("FIRM-LIFT-SERUM-30ML", 1000);
      const token = await newCart();
      const added = await t.request("POST", `${ORDERS}/${token}/items`, {
        as: USERS.spaBuyer,
        body: { productVariant: V("FIRM-LIFT-SERUM-30ML"), quantity: 30 },
      });
      expect(added.status).toBe(201);
      await t.request("PUT", `${ORDERS}/${token}`, {
        as: USERS.spaBuyer,
        body: { shippingAddress: "/api/v2/shop/addresses/2" },
      });
      await t.request("PATCH", `${ORDERS}/${token}/payments/${added.body.payments[0].id}`, {
        as: USERS.spaBuyer,
        body: { paymentMethod: "/api/v2/shop/payment-methods/invoice" },
      });
      await setStock("FIRM-LIFT-SERUM-30ML", 29);
      const problem = await t.refused(422, () =>
        t.request("PATCH", `${ORDERS}/${token}/complete`, {
          as: USERS.spaBuyer,
          headers: DE,
          body: {},
        }),
      );
      expect(problem.type).toBe("/problems/insufficient-stock");
      expect(problem.detail).toContain(serum.de);
      expect(problem.detail).toMatch(/^Nur 29 /);
      await setStock("FIRM-LIFT-SERUM-30ML", 1000);
    });

    it("names saved lists' lines in German: the new list, the lists and one list", async () => {
      const serum = await label("FIRM-LIFT-SERUM-30ML");
      const created = await t.request("POST", LISTS, {
        as: USERS.spaBuyer,
        headers: DE,
        body: {
          name: "Nachbestellung",
          items: [{ productVariant: V("FIRM-LIFT-SERUM-30ML"), quantity: 2 }],
        },
      });
      expect(created.status, created.raw).toBe(201);
      type Item = { variantCode: string; productName: string; variantName: string };
      expect(created.body.items[0]).toMatchObject({
        productName: serum.productDe,
        variantName: serum.variantDe,
      });
      const all = await t.request("GET", LISTS, { as: USERS.spaBuyer, headers: DE });
      const items = (all.body["hydra:member"] as { items: Item[] }[]).flatMap((l) => l.items);
      expect(items.length).toBeGreaterThan(1);
      for (const i of items) {
        const l = await label(i.variantCode);
        expect([i.productName, i.variantName]).toEqual([l.productDe, l.variantDe]);
      }
      const one = await t.request("GET", `${LISTS}/${created.body.id}`, {
        as: USERS.spaBuyer,
        headers: { "accept-language": "de" },
      });
      expect(one.body.items[0].productName).toBe(serum.productDe);
      // Without a language: English, as before.
      const en = await t.request("GET", `${LISTS}/${created.body.id}`, { as: USERS.spaBuyer });
      expect(en.body.items[0].productName).toBe(serum.productEn);
    });

    it("names the lines a list could not put into the cart in German", async () => {
      const mint = await label("GLOW-MINI-MINT");
      const pearl = await label("GLOW-MINI-PEARL");
      await setStock("GLOW-MINI-MINT", 500);
      await setStock("GLOW-MINI-PEARL", 500);
      const created = await t.request("POST", LISTS, {
        as: USERS.spaAdmin,
        body: {
          items: [
            { productVariant: V("GLOW-MINI-MINT"), quantity: 2 },
            { productVariant: V("GLOW-MINI-PEARL"), quantity: 20 },
          ],
        },
      });
      expect(created.status).toBe(201);
      await setStock("GLOW-MINI-MINT", 0);
      await setStock("GLOW-MINI-PEARL", 5);
      const res = await t.request("POST", `${LISTS}/${created.body.id}/order`, {
        as: USERS.spaAdmin,
        headers: DE,
        body: {},
      });
      expect(res.status, res.raw).toBe(200);
      const skipped = res.body.skipped as { variantCode: string; message: string }[];
      expect(skipped.map((s) => s.variantCode)).toEqual(["GLOW-MINI-MINT", "GLOW-MINI-PEARL"]);
      expect(skipped[0]!.message).toContain(mint.de);
      expect(skipped[1]!.message).toContain(pearl.de);
      for (const s of skipped) expect(s.message).not.toContain(mint.productEn);
      await setStock("GLOW-MINI-MINT", 500);
      await setStock("GLOW-MINI-PEARL", 500);
    });
  },
);

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../fixtures/files/pdf-text.js";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const ORDERS = "/api/v2/shop/orders";

interface Line {
  productCode: string;
  productName: string;
  variantName: string;
  variant: string;
}

/**
 * Product names of cart and order lines follow the request's language (decision 034): the
 * catalogue's translation, with the name the line recorded (English) where there is none.
 */
describe.each(backends)("order line names in the request's language on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  /** The catalogue's names of a variant in a language (null where not translated). */
  async function names(variantCode: string, locale: string) {
    return t.db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.code", "v.product_code")
      .leftJoin("product_translations as pt", (j) =>
        j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", locale),
      )
      .leftJoin("product_variant_translations as vt", (j) =>
        j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", locale),
      )
      .select(["p.name as en", "v.name as variantEn", "pt.name", "vt.name as variantName"])
      .where("v.code", "=", variantCode)
      .executeTakeFirstOrThrow();
  }

  it("names the cart's lines in German, French and English, whatever language the cart began in", async () => {
    const cart = await t.request("POST", ORDERS, { as: USERS.spaBuyer, body: {} });
    const token = cart.body.tokenValue as string;
    const added = await t.request("POST", `${ORDERS}/${token}/items`, {
      as: USERS.spaBuyer,
      headers: { locale: "de" },
      body: { productVariant: "/api/v2/shop/product-variants/GLOW-MINI-MINT", quantity: 2 },
    });
    expect(added.status).toBe(201);
    const de = await names("GLOW-MINI-MINT", "de");
    expect(de.name).toBeTruthy();
    expect(de.name).not.toBe(de.en);
    // The answer to the change itself is in the caller's language.
    const addedLine = (added.body.items as Line[])[0]!;
    expect([addedLine.productName, addedLine.variantName]).toEqual([de.name, de.variantName]);

    for (const locale of ["de", "fr"] as const) {
      const expected = await names("GLOW-MINI-MINT", locale);
      const variants: Record<string, string>[] = [
        { locale },
        { "accept-language": `${locale};q=0.9, en;q=0.5` },
      ];
      for (const headers of variants) {
        const res = await t.request("GET", `${ORDERS}/${token}`, { as: USERS.spaBuyer, headers });
        const line = (res.body.items as Line[])[0]!;
        expect([line.productName, line.variantName]).toEqual([expected.name, expected.variantName]);
      }
    }
    const en = await t.request("GET", `${ORDERS}/${token}`, { as: USERS.spaBuyer });
    const line = (en.body.items as Line[])[0]!;
    expect([line.productName, line.variantName]).toEqual([de.en, de.variantEn]);
  });

  it("names the lines of placed orders (history and detail) in the request's language", async () => {
    const list = await t.request("GET", `${ORDERS}?itemsPerPage=50`, {
      as: USERS.spaAdmin,
      headers: { locale: "fr" },
    });
    const orders = list.body["hydra:member"] as { tokenValue: string; items: Line[] }[];
    const lines = orders.flatMap((o) => o.items);
    expect(lines.length).toBeGreaterThan(0);
    let translated = 0;
    for (const l of lines) {
      const fr = await names(l.variant.split("/").at(-1)!, "fr");
      expect(l.productName).toBe(fr.name ?? fr.en);
      if (fr.name && fr.name !== fr.en) translated++;
    }
    expect(translated).toBeGreaterThan(0);
    const detail = await t.request("GET", `${ORDERS}/${orders[0]!.tokenValue}`, {
      as: USERS.spaAdmin,
      headers: { "accept-language": "de-DE,de;q=0.9" },
    });
    for (const l of detail.body.items as Line[]) {
      const de = await names(l.variant.split("/").at(-1)!, "de");
      expect(l.productName).toBe(de.name ?? de.en);
    }
  });

  it("writes the invoice PDF's product names in the language its link names", async () => {
    const order = await t.db
      .selectFrom("orders")
      .selectAll()
      .where("company_id", "=", 1)
      .where("state", "=", "completed")
      .where("parent_order_id", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const items = await t.db
      .selectFrom("order_items")
      .select("variant_code")
      .where("order_id", "=", order.id)
      .execute();
    for (const locale of ["de", "fr"] as const) {
      const res = await t.app.inject({
        method: "GET",
        url: `/customer-admin/invoice/${order.token_value}/download?locale=${locale}`,
        headers: { authorization: `Bearer ${await t.token(USERS.spaAdmin)}` },
      });
      expect(res.statusCode).toBe(200);
      const text = (await pdfText(res.rawPayload)).pages.flat().join(" ").replace(/\s+/g, " ");
      for (const item of items) {
        const n = await names(item.variant_code, locale);
        // A long name wraps in its cell: compare its first word run.
        expect(text).toContain((n.name ?? n.en).split(" ").slice(0, 2).join(" "));
        if (n.name && n.name !== n.en) expect(text).not.toContain(n.en);
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultListName } from "../../rules/shopping-lists.js";
import { signToken } from "../../server/http/auth.js";
import {
  backends,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
  itOnlyOn,
} from "../support/test-app.js";

const LISTS = "/api/v2/shopping-lists";
const V = (code: string) => `/api/v2/shop/product-variants/${code}`;
const SPA_ROLES = [USERS.spaAdmin, USERS.spaBuyer, USERS.spaMarketing] as const;

interface ListItem {
  productVariant: string;
  variantCode: string;
  productName: string;
  variantName: string;
  quantity: number;
  productImages: { type: string; path: string }[];
  unitPrice: number | null;
  available: boolean;
  inStock: boolean;
}

describe.each(backends)("saved shopping lists on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const create = (as: string, body: unknown, headers?: Record<string, string>) =>
    t.request("POST", LISTS, { as, body, headers });
  async function created(as: string, body: unknown) {
    const res = await create(as, body);
    expect(res.status, res.raw).toBe(201);
    return res.body as { id: number; "@id": string; items: ListItem[]; total: number };
  }
  const price = async (as: string, code: string) =>
    (await t.request("GET", V(code), { as })).body.price as number;
  const auditOf = (id: number, action: string) =>
    t.db
      .selectFrom("audit_events")
      .selectAll()
      .where("entity_type", "=", "shopping_list")
      .where("entity_id", "=", String(id))
      .where("action", "=", action)
      .execute();

  describe("reading", () => {
    it("shows the company's lists to every role, newest first, at current contract prices", async () => {
      for (const as of SPA_ROLES) {
        const res = await t.request("GET", LISTS, { as });
        expect(res.status).toBe(200);
        const lists = res.body["hydra:member"];
        expect(res.body["hydra:totalItems"]).toBe(2);
        // Both seeded lists were saved at the same moment: the later id is the newer.
        expect(lists.map((l: { name: string }) => l.name)).toEqual([
          "Treatment room essentials",
          "Spring restock",
        ]);
      }
      const res = await t.request("GET", LISTS, { as: USERS.spaMarketing });
      const spring = res.body["hydra:member"][1];
      expect(spring).toMatchObject({
        "@id": `${LISTS}/${spring.id}`,
        "@type": "ShoppingList",
        name: "Spring restock",
        currencyCode: "EUR",
      });
      expect(new Date(spring.createdAt).toISOString()).toBe(spring.createdAt);
      expect(spring.items.map((i: ListItem) => [i.variantCode, i.quantity])).toEqual([
        ["GLOW-MINI-ROSE", 24],
        ["FIRM-LIFT-SERUM-30ML", 48],
        ["SONIC-BRUSH-PRO-WHITE", 12],
      ]);
      const serum = spring.items[1] as ListItem;
      expect(serum).toMatchObject({
        productVariant: V("FIRM-LIFT-SERUM-30ML"),
        productName: expect.any(String),
        variantName: "30 ml",
        unitPrice: 1900,
        available: true,
        inStock: true,
        productImages: [{ type: "main", path: "/media/products/FIRM-LIFT-SERUM.svg" }],
      });
      let total = 0;
      for (const item of spring.items as ListItem[]) {
        expect(item.unitPrice).toBe(await price(USERS.spaMarketing, item.variantCode));
        total += item.quantity * item.unitPrice!;
      }
      expect(spring.total).toBe(total);

      const one = await t.request("GET", `${LISTS}/${spring.id}`, { as: USERS.spaAdmin });
      expect(one.status).toBe(200);
      expect(one.body).toEqual(spring);
    });

    it("prices a list's tiered lines as the cart prices them: the list's total is the cart's", async () => {
      // Volume tiers (decision 040): 12 creams at 22.50, 48 clay masks at 12.90, 5 patches at
      // the first tier, next to a line without tiers.
      const items = [
        { productVariant: V("FIRM-LIFT-CREAM-50ML"), quantity: 12 },
        { productVariant: V("PORE-CLAY-MASK-75ML"), quantity: 48 },
        { productVariant: V("EYE-REVIVE-PATCHES-30-PAIRS"), quantity: 5 },
        { productVariant: V("GLOW-MINI-MINT"), quantity: 3 },
      ];
      const list = await created(USERS.spaBuyer, { name: "Tiered restock", items });
      const token = (
        await t.request("POST", "/api/v2/shop/orders", { as: USERS.spaBuyer, body: {} })
      ).body.tokenValue as string;
      const cart = await t.request("POST", `/api/v2/shop/orders/${token}/items-bulk`, {
        as: USERS.spaBuyer,
        body: { items },
      });
      expect(cart.status, cart.raw).toBe(201);
      const cartPrice = (code: string) =>
        (cart.body.items as { variant: string; unitPrice: number }[]).find(
          (i) => i.variant === V(code),
        )!.unitPrice;
      expect(cartPrice("FIRM-LIFT-CREAM-50ML")).toBe(2250);
      expect(list.items.map((i) => [i.variantCode, i.unitPrice])).toEqual([
        ["FIRM-LIFT-CREAM-50ML", cartPrice("FIRM-LIFT-CREAM-50ML")],
        ["PORE-CLAY-MASK-75ML", cartPrice("PORE-CLAY-MASK-75ML")],
        ["EYE-REVIVE-PATCHES-30-PAIRS", cartPrice("EYE-REVIVE-PATCHES-30-PAIRS")],
        ["GLOW-MINI-MINT", cartPrice("GLOW-MINI-MINT")],
      ]);
      expect(list.total).toBe(cart.body.itemsTotal);
      // Read again (the account's list), the same.
      const again = await t.request("GET", `${LISTS}/${list.id}`, { as: USERS.spaAdmin });
      expect(again.body.total).toBe(cart.body.itemsTotal);
      await t.request("DELETE", `/api/v2/shop/orders/${token}`, { as: USERS.spaBuyer });
      await t.request("DELETE", `${LISTS}/${list.id}`, { as: USERS.spaBuyer });
    });

    it("prices a list at today's contract price, and shows lines no longer sold without a price", async () => {
      const list = await created(USERS.spaAdmin, {
        name: "Price check",
        items: [
          { productVariant: V("EYE-REVIVE-WAND-SILVER"), quantity: 2 },
          { productVariant: V("GLOW-MINI-MINT"), quantity: 3 },
        ],
      });
      expect(list.total).toBe(2 * 4500 + 3 * 4900);
      await t.db
        .updateTable("variant_prices")
        .set({ price: 4000 })
        .where("variant_code", "=", "EYE-REVIVE-WAND-SILVER")
        .where("price_list_code", "=", "EUR_CONTRACT")
        .execute();
      await t.db
        .updateTable("product_variants")
        .set({ enabled: false })
        .where("code", "=", "GLOW-MINI-MINT")
        .execute();
      try {
        const res = await t.request("GET", `${LISTS}/${list.id}`, { as: USERS.spaBuyer });
        expect(res.body.items).toMatchObject([
          { variantCode: "EYE-REVIVE-WAND-SILVER", unitPrice: 4000, available: true },
          { variantCode: "GLOW-MINI-MINT", unitPrice: null, available: false, inStock: false },
        ]);
        expect(res.body.total).toBe(2 * 4000);
      } finally {
        await t.db
          .updateTable("variant_prices")
          .set({ price: 4500 })
          .where("variant_code", "=", "EYE-REVIVE-WAND-SILVER")
          .where("price_list_code", "=", "EUR_CONTRACT")
          .execute();
        await t.db
          .updateTable("product_variants")
          .set({ enabled: true })
          .where("code", "=", "GLOW-MINI-MINT")
          .execute();
      }
    });

    it("keeps companies apart: another company's lists are not found", async () => {
      const spa = (await t.request("GET", LISTS, { as: USERS.spaAdmin })).body["hydra:member"];
      const retail = await t.request("GET", LISTS, { as: USERS.retailAdmin });
      expect(retail.status).toBe(200);
      const retailIds = retail.body["hydra:member"].map((l: { id: number }) => l.id);
      for (const list of spa) {
        expect(retailIds).not.toContain(list.id);
        await t.refused(404, () =>
          t.request("GET", `${LISTS}/${list.id}`, { as: USERS.retailAdmin }),
        );
      }
      // The other company's own lists are priced in its own currency.
      const own = await created(USERS.retailAdmin, {
        items: [{ productVariant: "FIRM-LIFT-SERUM-30ML", quantity: 10 }],
      });
      const shown = await t.request("GET", `${LISTS}/${own.id}`, { as: USERS.retailAdmin });
      expect(shown.body.currencyCode).toBe("USD");
      expect(shown.body.items[0].unitPrice).toBe(
        await price(USERS.retailAdmin, "FIRM-LIFT-SERUM-30ML"),
      );
      await t.refused(404, () => t.request("GET", `${LISTS}/${own.id}`, { as: USERS.spaBuyer }));
    });

    it.each(["0", "abc", "1.0", "1e0", "-1", "99999", "2147483648"])(
      "answers 404 for the list id %s",
      async (id) => {
        await t.refused(404, () => t.request("GET", `${LISTS}/${id}`, { as: USERS.spaAdmin }));
      },
    );

    it("pages the collection on request", async () => {
      const res = await t.request("GET", `${LISTS}?itemsPerPage=1&page=2`, { as: USERS.spaAdmin });
      expect(res.status).toBe(200);
      expect(res.body["hydra:member"]).toHaveLength(1);
      expect(res.body["hydra:totalItems"]).toBeGreaterThanOrEqual(2);
      await t.refused(400, () =>
        t.request("GET", `${LISTS}?itemsPerPage=abc`, { as: USERS.spaAdmin }),
      );
    });
  });

  describe("signing in", () => {
    it.each([
      ["GET", LISTS],
      ["GET", `${LISTS}/1`],
      ["POST", LISTS],
      ["DELETE", `${LISTS}/1`],
      ["POST", `${LISTS}/1/order`],
    ] as const)("refuses %s %s without a token or with a bad one", async (method, url) => {
      const body =
        method === "POST" ? { items: [{ productVariant: "X", quantity: 1 }] } : undefined;
      await t.refused(401, () => t.request(method, url, { body }));
      await t.refused(401, () => t.request(method, url, { token: "not-a-token", body }));
    });
  });

  describe("saving", () => {
    it("saves a list for the company, merging repeated variants, as any role", async () => {
      for (const as of SPA_ROLES) {
        const res = await create(as, {
          name: "  Autumn window  ",
          items: [
            { productVariant: V("GLOW-MINI-ROSE"), quantity: 5 },
            { productVariant: "EYE-REVIVE-WAND-GOLD", quantity: 300 },
            { productVariant: V("GLOW-MINI-ROSE"), quantity: 7 },
          ],
        });
        expect(res.status, res.raw).toBe(201);
        expect(res.headers.location).toBe(res.body["@id"]);
        expect(res.body).toMatchObject({
          name: "Autumn window",
          currencyCode: "EUR",
          items: [
            { variantCode: "GLOW-MINI-ROSE", quantity: 12 },
            { variantCode: "EYE-REVIVE-WAND-GOLD", quantity: 300 },
          ],
          total: 12 * 4900 + 300 * 4500,
        });
        // Every colleague sees it, first.
        const seen = await t.request("GET", LISTS, { as: USERS.spaAdmin });
        expect(seen.body["hydra:member"][0].id).toBe(res.body.id);
        const audit = await auditOf(res.body.id, "created");
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ actor_type: "user", company_id: 1 });
        expect(audit[0]!.after).toMatchObject({
          name: "Autumn window",
          items: [
            { variantCode: "GLOW-MINI-ROSE", quantity: 12 },
            { variantCode: "EYE-REVIVE-WAND-GOLD", quantity: 300 },
          ],
        });
      }
    });

    it("names a list without a name after today, in the person's time zone when sent", async () => {
      for (const name of [undefined, null, "", "   "]) {
        const list = await created(USERS.spaBuyer, {
          ...(name === undefined ? {} : { name }),
          items: [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 1 }],
        });
        expect((list as unknown as { name: string }).name).toBe(defaultListName(new Date(), "en"));
      }
      const zoned = await create(
        USERS.spaBuyer,
        { items: [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 1 }] },
        { "user-timezone": "Pacific/Kiritimati" },
      );
      expect(zoned.body.name).toBe(defaultListName(new Date(), "en", "Pacific/Kiritimati"));
      expect(zoned.body.name).toMatch(/^Shopping list of [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    });

    it("names a list without a name in the person's language", async () => {
      const items = [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 1 }];
      const german = await create(
        USERS.spaBuyer,
        { name: " ", items },
        { locale: "de_DE", "user-timezone": "Europe/Berlin" },
      );
      expect(german.status).toBe(201);
      expect(german.body.name).toMatch(/^Einkaufsliste vom \d{2}\.\d{2}\.\d{4}$/);
      expect(german.body.name).toBe(defaultListName(new Date(), "de", "Europe/Berlin"));
      // The browser's language when none is chosen.
      const french = await create(
        USERS.spaBuyer,
        { items },
        { "accept-language": "fr-CH,fr;q=0.9,en;q=0.8" },
      );
      expect(french.body.name).toMatch(/^Liste d’achats du \d{1,2} \S+ \d{4}$/);
    });

    it("accepts 100 characters of name, 300 lines and out-of-stock variants", async () => {
      const list = await created(USERS.spaMarketing, {
        name: "n".repeat(100),
        items: Array.from({ length: 300 }, () => ({
          productVariant: V("SONIC-BRUSH-TRAVEL-NAVY"),
          quantity: 1,
        })),
      });
      expect(list.items).toMatchObject([
        { variantCode: "SONIC-BRUSH-TRAVEL-NAVY", quantity: 300, inStock: false, available: true },
      ]);
    });

    const line = (over: Record<string, unknown> = {}) => ({
      productVariant: V("GLOW-MINI-ROSE"),
      quantity: 1,
      ...over,
    });
    it.each<[string, unknown, string, string]>([
      ["an array body", [line()], "", "field.type"],
      ["a number body", 42, "", "field.type"],
      ["an unknown field", { items: [line()], owner: 3 }, "owner", "field.unknown"],
      ["a name of the wrong type", { name: 42, items: [line()] }, "name", "field.type"],
      ["a name too long", { name: "n".repeat(101), items: [line()] }, "name", "field.tooLong"],
      ["a 320-character name", { name: "n".repeat(320), items: [line()] }, "name", "field.tooLong"],
      ["no items", { name: "x" }, "items", "field.required"],
      ["items null", { items: null }, "items", "field.required"],
      ["items not a list", { items: { productVariant: "x" } }, "items", "field.type"],
      ["an empty list", { items: [] }, "items", "items.empty"],
      [
        "301 lines",
        { items: Array.from({ length: 301 }, () => line()) },
        "items",
        "shoppingList.tooManyItems",
      ],
      ["a line that is not an object", { items: ["GLOW-MINI-ROSE"] }, "items[0]", "field.type"],
      ["a null line", { items: [line(), null] }, "items[1]", "field.type"],
      ["an unknown line field", { items: [line({ note: "x" })] }, "items[0].note", "field.unknown"],
      ["quantity 0", { items: [line({ quantity: 0 })] }, "items[0].quantity", "quantity.range"],
      ["quantity 301", { items: [line({ quantity: 301 })] }, "items[0].quantity", "quantity.range"],
      ["quantity -1", { items: [line({ quantity: -1 })] }, "items[0].quantity", "quantity.range"],
      [
        "quantity 1.5",
        { items: [line({ quantity: 1.5 })] },
        "items[0].quantity",
        "quantity.integer",
      ],
      [
        "quantity as text",
        { items: [line({ quantity: "3" })] },
        "items[0].quantity",
        "quantity.integer",
      ],
      [
        "no quantity",
        { items: [{ productVariant: "GLOW-MINI-ROSE" }] },
        "items[0].quantity",
        "quantity.integer",
      ],
      ["no variant", { items: [{ quantity: 1 }] }, "items[0].productVariant", "field.required"],
      [
        "a variant of the wrong type",
        { items: [line({ productVariant: 12 })] },
        "items[0].productVariant",
        "field.type",
      ],
      [
        "an unknown variant",
        { items: [line({ productVariant: V("NO-SUCH-THING") })] },
        "items[0].productVariant",
        "variant.notFound",
      ],
      [
        "an IRI of another collection",
        { items: [line({ productVariant: "/api/v2/shop/products/GLOW-MINI" })] },
        "items[0].productVariant",
        "variant.notFound",
      ],
      [
        "repeated lines above 300 together",
        { items: [line({ quantity: 200 }), line({ quantity: 101 })] },
        "items[1].quantity",
        "shoppingList.mergedQuantity",
      ],
    ])("refuses %s, changing nothing", async (_what, body, path, code) => {
      const problem = await t.refused(422, () => create(USERS.spaAdmin, body));
      expect(problem.violations?.map((v) => [v.propertyPath, v.code])).toContainEqual([path, code]);
      for (const v of problem.violations ?? []) expect(v.message).not.toBe(v.code);
    });

    it("refuses a variant no longer sold, and reports every bad line at once", async () => {
      await t.db
        .updateTable("products")
        .set({ enabled: false })
        .where("code", "=", "GLOW-PRO")
        .execute();
      try {
        const problem = await t.refused(422, () =>
          create(USERS.spaBuyer, {
            name: 7,
            items: [
              line(),
              line({ productVariant: "GLOW-PRO-BLACK" }),
              line({ quantity: 0 }),
              line({ productVariant: "NOPE", quantity: 2 }),
            ],
          }),
        );
        expect(problem.violations?.map((v) => [v.propertyPath, v.code])).toEqual([
          ["name", "field.type"],
          ["items[1].productVariant", "variant.notFound"],
          ["items[2].quantity", "quantity.range"],
          ["items[3].productVariant", "variant.notFound"],
        ]);
        expect(problem.detail).toBe("This value should be of type string.");
      } finally {
        await t.db
          .updateTable("products")
          .set({ enabled: true })
          .where("code", "=", "GLOW-PRO")
          .execute();
      }
    });

    it("refuses malformed JSON and other media types", async () => {
      await t.refused(400, () =>
        t.request("POST", LISTS, {
          as: USERS.spaAdmin,
          body: "{not json",
          headers: { "content-type": "application/json" },
        }),
      );
      await t.refused(415, () =>
        t.request("POST", LISTS, {
          as: USERS.spaAdmin,
          body: "name=x",
          headers: { "content-type": "text/plain" },
        }),
      );
    });

    it("names the longest list name allowed, in the caller's language", async () => {
      const res = await t.request("POST", LISTS, {
        as: USERS.spaBuyer,
        body: { name: "n".repeat(101), items: [line()] },
        headers: { "accept-language": "de" },
      });
      expect(expectProblem(res, 422).violations).toEqual([
        expect.objectContaining({
          propertyPath: "name",
          code: "field.tooLong",
          message: "Dieser Wert ist zu lang. Er darf höchstens 100 Zeichen haben.",
        }),
      ]);
    });

    it("answers in the caller's language", async () => {
      const res = await t.request("POST", LISTS, {
        as: USERS.spaAdmin,
        body: { items: Array.from({ length: 301 }, () => line()) },
        headers: { "accept-language": "de" },
      });
      expect(expectProblem(res, 422).detail).toBe(
        "Eine Einkaufsliste kann höchstens 300 Positionen enthalten.",
      );
    });
  });

  describe("deleting", () => {
    it("lets any colleague delete any of the company's lists, with an audit line", async () => {
      const list = await created(USERS.spaBuyer, {
        name: "To remove",
        items: [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 4 }],
      });
      for (const other of [USERS.retailAdmin]) {
        await t.refused(404, () => t.request("DELETE", `${LISTS}/${list.id}`, { as: other }));
      }
      const res = await t.request("DELETE", `${LISTS}/${list.id}`, { as: USERS.spaMarketing });
      expect(res.status).toBe(204);
      expect(res.raw).toBe("");
      await t.refused(404, () => t.request("GET", `${LISTS}/${list.id}`, { as: USERS.spaBuyer }));
      await t.refused(404, () =>
        t.request("DELETE", `${LISTS}/${list.id}`, { as: USERS.spaAdmin }),
      );
      const items = await t.db
        .selectFrom("shopping_list_items")
        .select("id")
        .where("shopping_list_id", "=", list.id)
        .execute();
      expect(items).toEqual([]);
      const audit = await auditOf(list.id, "deleted");
      expect(audit).toHaveLength(1);
      expect(audit[0]!.before).toMatchObject({
        name: "To remove",
        items: [{ variantCode: "GLOW-MINI-ROSE", quantity: 4 }],
      });
    });

    it.each(SPA_ROLES)("lets %s delete", async (as) => {
      const list = await created(USERS.spaAdmin, {
        items: [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 1 }],
      });
      expect((await t.request("DELETE", `${LISTS}/${list.id}`, { as })).status).toBe(204);
    });

    it.each(["abc", "0", "99999"])("answers 404 for deleting list %s", async (id) => {
      await t.refused(404, () => t.request("DELETE", `${LISTS}/${id}`, { as: USERS.spaAdmin }));
    });
  });

  describe("ordering from a list", () => {
    const order = (id: number, as: string, body?: unknown, headers?: Record<string, string>) =>
      t.request("POST", `${LISTS}/${id}/order`, { as, body, headers });
    const carts = async (as: string) =>
      (await t.request("GET", "/api/v2/shop/orders?state=cart", { as })).body["hydra:member"];

    it("refuses MARKETING, other companies and unknown lists, changing nothing", async () => {
      const spring = (await t.request("GET", LISTS, { as: USERS.spaAdmin })).body[
        "hydra:member"
      ].find((l: { name: string }) => l.name === "Spring restock");
      await t.refused(403, () => order(spring.id, USERS.spaMarketing));
      await t.refused(404, () => order(spring.id, USERS.retailAdmin));
      await t.refused(404, () => order(99999, USERS.spaBuyer));
      await t.refused(404, () => t.request("POST", `${LISTS}/abc/order`, { as: USERS.spaBuyer }));
      await t.refused(422, () => order(spring.id, USERS.spaBuyer, { quantity: 2 }));
      await t.refused(422, () => order(spring.id, USERS.spaBuyer, [1]));
    });

    it("starts a cart when the person has none and adds every line at contract prices", async () => {
      expect(await carts(USERS.spaBuyer)).toEqual([]);
      const spring = (await t.request("GET", LISTS, { as: USERS.spaBuyer })).body[
        "hydra:member"
      ].find((l: { name: string }) => l.name === "Spring restock");
      const res = await order(spring.id, USERS.spaBuyer, undefined, { locale: "fr_FR" });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.skipped).toEqual([]);
      const cart = res.body.cart;
      expect(cart).toMatchObject({ state: "cart", currencyCode: "EUR", localeCode: "fr_FR" });
      expect(
        cart.items.map((i: { variant: string; quantity: number; unitPrice: number }) => [
          i.variant,
          i.quantity,
          i.unitPrice,
        ]),
      ).toEqual(spring.items.map((i: ListItem) => [i.productVariant, i.quantity, i.unitPrice]));
      expect(cart.itemsSubtotal).toBe(spring.total);
      expect(cart.payments).toHaveLength(1);
      expect(cart.payments[0].amount).toBe(cart.total);
      expect(
        (await carts(USERS.spaBuyer)).map((c: { tokenValue: string }) => c.tokenValue),
      ).toEqual([cart.tokenValue]);

      // Again: the same cart, quantities added up.
      const again = await order(spring.id, USERS.spaBuyer);
      expect(again.body.cart.tokenValue).toBe(cart.tokenValue);
      expect(again.body.cart.items.map((i: { quantity: number }) => i.quantity)).toEqual(
        spring.items.map((i: ListItem) => i.quantity * 2),
      );
    });

    it("uses the cart with items over a newer empty one, as the storefront does", async () => {
      const as = USERS.spaAdmin;
      const older = (await t.request("POST", "/api/v2/shop/orders", { as, body: {} })).body
        .tokenValue;
      await t.request("POST", `/api/v2/shop/orders/${older}/items`, {
        as,
        body: { productVariant: V("GLOW-MINI-ROSE"), quantity: 2 },
      });
      const newer = (await t.request("POST", "/api/v2/shop/orders", { as, body: {} })).body
        .tokenValue;
      const list = await created(as, {
        items: [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 3 }],
      });
      const res = await order(list.id, as);
      expect(res.body.cart.tokenValue).toBe(older);
      expect(res.body.cart.items).toMatchObject([{ variant: V("GLOW-MINI-ROSE"), quantity: 5 }]);
      const empty = await t.request("GET", `/api/v2/shop/orders/${newer}`, { as });
      expect(empty.body.items).toEqual([]);
    });

    it("skips lines that cannot go in whole and adds the rest", async () => {
      const as = USERS.retailAdmin;
      const list = await created(as, {
        name: "Mixed",
        items: [
          { productVariant: V("SONIC-BRUSH-TRAVEL-NAVY"), quantity: 1 },
          { productVariant: V("GLOW-MINI-PEARL"), quantity: 20 },
          { productVariant: V("EYE-REVIVE-WAND-GOLD"), quantity: 250 },
          { productVariant: V("GLOW-MINI-MINT"), quantity: 2 },
          { productVariant: V("SONIC-BRUSH-PRO-BLACK"), quantity: 4 },
        ],
      });
      // A cart that already holds 100 of the wand: 350 would exceed a line's 300.
      const token = (await t.request("POST", "/api/v2/shop/orders", { as, body: {} })).body
        .tokenValue;
      await t.request("POST", `/api/v2/shop/orders/${token}/items`, {
        as,
        body: { productVariant: V("EYE-REVIVE-WAND-GOLD"), quantity: 100 },
      });
      await t.db
        .updateTable("product_variants")
        .set({ enabled: false })
        .where("code", "=", "GLOW-MINI-MINT")
        .execute();
      try {
        const res = await order(list.id, as, {}, { "accept-language": "en" });
        expect(res.status, res.raw).toBe(200);
        expect(res.body.cart.tokenValue).toBe(token);
        expect(
          res.body.cart.items.map((i: { variant: string; quantity: number }) => [
            i.variant,
            i.quantity,
          ]),
        ).toEqual([
          [V("EYE-REVIVE-WAND-GOLD"), 100],
          [V("SONIC-BRUSH-PRO-BLACK"), 4],
        ]);
        expect(res.body.skipped).toEqual([
          {
            variantCode: "SONIC-BRUSH-TRAVEL-NAVY",
            productVariant: V("SONIC-BRUSH-TRAVEL-NAVY"),
            reason: "outOfStock",
            message:
              "Sonic Brush Travel Toothbrush (Navy) is out of stock and was not added to the cart.",
          },
          {
            variantCode: "GLOW-MINI-PEARL",
            productVariant: V("GLOW-MINI-PEARL"),
            reason: "insufficientStock",
            message: expect.stringContaining("Only 14 more units of"),
          },
          {
            variantCode: "EYE-REVIVE-WAND-GOLD",
            productVariant: V("EYE-REVIVE-WAND-GOLD"),
            reason: "quantityLimit",
            message: expect.stringContaining("at most 300 units"),
          },
          {
            variantCode: "GLOW-MINI-MINT",
            productVariant: V("GLOW-MINI-MINT"),
            reason: "unavailable",
            message: expect.stringContaining("no longer available"),
          },
        ]);
        // Ordering twice takes the same cart, and skips the same lines, in French on request.
        const fr = await order(list.id, as, undefined, { "accept-language": "fr" });
        expect(fr.body.skipped[0].message).toContain("rupture de stock");
        expect(fr.body.cart.items[1].quantity).toBe(8);
      } finally {
        await t.db
          .updateTable("product_variants")
          .set({ enabled: true })
          .where("code", "=", "GLOW-MINI-MINT")
          .execute();
      }
    });

    // PGlite is one connection; the race needs a server.
    itOnlyOn("postgres", backend)(
      "starts one cart when one person orders lists in parallel",
      async () => {
        const user = await t.db
          .insertInto("shop_users")
          .values({
            company_id: 1,
            email: "racer@demo-spa.example",
            first_name: "Rae",
            last_name: "Cer",
            roles: ["ROLE_COMPANY_COMMERCIAL"],
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const token = await signToken(t.config.jwtSecret, user.id);
        const list = await created(USERS.spaAdmin, {
          items: [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 3 }],
        });
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            t.request("POST", `${LISTS}/${list.id}/order`, { token }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
        const carts = await t.db
          .selectFrom("orders")
          .select("id")
          .where("shop_user_id", "=", user.id)
          .execute();
        expect(carts).toHaveLength(1);
        const items = await t.db
          .selectFrom("order_items")
          .select("quantity")
          .where("order_id", "=", carts[0]!.id)
          .execute();
        expect(items).toEqual([{ quantity: 30 }]);
      },
    );

    it("answers with the cart even when nothing could be added", async () => {
      const as = USERS.spaAdmin;
      const list = await created(as, {
        items: [{ productVariant: V("TRAVEL-CASE-CLASSIC-BLACK"), quantity: 1 }],
      });
      const res = await order(list.id, as);
      expect(res.status).toBe(200);
      expect(res.body.skipped.map((s: { reason: string }) => s.reason)).toEqual(["outOfStock"]);
      expect(res.body.cart.state).toBe("cart");
    });
  });
});

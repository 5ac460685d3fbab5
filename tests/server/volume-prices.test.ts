import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../fixtures/files/pdf-text.js";
import { backends, DEMO_PASSWORD, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const ADMIN = "/api/v2/admin";
const STAFF = "staff@brand.example";
const V = (code: string) => `/api/v2/shop/product-variants/${code}`;
/** The example, seeded for Demo Spa GmbH: 1-11 at 24.00, 12-47 at 22.50, 48+ at 21.00. */
const CREAM = "FIRM-LIFT-CREAM-50ML";
const MASK = "PORE-CLAY-MASK-75ML";
const ENTRY = (variant: string, list = "EUR_CONTRACT") =>
  `${ADMIN}/price-lists/${list}/entries/${variant}`;

/** Volume prices (issue 21, part 4; decision 040): the server prices every line by its tier. */
describe.each(backends)("volume prices on %s", (backend) => {
  let t: TestApp;
  let staffToken: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const res = await t.request("POST", `${ADMIN}/token`, {
      body: { email: STAFF, password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    staffToken = res.body.token;
  });
  afterAll(async () => t?.close());

  const newCart = async () =>
    (await t.request("POST", "/api/v2/shop/orders", { as: USERS.spaBuyer, body: {} })).body
      .tokenValue as string;
  const add = (token: string, variant: string, quantity: number) =>
    t.request("POST", `/api/v2/shop/orders/${token}/items`, {
      as: USERS.spaBuyer,
      body: { productVariant: V(variant), quantity },
    });
  const change = (token: string, itemId: number, quantity: number) =>
    t.request("PATCH", `/api/v2/shop/orders/${token}/items/${itemId}`, {
      as: USERS.spaBuyer,
      body: { quantity },
    });
  const line = (cart: { items: { variant: string }[] }, variant: string) =>
    cart.items.find((i) => i.variant === V(variant)) as unknown as {
      id: number;
      quantity: number;
      unitPrice: number;
      subtotal: number;
      total: number;
    };
  const putTiers = (variant: string, volumePrices: unknown, lang = "en") =>
    t.request("PUT", `${ENTRY(variant)}/volume-prices`, {
      token: staffToken,
      body: { volumePrices },
      headers: { "accept-language": lang },
    });

  it("shows a variant's tiers to the company's users, none to visitors or other price lists", async () => {
    const spa = await t.request("GET", V(CREAM), { as: USERS.spaBuyer });
    expect(spa.status).toBe(200);
    expect(spa.body.price).toBe(2400);
    expect(spa.body.volumePrices).toEqual([
      { minQuantity: 1, maxQuantity: 11, price: 2400 },
      { minQuantity: 12, maxQuantity: 47, price: 2250 },
      { minQuantity: 48, maxQuantity: null, price: 2100 },
    ]);
    const product = await t.request("GET", "/api/v2/shop/products/FIRM-LIFT-CREAM", {
      as: USERS.spaBuyer,
    });
    expect(product.body.variantsData[0].volumePrices).toHaveLength(3);
    const visitor = await t.request("GET", V(CREAM));
    expect(visitor.body.price).toBeNull();
    expect(visitor.body.volumePrices).toEqual([]);
    const usd = await t.request("GET", V(CREAM), { as: USERS.retailAdmin });
    expect(usd.body.price).not.toBeNull();
    expect(usd.body.volumePrices).toEqual([]);
    // A product without tiers answers an empty list.
    const serum = await t.request("GET", V("FIRM-LIFT-SERUM-30ML"), { as: USERS.spaBuyer });
    expect(serum.body.volumePrices).toEqual([]);
  });

  it.each([
    [11, 2400],
    [12, 2250],
    [47, 2250],
    [48, 2100],
  ])("prices %i units at the tier's unit price in the cart", async (quantity, unitPrice) => {
    const token = await newCart();
    const added = await add(token, CREAM, quantity);
    expect(added.status).toBe(201);
    const l = line(added.body, CREAM);
    expect(l.unitPrice).toBe(unitPrice);
    expect(l.subtotal).toBe(unitPrice * quantity);
    expect(added.body.itemsTotal).toBe(unitPrice * quantity);
  });

  it("re-prices a line when its quantity crosses a tier, both ways, and the cart total follows", async () => {
    const token = await newCart();
    const first = line((await add(token, CREAM, 11)).body, CREAM);
    expect(first.unitPrice).toBe(2400);
    const seen: [number, number, number][] = [];
    for (const quantity of [12, 47, 48, 11]) {
      const res = await change(token, first.id, quantity);
      expect(res.status).toBe(200);
      const l = line(res.body, CREAM);
      seen.push([quantity, l.unitPrice, res.body.itemsTotal]);
    }
    expect(seen).toEqual([
      [12, 2250, 12 * 2250],
      [47, 2250, 47 * 2250],
      [48, 2100, 48 * 2100],
      [11, 2400, 11 * 2400],
    ]);
    // Adding to an existing line prices the merged quantity: 11 + 1 = 12 units at 22.50.
    const merged = await add(token, CREAM, 1);
    expect(line(merged.body, CREAM)).toMatchObject({ quantity: 12, unitPrice: 2250 });
  });

  it("places the order at the tier prices: order lines, totals and the invoice amounts", async () => {
    const token = await newCart();
    await add(token, CREAM, 48);
    const added = await add(token, MASK, 12);
    expect(line(added.body, MASK).unitPrice).toBe(1390);
    expect(added.body.itemsTotal).toBe(48 * 2100 + 12 * 1390);
    const put = await t.request("PUT", `/api/v2/shop/orders/${token}`, {
      as: USERS.spaBuyer,
      body: { shippingAddress: "/api/v2/shop/addresses/2" },
    });
    expect(put.status).toBe(200);
    const pay = await t.request(
      "PATCH",
      `/api/v2/shop/orders/${token}/payments/${added.body.payments[0].id}`,
      { as: USERS.spaBuyer, body: { paymentMethod: "/api/v2/shop/payment-methods/invoice" } },
    );
    expect(pay.status).toBe(200);
    const placed = await t.request("PATCH", `/api/v2/shop/orders/${token}/complete`, {
      as: USERS.spaBuyer,
      body: {},
    });
    expect(placed.status).toBe(200);
    const order = await t.request("GET", `/api/v2/shop/orders/${token}`, { as: USERS.spaAdmin });
    expect(line(order.body, CREAM)).toMatchObject({ quantity: 48, unitPrice: 2100 });
    expect(line(order.body, MASK)).toMatchObject({ quantity: 12, unitPrice: 1390 });
    expect(order.body.itemsTotal).toBe(48 * 2100 + 12 * 1390);
    const rows = await t.db
      .selectFrom("order_items")
      .select(["variant_code", "unit_price", "subtotal"])
      .where("order_id", "=", order.body.id)
      .orderBy("variant_code")
      .execute();
    expect(rows).toEqual([
      { variant_code: CREAM, unit_price: 2100, subtotal: 48 * 2100 },
      { variant_code: MASK, unit_price: 1390, subtotal: 12 * 1390 },
    ]);
    // The invoice prints the tier prices the order was placed at.
    const pdf = await t.app.inject({
      method: "GET",
      url: `/customer-admin/invoice/${token}/download`,
      headers: {
        authorization: `Bearer ${await t.token(USERS.spaAdmin)}`,
        "accept-language": "en",
      },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).pages.flat().join("\n");
    expect(text).toContain("21.00");
    expect(text).toContain("1,008.00");
    expect(text).toContain("13.90");
    expect(text).toContain("166.80");
    expect(text).not.toContain("24.00");
  });

  it("answers quick-order rows at the tier price of their quantity, rows of one variant at that of their sum", async () => {
    const paste = async (text: string) => {
      const res = await t.request("POST", "/api/v2/shop/quick-order/paste", {
        as: USERS.spaBuyer,
        body: { text },
      });
      expect(res.status).toBe(200);
      return res.body.rows.map((r: { product: { unit_price: number }; line_total: number }) => [
        r.product.unit_price,
        r.line_total,
      ]);
    };
    expect(await paste(`${CREAM};11`)).toEqual([[2400, 11 * 2400]]);
    expect(await paste(`${CREAM};12`)).toEqual([[2250, 12 * 2250]]);
    expect(await paste(`${CREAM};48`)).toEqual([[2100, 48 * 2100]]);
    // 6 + 6 become one cart line of 12: both rows at the 12+ price, as the cart will charge.
    expect(await paste(`${CREAM};6\n${CREAM};6`)).toEqual([
      [2250, 6 * 2250],
      [2250, 6 * 2250],
    ]);
    // A refused row (quantity 0) adds nothing to the sum.
    expect(await paste(`${CREAM};11\n${CREAM};0`)).toEqual([[2400, 11 * 2400]]);
  });

  describe("in the back office", () => {
    it("reads an entry and lists the tiered entries of a price list, staff only", async () => {
      const entry = await t.request("GET", ENTRY(CREAM), { token: staffToken });
      expect(entry.status).toBe(200);
      expect(entry.body).toMatchObject({
        "@type": "PriceListEntry",
        priceList: "EUR_CONTRACT",
        currencyCode: "EUR",
        variant: CREAM,
        product: "FIRM-LIFT-CREAM",
        price: 2400,
      });
      expect(entry.body.volumePrices).toHaveLength(3);
      const tiered = await t.request(
        "GET",
        `${ADMIN}/price-lists/EUR_CONTRACT/entries?tiered=true`,
        {
          token: staffToken,
        },
      );
      expect(tiered.body["hydra:member"].map((e: { variant: string }) => e.variant).sort()).toEqual(
        ["EYE-REVIVE-PATCHES-30-PAIRS", CREAM, MASK].sort(),
      );
      const search = await t.request(
        "GET",
        `${ADMIN}/price-lists/EUR_CONTRACT/entries?search=clay%20mask`,
        { token: staffToken },
      );
      expect(search.body["hydra:member"].map((e: { variant: string }) => e.variant)).toEqual([
        MASK,
      ]);
      expect((await t.request("GET", ENTRY(CREAM))).status).toBe(401);
      expect((await t.request("GET", ENTRY(CREAM), { as: USERS.spaAdmin })).status).toBe(401);
      expect((await t.request("GET", ENTRY("NO-SUCH-VARIANT"), { token: staffToken })).status).toBe(
        404,
      );
      expect(
        (await t.request("GET", `${ADMIN}/price-lists/NOPE/entries`, { token: staffToken })).status,
      ).toBe(404);
    });

    it("replaces an entry's tiers, the entry's price becomes the first tier's, the cart follows", async () => {
      const token = await newCart();
      const l = line((await add(token, MASK, 30)).body, MASK);
      expect(l.unitPrice).toBe(1390);
      const res = await putTiers(MASK, [
        { minQuantity: 1, maxQuantity: 9, price: 1450 },
        { minQuantity: 10, maxQuantity: 29, price: 1400 },
        { minQuantity: 30, price: 1300 },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.price).toBe(1450);
      expect(res.body.volumePrices).toEqual([
        { minQuantity: 1, maxQuantity: 9, price: 1450 },
        { minQuantity: 10, maxQuantity: 29, price: 1400 },
        { minQuantity: 30, maxQuantity: null, price: 1300 },
      ]);
      // The next cart change prices the line from the new tiers.
      expect(line((await change(token, l.id, 29)).body, MASK).unitPrice).toBe(1400);
      expect(line((await change(token, l.id, 30)).body, MASK).unitPrice).toBe(1300);
      const audit = await t.db
        .selectFrom("audit_events")
        .select(["entity_id", "action", "actor_type"])
        .where("entity_type", "=", "price_list_entry")
        .execute();
      expect(audit).toContainEqual({
        entity_id: `EUR_CONTRACT/${MASK}`,
        action: "volume_prices_changed",
        actor_type: "staff",
      });
      // No tiers: the entry keeps its (first tier's) price for every quantity.
      const cleared = await putTiers(MASK, []);
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ price: 1450, volumePrices: [] });
      expect(line((await change(token, l.id, 31)).body, MASK).unitPrice).toBe(1450);
    });

    const good = [
      { minQuantity: 1, maxQuantity: 11, price: 2400 },
      { minQuantity: 12, maxQuantity: 47, price: 2250 },
      { minQuantity: 48, price: 2100 },
    ];
    it.each<[string, unknown, { propertyPath: string; code: string }[]]>([
      [
        "overlapping tiers",
        [good[0], { ...good[1], minQuantity: 11 }, good[2]],
        [{ propertyPath: "volumePrices[0].maxQuantity", code: "volumePrices.overlap" }],
      ],
      [
        "a gap between tiers",
        [{ ...good[0], maxQuantity: 9 }, good[1], good[2]],
        [{ propertyPath: "volumePrices[0].maxQuantity", code: "volumePrices.gap" }],
      ],
      [
        "non-increasing quantities",
        [
          { minQuantity: 1, price: 2400 },
          { minQuantity: 48, price: 2250 },
          { minQuantity: 12, price: 2100 },
        ],
        [{ propertyPath: "volumePrices[2].minQuantity", code: "volumePrices.notIncreasing" }],
      ],
      [
        "a first tier not starting at 1",
        [{ ...good[0], minQuantity: 2 }, good[1], good[2]],
        [{ propertyPath: "volumePrices[0].minQuantity", code: "volumePrices.firstTier" }],
      ],
      [
        "a price of zero and a negative price",
        [good[0], { ...good[1], price: 0 }, { ...good[2], price: -5 }],
        [
          { propertyPath: "volumePrices[1].price", code: "volumePrices.price" },
          { propertyPath: "volumePrices[2].price", code: "volumePrices.price" },
        ],
      ],
      [
        "a price that is not whole cents",
        [good[0], { ...good[1], price: 22.5 }, good[2]],
        [{ propertyPath: "volumePrices[1].price", code: "volumePrices.price" }],
      ],
      [
        "a larger quantity at a higher price",
        [good[0], good[1], { ...good[2], price: 2300 }],
        [{ propertyPath: "volumePrices[2].price", code: "volumePrices.priceNotLower" }],
      ],
      [
        "a last tier with an end",
        [good[0], good[1], { ...good[2], maxQuantity: 300 }],
        [{ propertyPath: "volumePrices[2].maxQuantity", code: "volumePrices.lastOpen" }],
      ],
      [
        "an end below the start",
        [good[0], { ...good[1], maxQuantity: 10 }, good[2]],
        [{ propertyPath: "volumePrices[1].maxQuantity", code: "volumePrices.maxBelowMin" }],
      ],
      [
        "a quantity above the line maximum",
        [good[0], good[1], { ...good[2], minQuantity: 301 }],
        [{ propertyPath: "volumePrices[2].minQuantity", code: "volumePrices.quantity" }],
      ],
      [
        "a single tier",
        [{ minQuantity: 1, price: 2400 }],
        [{ propertyPath: "volumePrices", code: "volumePrices.count" }],
      ],
      [
        "eleven tiers",
        Array.from({ length: 11 }, (_, n) => ({ minQuantity: n * 10 + 1, price: 3000 - n * 10 })),
        [{ propertyPath: "volumePrices", code: "volumePrices.count" }],
      ],
      [
        "an unknown field",
        [good[0], { ...good[1], discount: 5 }, good[2]],
        [{ propertyPath: "volumePrices[1].discount", code: "field.unknown" }],
      ],
      ["no list", "1-11: 24.00", [{ propertyPath: "volumePrices", code: "field.type" }]],
    ])("refuses %s with field errors, changing nothing", async (_, volumePrices, violations) => {
      const problem = await t.refused(422, () => putTiers(CREAM, volumePrices));
      expect(problem.violations).toEqual(violations.map((v) => expect.objectContaining(v)));
    });

    it("explains a refusal in the reader's language", async () => {
      const problem = await t.refused(422, () =>
        putTiers(CREAM, [good[0], { ...good[1], minQuantity: 11 }, good[2]], "de"),
      );
      expect(problem.detail).toBe(
        "Dieser Staffelpreis überschneidet sich mit dem nächsten, der bei 11 beginnt.",
      );
    });

    it("refuses a missing body field, a shop token and an unknown entry", async () => {
      const missing = await t.refused(422, () =>
        t.request("PUT", `${ENTRY(CREAM)}/volume-prices`, { token: staffToken, body: {} }),
      );
      expect(missing.violations).toEqual([
        expect.objectContaining({ propertyPath: "volumePrices", code: "field.required" }),
      ]);
      await t.refused(401, () =>
        t.request("PUT", `${ENTRY(CREAM)}/volume-prices`, {
          as: USERS.spaAdmin,
          body: { volumePrices: [] },
        }),
      );
      await t.refused(404, () => putTiers("NO-SUCH-VARIANT", []));
    });
  });
});

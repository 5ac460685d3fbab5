import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const V = (code: string) => `/api/v2/shop/product-variants/${code}`;

describe.each(backends)("cart API on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  async function newCart(as: string = USERS.spaBuyer) {
    const res = await t.request("POST", "/api/v2/shop/orders", { as, body: {} });
    expect(res.status).toBe(201);
    return res.body.tokenValue as string;
  }
  async function add(
    token: string,
    variant: string,
    quantity: unknown,
    as: string = USERS.spaBuyer,
  ) {
    return t.request("POST", `/api/v2/shop/orders/${token}/items`, {
      as,
      body: { productVariant: V(variant), quantity },
    });
  }

  it("starts a cart in the company's currency and finds it by state=cart", async () => {
    const token = await newCart();
    const cart = (await t.request("GET", `/api/v2/shop/orders/${token}`, { as: USERS.spaBuyer }))
      .body;
    expect(cart).toMatchObject({
      "@id": `/api/v2/shop/orders/${token}`,
      state: "cart",
      checkoutState: "cart",
      paymentState: "cart",
      currencyCode: "EUR",
      number: null,
      minimalOrderValue: 50000,
      items: [],
      total: 0,
    });
    const list = await t.request("GET", "/api/v2/shop/orders?state=cart", { as: USERS.spaBuyer });
    expect(list.body["hydra:member"].map((o: { tokenValue: string }) => o.tokenValue)).toContain(
      token,
    );
    const usd = await newCart(USERS.retailAdmin);
    const retail = await t.request("GET", `/api/v2/shop/orders/${usd}`, { as: USERS.retailAdmin });
    expect(retail.body.currencyCode).toBe("USD");
  });

  it("adds an item at the contract price, merges the same variant and keeps totals equal to the lines", async () => {
    const token = await newCart();
    let res = await add(token, "FIRM-LIFT-SERUM-30ML", 10);
    expect(res.status).toBe(201);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      variant: V("FIRM-LIFT-SERUM-30ML"),
      quantity: 10,
      unitPrice: 1900,
      originalUnitPrice: 3900,
      subtotal: 19000,
    });
    res = await add(token, "FIRM-LIFT-SERUM-30ML", 5);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].quantity).toBe(15);
    res = await add(token, "GLOW-MINI-ROSE", 2);
    const cart = res.body;
    expect(cart.items).toHaveLength(2);
    expect(cart.itemsSubtotal).toBe(
      cart.items.reduce((a: number, i: { subtotal: number }) => a + i.subtotal, 0),
    );
    expect(cart.itemsTotal).toBe(
      cart.items.reduce((a: number, i: { total: number }) => a + i.total, 0),
    );
    expect(cart.total).toBe(
      cart.itemsTotal + cart.shippingTotal + cart.shippingTaxTotal + cart.taxTotal,
    );
    expect(cart.payments).toHaveLength(1);
    expect(cart.shipments).toHaveLength(1);
    expect(cart.payments[0].amount).toBe(cart.total);
  });

  it.each([
    ["zero", 0, "quantity.range"],
    ["301", 301, "quantity.range"],
    ["negative", -1, "quantity.range"],
    ["fraction", 1.5, "quantity.integer"],
    ["decimal comma", "1,5", "quantity.integer"],
    ["decimal point", "1.5", "quantity.integer"],
    ["string", "3", "quantity.integer"],
    ["null", null, "quantity.integer"],
    ["missing", undefined, "quantity.integer"],
  ])(
    "refuses a %s quantity with a violation and changes nothing",
    async (_name, quantity, code) => {
      const token = await newCart();
      const problem = await t.refused(422, () => add(token, "GLOW-MINI-ROSE", quantity));
      expect(problem.violations?.[0]).toMatchObject({ propertyPath: "quantity", code });
    },
  );

  it("refuses a line that would exceed 300 units in total", async () => {
    const token = await newCart();
    expect((await add(token, "GLOW-MINI-ROSE", 200)).status).toBe(201);
    const problem = await t.refused(422, () => add(token, "GLOW-MINI-ROSE", 101));
    expect(problem.violations?.[0]?.code).toBe("quantity.range");
  });

  it("refuses unknown and out-of-stock variants", async () => {
    const token = await newCart();
    const unknown = await t.refused(422, () => add(token, "NO-SUCH-SKU", 1));
    expect(unknown.violations?.[0]).toMatchObject({
      propertyPath: "productVariant",
      code: "variant.notFound",
    });
    const soldOut = await t.refused(422, () => add(token, "TRAVEL-CASE-CLASSIC-BLACK", 1));
    expect(soldOut.type).toBe("/problems/out-of-stock");
    expect(soldOut.detail).toContain("out of stock");
    const missing = await t.refused(422, () =>
      t.request("POST", `/api/v2/shop/orders/${token}/items`, {
        as: USERS.spaBuyer,
        body: { quantity: 1 },
      }),
    );
    expect(missing.violations?.[0]?.propertyPath).toBe("productVariant");
  });

  it("refuses more units than are in stock", async () => {
    const token = await newCart();
    await t.db
      .updateTable("product_variants")
      .set({ on_hand: 4 })
      .where("code", "=", "GLOW-MINI-MINT")
      .execute();
    const problem = await t.refused(422, () => add(token, "GLOW-MINI-MINT", 5));
    expect(problem.violations?.[0]?.code).toBe("variant.insufficientStock");
    expect(problem.detail).toContain("Only 4");
  });

  it("adds up to the stock when asked (a reorder): 18 of 48, then nothing more, and says how many are available", async () => {
    await t.db
      .updateTable("product_variants")
      .set({ on_hand: 18 })
      .where("code", "=", "AURA-LED-MASK-WHITE")
      .execute();
    const token = await newCart();
    const url = `/api/v2/shop/orders/${token}/items`;
    const upTo = (quantity: number, upToStock: unknown = true) =>
      t.request("POST", url, {
        as: USERS.spaBuyer,
        body: { productVariant: V("AURA-LED-MASK-WHITE"), quantity, upToStock },
      });
    // Without the flag, all or nothing as before.
    const whole = await t.refused(422, () => add(token, "AURA-LED-MASK-WHITE", 48));
    expect(whole.violations?.[0]?.code).toBe("variant.insufficientStock");
    // What the stock allows is added; the line says how many.
    const partly = await upTo(48);
    expect(partly.status, partly.raw).toBe(201);
    expect(partly.body.items).toHaveLength(1);
    expect(partly.body.items[0]).toMatchObject({ variant: V("AURA-LED-MASK-WHITE"), quantity: 18 });
    // Nothing left for this line: refused as without the flag.
    const none = await t.refused(422, () => upTo(1));
    expect(none.violations?.[0]?.code).toBe("variant.insufficientStock");
    const sold = await t.refused(422, () =>
      t.request("POST", url, {
        as: USERS.spaBuyer,
        body: { productVariant: V("TRAVEL-CASE-CLASSIC-BLACK"), quantity: 2, upToStock: true },
      }),
    );
    expect(sold.type).toBe("/problems/out-of-stock");
    const bad = await t.refused(422, () => upTo(2, "yes"));
    expect(bad.violations?.[0]).toMatchObject({ propertyPath: "upToStock", code: "field.type" });
    // The line maximum (300) counts as the stock does, in bulk too.
    const bulk = await t.request("POST", `/api/v2/shop/orders/${token}/items-bulk`, {
      as: USERS.spaBuyer,
      body: { items: [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 300 }], upToStock: true },
    });
    expect(bulk.status, bulk.raw).toBe(201);
    const more = await t.request("POST", `/api/v2/shop/orders/${token}/items-bulk`, {
      as: USERS.spaBuyer,
      body: {
        items: [
          { productVariant: V("GLOW-MINI-MINT"), quantity: 2 },
          { productVariant: V("GLOW-MINI-ROSE"), quantity: 5 },
        ],
        upToStock: true,
      },
    });
    expect(more.status).toBe(422);

    // The preview's question: how many of each wanted quantity a line could take now.
    const check = await t.request("POST", "/api/v2/shop/stock-check", {
      as: USERS.spaBuyer,
      body: {
        items: [
          { productVariant: V("AURA-LED-MASK-WHITE"), quantity: 48 },
          { productVariant: V("SONIC-BRUSH-PRO-WHITE"), quantity: 2 },
          { productVariant: V("TRAVEL-CASE-CLASSIC-BLACK"), quantity: 2 },
          { productVariant: V("NO-SUCH-SKU"), quantity: 2 },
        ],
      },
    });
    expect(check.status, check.raw).toBe(200);
    expect(
      check.body.items.map((i: { variantCode: string; quantity: number; available: number }) => [
        i.variantCode,
        i.quantity,
        i.available,
      ]),
    ).toEqual([
      ["AURA-LED-MASK-WHITE", 48, 18],
      ["SONIC-BRUSH-PRO-WHITE", 2, 2],
      ["TRAVEL-CASE-CLASSIC-BLACK", 2, 0],
      ["NO-SUCH-SKU", 2, 0],
    ]);
    await t.refused(401, () =>
      t.request("POST", "/api/v2/shop/stock-check", {
        body: { items: [{ productVariant: V("AURA-LED-MASK-WHITE"), quantity: 1 }] },
      }),
    );
    await t.refused(422, () =>
      t.request("POST", "/api/v2/shop/stock-check", {
        as: USERS.spaBuyer,
        body: { items: [{ productVariant: V("AURA-LED-MASK-WHITE"), quantity: 1.5 }] },
      }),
    );
  });

  it("refuses wrong body types, unknown fields, bad JSON and oversized bodies", async () => {
    const token = await newCart();
    const url = `/api/v2/shop/orders/${token}/items`;
    await t.refused(422, () => t.request("POST", url, { as: USERS.spaBuyer, body: [1, 2] }));
    await t.refused(422, () =>
      t.request("POST", url, { as: USERS.spaBuyer, body: { productVariant: 5, quantity: 1 } }),
    );
    const extra = await t.refused(422, () =>
      t.request("POST", url, {
        as: USERS.spaBuyer,
        body: { productVariant: V("GLOW-MINI-ROSE"), quantity: 1, price: 1 },
      }),
    );
    expect(extra.violations?.[0]).toMatchObject({ propertyPath: "price", code: "field.unknown" });
    await t.refused(400, () =>
      t.request("POST", url, {
        as: USERS.spaBuyer,
        body: "{not json",
        headers: { "content-type": "application/json" },
      }),
    );
    await t.refused(413, () =>
      t.request("POST", url, {
        as: USERS.spaBuyer,
        body: { productVariant: "x".repeat(300_000), quantity: 1 },
      }),
    );
    await t.refused(415, () =>
      t.request("POST", url, {
        as: USERS.spaBuyer,
        body: "quantity=1",
        headers: { "content-type": "text/plain" },
      }),
    );
  });

  it("changes a line's quantity with merge-patch and removes lines", async () => {
    const token = await newCart();
    const cart = (await add(token, "GLOW-MINI-PEARL", 3)).body;
    const id = cart.items[0].id;
    const patched = await t.request("PATCH", `/api/v2/shop/orders/${token}/items/${id}`, {
      as: USERS.spaBuyer,
      body: JSON.stringify({ quantity: 7 }),
      headers: { "content-type": "application/merge-patch+json" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.items[0].quantity).toBe(7);
    expect(patched.body.itemsSubtotal).toBe(7 * patched.body.items[0].unitPrice);
    await t.refused(422, () =>
      t.request("PATCH", `/api/v2/shop/orders/${token}/items/${id}`, {
        as: USERS.spaBuyer,
        body: { quantity: 0 },
      }),
    );
    await t.refused(404, () =>
      t.request("PATCH", `/api/v2/shop/orders/${token}/items/999999`, {
        as: USERS.spaBuyer,
        body: { quantity: 1 },
      }),
    );
    const removed = await t.request("DELETE", `/api/v2/shop/orders/${token}/items/${id}`, {
      as: USERS.spaBuyer,
    });
    expect(removed.status).toBe(204);
    const after = (await t.request("GET", `/api/v2/shop/orders/${token}`, { as: USERS.spaBuyer }))
      .body;
    expect(after.items).toEqual([]);
    expect(after.total).toBe(0);
    expect(after.payments).toEqual([]);
  });

  it("adds in bulk, all or nothing, with each bad line named", async () => {
    const token = await newCart();
    const url = `/api/v2/shop/orders/${token}/items-bulk`;
    const ok = await t.request("POST", url, {
      as: USERS.spaBuyer,
      body: {
        items: [
          { productVariant: V("GLOW-MINI-ROSE"), quantity: 2 },
          { productVariant: "SONIC-BRUSH-PRO-WHITE", quantity: 3 },
        ],
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([2, 3]);
    const bad = await t.refused(422, () =>
      t.request("POST", url, {
        as: USERS.spaBuyer,
        body: {
          items: [
            { productVariant: V("GLOW-MINI-ROSE"), quantity: 1 },
            { productVariant: V("NOPE"), quantity: 1 },
            { productVariant: V("GLOW-MINI-MINT"), quantity: 0 },
          ],
        },
      }),
    );
    expect(bad.violations?.map((v) => v.propertyPath)).toEqual([
      "items[1].productVariant",
      "items[2].quantity",
    ]);
    const onlyBad = await t.refused(422, () =>
      t.request("POST", url, {
        as: USERS.spaBuyer,
        body: { items: [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 0 }] },
      }),
    );
    expect(onlyBad.violations?.map((v) => v.propertyPath)).toEqual(["items[0].quantity"]);
    await t.refused(422, () => t.request("POST", url, { as: USERS.spaBuyer, body: { items: [] } }));
    await t.refused(422, () =>
      t.request("POST", url, { as: USERS.spaBuyer, body: { items: "x" } }),
    );
    const tooMany = Array.from({ length: 1001 }, () => ({
      productVariant: V("GLOW-MINI-ROSE"),
      quantity: 1,
    }));
    await t.refused(422, () =>
      t.request("POST", url, { as: USERS.spaBuyer, body: { items: tooMany } }),
    );
  });

  it("refuses bulk add to MARKETING users with 403", async () => {
    const token = await newCart(USERS.spaMarketing);
    expect((await add(token, "GLOW-MINI-ROSE", 1, USERS.spaMarketing)).status).toBe(201);
    await t.refused(403, () =>
      t.request("POST", `/api/v2/shop/orders/${token}/items-bulk`, {
        as: USERS.spaMarketing,
        body: { items: [{ productVariant: V("GLOW-MINI-ROSE"), quantity: 1 }] },
      }),
    );
  });

  it("hides a cart from colleagues and other companies (404) and from visitors (401)", async () => {
    const token = await newCart(USERS.spaBuyer);
    await add(token, "GLOW-MINI-ROSE", 1);
    for (const as of [USERS.spaAdmin, USERS.retailAdmin]) {
      await t.refused(404, () => t.request("GET", `/api/v2/shop/orders/${token}`, { as }));
      await t.refused(404, () => t.request("GET", `/api/v2/shop/orders/${token}/items`, { as }));
      await t.refused(404, () => add(token, "GLOW-MINI-ROSE", 1, as));
      await t.refused(404, () => t.request("DELETE", `/api/v2/shop/orders/${token}`, { as }));
      await t.refused(404, () =>
        t.request("PUT", `/api/v2/shop/orders/${token}`, { as, body: { couponCode: "WELCOME10" } }),
      );
    }
    const list = await t.request("GET", "/api/v2/shop/orders?state=cart", {
      as: USERS.retailAdmin,
    });
    expect(
      list.body["hydra:member"].map((o: { tokenValue: string }) => o.tokenValue),
    ).not.toContain(token);
    await t.refused(401, () => t.request("GET", `/api/v2/shop/orders/${token}`));
    await t.refused(401, () => t.request("POST", "/api/v2/shop/orders", { body: {} }));
  });

  it("sets addresses by IRI or by fields, and validates them", async () => {
    const token = await newCart();
    await add(token, "GLOW-MINI-ROSE", 10);
    const byIri = await t.request("PUT", `/api/v2/shop/orders/${token}`, {
      as: USERS.spaBuyer,
      body: { shippingAddress: "/api/v2/shop/addresses/2" },
    });
    expect(byIri.status).toBe(200);
    expect(byIri.body.shippingAddress).toMatchObject({ city: "Hamburg", countryCode: "DE" });
    expect(byIri.body.billingAddress).toMatchObject({ city: "Berlin" }); // the company's default billing
    expect(byIri.body.shippingTotal).toBeGreaterThan(0);
    expect(byIri.body.taxTotal).toBe(
      Math.floor((byIri.body.itemsTotal * 1900 * 2 + 10000) / 20000),
    );

    const fields = {
      firstName: "Ida",
      lastName: "Roth",
      company: "Demo Spa GmbH",
      street: "Marienplatz 1",
      city: "München",
      postcode: "80331",
      countryCode: "DE",
    };
    const byFields = await t.request("PUT", `/api/v2/shop/orders/${token}`, {
      as: USERS.spaBuyer,
      body: { shippingAddress: fields },
    });
    expect(byFields.status).toBe(200);
    expect(byFields.body.shippingAddress.city).toBe("München");

    const bad = await t.refused(422, () =>
      t.request("PUT", `/api/v2/shop/orders/${token}`, {
        as: USERS.spaBuyer,
        body: { shippingAddress: { ...fields, firstName: "I", street: "", countryCode: "US" } },
      }),
    );
    expect(bad.violations?.map((v) => [v.propertyPath, v.code])).toEqual([
      ["shippingAddress.firstName", "field.tooShort"],
      ["shippingAddress.street", "field.required"],
      ["shippingAddress.provinceCode", "address.provinceRequired"],
    ]);
    await t.refused(422, () =>
      t.request("PUT", `/api/v2/shop/orders/${token}`, {
        as: USERS.spaBuyer,
        body: { shippingAddress: { ...fields, countryCode: "XX" } },
      }),
    );
    // Another company's address is not the caller's to use.
    await t.refused(422, () =>
      t.request("PUT", `/api/v2/shop/orders/${token}`, {
        as: USERS.spaBuyer,
        body: { shippingAddress: "/api/v2/shop/addresses/3" },
      }),
    );
  });

  it("ships to the US and Canada at 2.99 per unit", async () => {
    const token = await newCart(USERS.retailAdmin);
    await add(token, "FIRM-LIFT-SERUM-30ML", 12, USERS.retailAdmin);
    const res = await t.request("PUT", `/api/v2/shop/orders/${token}`, {
      as: USERS.retailAdmin,
      body: { shippingAddress: "/api/v2/shop/addresses/3" },
    });
    expect(res.status).toBe(200);
    expect(res.body.shippingTotal).toBe(12 * 299);
    expect(res.body.taxTotal).toBe(0);
    expect(res.body.items[0].unitPrice).toBe(2090);
  });

  it("applies, refuses and clears a coupon", async () => {
    const token = await newCart();
    await add(token, "FIRM-LIFT-SERUM-30ML", 10);
    const put = (couponCode: unknown) =>
      t.request("PUT", `/api/v2/shop/orders/${token}`, {
        as: USERS.spaBuyer,
        body: { couponCode },
      });
    const applied = await put("welcome10");
    expect(applied.status).toBe(200);
    expect(applied.body.couponCode).toBe("WELCOME10");
    expect(applied.body.orderPromotionTotal).toBe(-1900);
    expect(applied.body.itemsTotal).toBe(17100);
    const unknown = await t.refused(422, () => put("NOPE"));
    expect(unknown.violations?.[0]).toMatchObject({
      propertyPath: "couponCode",
      message: "Coupon code is invalid.",
    });
    await t.db
      .insertInto("coupons")
      .values({
        code: "OLD",
        name: "old",
        percentage_bp: 500,
        usage_limit: null,
        ends_at: new Date(Date.now() - 1000),
      })
      .execute();
    expect((await t.refused(422, () => put("OLD"))).violations?.[0]?.code).toBe("coupon.expired");
    const cleared = await put("");
    expect(cleared.body.couponCode).toBeNull();
    expect(cleared.body.orderPromotionTotal).toBe(0);
  });

  it("saves an order note of up to 500 characters", async () => {
    const token = await newCart();
    const note = (notes: unknown) =>
      t.request("POST", `/api/v2/shop/orders/${token}`, { as: USERS.spaBuyer, body: { notes } });
    expect((await note("x".repeat(500))).body.notes).toHaveLength(500);
    const problem = await t.refused(422, () => note("x".repeat(501)));
    expect(problem.violations?.[0]?.code).toBe("notes.tooLong");
    await t.refused(422, () => note(42));
    expect((await note(null)).body.notes).toBeNull();
  });

  it("sets the shipment and payment methods; MARKETING may not choose payment", async () => {
    const token = await newCart();
    const cart = (await add(token, "GLOW-MINI-ROSE", 1)).body;
    const shipment = await t.request(
      "PATCH",
      `/api/v2/shop/orders/${token}/shipments/${cart.shipments[0].id}`,
      {
        as: USERS.spaBuyer,
        body: { shippingMethod: "/api/v2/shop/shipping-methods/air_freight" },
      },
    );
    expect(shipment.status).toBe(200);
    await t.refused(422, () =>
      t.request("PATCH", `/api/v2/shop/orders/${token}/shipments/${cart.shipments[0].id}`, {
        as: USERS.spaBuyer,
        body: { shippingMethod: "/api/v2/shop/shipping-methods/teleport" },
      }),
    );
    const payment = await t.request(
      "PATCH",
      `/api/v2/shop/orders/${token}/payments/${cart.payments[0].id}`,
      {
        as: USERS.spaBuyer,
        body: { paymentMethod: "/api/v2/shop/payment-methods/invoice" },
      },
    );
    expect(payment.body.payments[0].method).toBe("/api/v2/shop/payment-methods/invoice");
    await t.refused(422, () =>
      t.request("PATCH", `/api/v2/shop/orders/${token}/payments/${cart.payments[0].id}`, {
        as: USERS.spaBuyer,
        body: { paymentMethod: "/api/v2/shop/payment-methods/bitcoin" },
      }),
    );
    const mToken = await newCart(USERS.spaMarketing);
    const mCart = (await add(mToken, "GLOW-MINI-ROSE", 1, USERS.spaMarketing)).body;
    await t.refused(403, () =>
      t.request("PATCH", `/api/v2/shop/orders/${mToken}/payments/${mCart.payments[0].id}`, {
        as: USERS.spaMarketing,
        body: { paymentMethod: "/api/v2/shop/payment-methods/invoice" },
      }),
    );
  });

  it("deletes a cart", async () => {
    const token = await newCart();
    await add(token, "GLOW-MINI-ROSE", 1);
    expect(
      (await t.request("DELETE", `/api/v2/shop/orders/${token}`, { as: USERS.spaBuyer })).status,
    ).toBe(204);
    await t.refused(404, () =>
      t.request("GET", `/api/v2/shop/orders/${token}`, { as: USERS.spaBuyer }),
    );
  });

  it("answers in the caller's language", async () => {
    const token = await newCart();
    const res = await t.request("POST", `/api/v2/shop/orders/${token}/items`, {
      as: USERS.spaBuyer,
      body: { productVariant: V("GLOW-MINI-ROSE"), quantity: 0 },
      headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.8" },
    });
    expect(res.body.detail).toBe("Die Menge muss zwischen 1 und 300 liegen.");
    const fr = await t.request("POST", `/api/v2/shop/orders/${token}/items`, {
      as: USERS.spaBuyer,
      body: { productVariant: V("GLOW-MINI-ROSE"), quantity: 0 },
      headers: { locale: "fr_FR" },
    });
    expect(fr.body.title).toBe("Échec de la validation");
  });
});

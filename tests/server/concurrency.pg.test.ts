import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { recordFigures } from "../reliability/figures.js";
import {
  couponUses,
  DEMO_PASSWORD,
  startTestApp,
  USERS,
  type TestApp,
} from "../support/test-app.js";

/** What the races showed, written to docs/reliability.md by `npm run test:reliability`. */
const figures: Record<string, number | string> = {};
function record(more: Record<string, number | string>) {
  Object.assign(figures, more);
  recordFigures("Concurrency", figures, "postgres");
}

/**
 * Races on a real PostgreSQL server over real HTTP (PGlite is one connection, so it cannot
 * race). Each test fires its requests at once and checks the invariants afterwards.
 */
describe.skipIf(!inject("pgUrl"))("concurrency on PostgreSQL", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp("postgres");
    base = await t.app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => t?.close());

  async function call(
    method: string,
    path: string,
    as: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(base + path, {
      method,
      headers: {
        authorization: `Bearer ${await t.token(as)}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async function readyCart(
    quantity: number,
    variant = "FIRM-LIFT-SERUM-30ML",
    as: string = USERS.spaBuyer,
  ) {
    const token = (await call("POST", "/api/v2/shop/orders", as, {})).body.tokenValue as string;
    const added = await call("POST", `/api/v2/shop/orders/${token}/items`, as, {
      productVariant: `/api/v2/shop/product-variants/${variant}`,
      quantity,
    });
    expect(added.status).toBe(201);
    expect(
      (
        await call("PUT", `/api/v2/shop/orders/${token}`, as, {
          shippingAddress: "/api/v2/shop/addresses/2",
        })
      ).status,
    ).toBe(200);
    await call("PATCH", `/api/v2/shop/orders/${token}/payments/${added.body.payments[0].id}`, as, {
      paymentMethod: "/api/v2/shop/payment-methods/invoice",
    });
    return token;
  }

  it("makes exactly one order from 20 parallel completions of one cart", async () => {
    const token = await readyCart(30);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("PATCH", `/api/v2/shop/orders/${token}/complete`, USERS.spaBuyer, {}),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const orders = await t.db
      .selectFrom("orders")
      .select(["number", "state"])
      .where("token_value", "=", token)
      .execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.state).toBe("new");
    record({ "parallel completions of one cart": 20, "orders made from it": orders.length });
  });

  it("answers 20 parallel retries with one Idempotency-Key with the same single order", async () => {
    const token = await readyCart(30);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          "PATCH",
          `/api/v2/shop/orders/${token}/complete`,
          USERS.spaBuyer,
          {},
          { "idempotency-key": `retry-${token}` },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.number)).size).toBe(1);
    record({
      "parallel retries with one Idempotency-Key": 20,
      "distinct orders answered": new Set(results.map((r) => r.body.number)).size,
    });
  });

  it("uses a coupon limited to one use once across 20 parallel completions", async () => {
    await t.db
      .insertInto("coupons")
      .values({ code: "RACE1", name: "race", percentage_bp: 1000, usage_limit: 1 })
      .execute();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => readyCart(30)));
    for (const token of tokens) {
      expect(
        (await call("PUT", `/api/v2/shop/orders/${token}`, USERS.spaBuyer, { couponCode: "RACE1" }))
          .status,
      ).toBe(200);
    }
    const results = await Promise.all(
      tokens.map((token) =>
        call("PATCH", `/api/v2/shop/orders/${token}/complete`, USERS.spaBuyer, {}),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 422)
        .every((r) => r.body.violations[0].propertyPath === "couponCode"),
    ).toBe(true);
    const coupon = await t.db
      .selectFrom("coupons")
      .select("used")
      .where("code", "=", "RACE1")
      .executeTakeFirstOrThrow();
    expect(coupon.used).toBe(1);
    record({ "carts racing for a one-use coupon": 20, "coupon uses": coupon.used });
  });

  it("gives a split order's coupon use back exactly once when its parts are cancelled at once", async () => {
    await t.db
      .insertInto("coupons")
      .values({ code: "SPLIT5", name: "split", percentage_bp: 500, usage_limit: 10, used: 5 })
      .execute();
    const token = await readyCart(30);
    await call("POST", `/api/v2/shop/orders/${token}/items`, USERS.spaBuyer, {
      productVariant: "/api/v2/shop/product-variants/HYDRA-BARRIER-CREAM-50ML",
      quantity: 10,
    });
    await call("POST", `/api/v2/shop/orders/${token}/items`, USERS.spaBuyer, {
      productVariant: "/api/v2/shop/product-variants/ENAMEL-CARE-TOOTHPASTE-75ML",
      quantity: 12,
    });
    expect(
      (await call("PUT", `/api/v2/shop/orders/${token}`, USERS.spaBuyer, { couponCode: "SPLIT5" }))
        .status,
    ).toBe(200);
    const placed = await call("PATCH", `/api/v2/shop/orders/${token}/complete`, USERS.spaBuyer, {});
    expect(placed.status).toBe(200);
    const used = () => couponUses(t.db, "SPLIT5");
    expect(await used()).toBe(6);
    const signIn = await fetch(`${base}/api/v2/admin/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "staff@brand.example", password: DEMO_PASSWORD }),
    });
    const staff = `Bearer ${((await signIn.json()) as { token: string }).token}`;
    const asStaff = async (path: string, body: unknown) => {
      const res = await fetch(base + path, {
        method: "POST",
        headers: { authorization: staff, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    // Every part holds some of the first line, so their cancellations return stock of one
    // variant at once (and must not deadlock on it).
    const [serum, cream, paste] = (placed.body.items as { id: number }[]).map((i) => i.id);
    const split = await asStaff(`/api/v2/admin/orders/${token}/split`, {
      parts: [
        { items: [{ id: serum, quantity: 10 }, { id: cream }] },
        { items: [{ id: serum, quantity: 10 }, { id: paste }] },
        { items: [{ id: serum, quantity: 10 }] },
      ],
    });
    expect(split.status).toBe(201);
    const parts = (split.body["hydra:member"] as { tokenValue: string }[]).map((p) => p.tokenValue);
    expect(parts).toHaveLength(3);
    const cancelled = await Promise.all(
      parts.map((part) =>
        asStaff(`/api/v2/admin/orders/${part}/transitions`, { transition: "cancel" }),
      ),
    );
    expect(cancelled.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await used()).toBe(5);
  });

  it("never sells more than the stock when 20 carts race for it", async () => {
    await t.db
      .updateTable("product_variants")
      .set({ on_hand: 100 })
      .where("code", "=", "SONIC-BRUSH-PRO-WHITE")
      .execute();
    const tokens = await Promise.all(
      Array.from({ length: 20 }, () => readyCart(30, "SONIC-BRUSH-PRO-WHITE")),
    );
    const results = await Promise.all(
      tokens.map((token) =>
        call("PATCH", `/api/v2/shop/orders/${token}/complete`, USERS.spaBuyer, {}),
      ),
    );
    const sold = results.filter((r) => r.status === 200).length;
    expect(sold).toBe(3); // 3 x 30 <= 100 < 4 x 30
    const left = await t.db
      .selectFrom("product_variants")
      .select("on_hand")
      .where("code", "=", "SONIC-BRUSH-PRO-WHITE")
      .executeTakeFirstOrThrow();
    expect(left.on_hand).toBe(10);
    expect(results.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    record({
      "carts racing for 100 units (30 each)": 20,
      "orders sold": sold,
      "stock left": left.on_hand,
    });
  });

  it("keeps totals equal to the sum of lines under parallel adds, changes and removals", async () => {
    const token = (await call("POST", "/api/v2/shop/orders", USERS.spaBuyer, {})).body
      .tokenValue as string;
    const variants = [
      "GLOW-MINI-ROSE",
      "GLOW-MINI-MINT",
      "FIRM-LIFT-SERUM-30ML",
      "SONIC-BRUSH-PRO-WHITE",
      "EYE-REVIVE-WAND-GOLD",
    ];
    const adds = variants.flatMap((v) =>
      Array.from({ length: 4 }, () =>
        call("POST", `/api/v2/shop/orders/${token}/items`, USERS.spaBuyer, {
          productVariant: `/api/v2/shop/product-variants/${v}`,
          quantity: 2,
        }),
      ),
    );
    expect((await Promise.all(adds)).every((r) => r.status === 201)).toBe(true);
    const cart = (await call("GET", `/api/v2/shop/orders/${token}`, USERS.spaBuyer)).body;
    expect(cart.items.map((i: { quantity: number }) => i.quantity)).toEqual(Array(5).fill(8));
    const [first, second, ...rest] = cart.items as { id: number }[];
    await Promise.all([
      call("DELETE", `/api/v2/shop/orders/${token}/items/${first!.id}`, USERS.spaBuyer),
      call("PATCH", `/api/v2/shop/orders/${token}/items/${second!.id}`, USERS.spaBuyer, {
        quantity: 3,
      }),
      ...rest.map((i) =>
        call("PATCH", `/api/v2/shop/orders/${token}/items/${i.id}`, USERS.spaBuyer, {
          quantity: 1,
        }),
      ),
      call("PUT", `/api/v2/shop/orders/${token}`, USERS.spaBuyer, {
        couponCode: "WELCOME10",
        shippingAddress: "/api/v2/shop/addresses/2",
      }),
    ]);
    const after = (await call("GET", `/api/v2/shop/orders/${token}`, USERS.spaBuyer)).body;
    const sum = (k: string) =>
      after.items.reduce((a: number, i: Record<string, number>) => a + i[k]!, 0);
    expect(after.items).toHaveLength(4);
    expect(after.itemsSubtotal).toBe(sum("subtotal"));
    expect(after.itemsTotal).toBe(sum("total"));
    expect(after.taxTotal).toBe(sum("taxTotal"));
    expect(after.total).toBe(
      after.itemsTotal + after.shippingTotal + after.shippingTaxTotal + after.taxTotal,
    );
    expect(after.payments[0].amount).toBe(after.total);
    record({
      "parallel cart changes on one cart": adds.length + cart.items.length + 1,
      "totals equal the sum of lines": "yes",
    });
  });
});

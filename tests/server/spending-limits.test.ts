import { sql } from "kysely";
import { readyCart as cartReady } from "../support/carts.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { monthStart } from "../../server/domain/spending-limits.js";
import { testCard } from "../support/test-card.js";
import {
  backends,
  couponUses,
  DEMO_PASSWORD,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
} from "../support/test-app.js";

const VARIANT = "FIRM-LIFT-SERUM-30ML";
const CARD = "/api/v2/shop/payment/adyen/adyen_card";

/**
 * Spending limits and order approval (issue 21, part 1; decision 043): an order of a COMMERCIAL
 * user over a limit is placed awaiting approval; another ADMIN approves or rejects it, once.
 */
describe.each(backends)("spending limits and order approval on %s", (backend) => {
  let t: TestApp;
  let buyerId: number;
  let adminId: number;
  let marketingId: number;
  /** What one ready cart (30 units) totals, minor units. */
  let cartTotal: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    buyerId = await t.userId(USERS.spaBuyer);
    adminId = await t.userId(USERS.spaAdmin);
    marketingId = await t.userId(USERS.spaMarketing);
    const probe = await readyCart();
    cartTotal = (await t.request("GET", `/api/v2/shop/orders/${probe}`, { as: USERS.spaBuyer }))
      .body.total;
  });
  afterAll(async () => t?.close());
  // Every test sets the limits it needs; none are left from the one before.
  beforeEach(async () => {
    await t.db.updateTable("shop_users").set({ order_limit: null, monthly_limit: null }).execute();
  });

  /** A cart ready to complete (30 units, shipping address, invoice unless `card`). */
  const readyCart = (as: string = USERS.spaBuyer, method = "invoice") =>
    cartReady(t, { as, method, variant: VARIANT });
  const complete = (token: string, as: string = USERS.spaBuyer) =>
    t.request("PATCH", `/api/v2/shop/orders/${token}/complete`, { as, body: {} });
  const setLimits = (body: unknown, opts: { as?: string; id?: number; lang?: string } = {}) =>
    t.request("PUT", `/api/v2/shop/shop-users/${opts.id ?? buyerId}/spending-limits`, {
      as: opts.as ?? USERS.spaAdmin,
      body,
      headers: { "accept-language": opts.lang ?? "en" },
    });
  const approve = (token: string, as: string = USERS.spaAdmin) =>
    t.request("POST", `/api/v2/shop/approvals/${token}/approve`, { as, body: {} });
  const reject = (token: string, reason: unknown, as: string = USERS.spaAdmin, lang = "en") =>
    t.request("POST", `/api/v2/shop/approvals/${token}/reject`, {
      as,
      body: { reason },
      headers: { "accept-language": lang },
    });
  const onHand = async () =>
    (
      await t.db
        .selectFrom("product_variants")
        .select("on_hand")
        .where("code", "=", VARIANT)
        .executeTakeFirstOrThrow()
    ).on_hand;
  const orderRow = (token: string) =>
    t.db
      .selectFrom("orders")
      .selectAll()
      .where("token_value", "=", token)
      .executeTakeFirstOrThrow();
  const paymentsOf = (orderId: number) =>
    t.db.selectFrom("payments").selectAll().where("order_id", "=", orderId).execute();
  const auditsOf = (entityId: number | string, action: string) =>
    t.db
      .selectFrom("audit_events")
      .selectAll()
      .where("entity_id", "=", String(entityId))
      .where("action", "=", action)
      .execute();
  const mailsTo = (to: string, kind: string) =>
    t.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", to)
      .where("kind", "=", kind)
      .orderBy("id")
      .execute();
  /** What the buyer's orders placed this month total, as the rule sums them. */
  const spentThisMonth = async () => {
    const row = await t.db
      .selectFrom("orders")
      .select(sql<string>`coalesce(sum(total), 0)`.as("s"))
      .where("shop_user_id", "=", buyerId)
      .where("checkout_completed_at", ">=", monthStart(new Date()))
      .where("state", "not in", ["cart", "cancelled"])
      .executeTakeFirstOrThrow();
    return Number(row.s);
  };

  it("lets an ADMIN set and clear a COMMERCIAL user's limits, audited; the team list shows them", async () => {
    const set = await setLimits({ orderLimit: 50_000, monthlyLimit: 200_000 });
    expect(set.status, set.raw).toBe(200);
    expect(set.body).toMatchObject({ orderLimit: 50_000, monthlyLimit: 200_000 });
    const list = await t.request("GET", "/api/v2/shop/shop-users", { as: USERS.spaAdmin });
    const buyer = list.body["hydra:member"].find((u: { id: number }) => u.id === buyerId);
    expect(buyer).toMatchObject({ orderLimit: 50_000, monthlyLimit: 200_000 });
    const [audit] = await auditsOf(buyerId, "spending_limits.change");
    expect(audit).toMatchObject({
      actor_type: "user",
      actor_id: adminId,
      company_id: 1,
      before: { orderLimit: null, monthlyLimit: null },
      after: { orderLimit: 50_000, monthlyLimit: 200_000 },
    });
    const cleared = await setLimits({ orderLimit: null });
    expect(cleared.body).toMatchObject({ orderLimit: null, monthlyLimit: null });
  });

  it("refuses bad limits in the caller's language, and limits for ADMINs and MARKETING users, changing nothing", async () => {
    const bad = await t.refused(422, () =>
      setLimits({ orderLimit: 0, monthlyLimit: "lots" }, { lang: "de" }),
    );
    expect(bad.violations?.map((v) => [v.propertyPath, v.code])).toEqual([
      ["orderLimit", "spendingLimit.range"],
      ["monthlyLimit", "field.type"],
    ]);
    expect(bad.violations?.[0]?.message).toContain("Ausgabenlimit");
    // A month's limit below the order's (issue 30), in the caller's language.
    const below = await t.refused(422, () =>
      setLimits({ orderLimit: 100_000, monthlyLimit: 50_000 }, { lang: "de" }),
    );
    expect(below.violations?.map((v) => [v.propertyPath, v.code])).toEqual([
      ["monthlyLimit", "spendingLimit.monthBelowOrder"],
    ]);
    expect(below.violations?.[0]?.message).toContain("Monatslimit");
    // Equal is fine: one order may use the whole month.
    expect((await setLimits({ orderLimit: 50_000, monthlyLimit: 50_000 })).status).toBe(200);
    await setLimits({ orderLimit: null, monthlyLimit: null });
    expectProblem(await setLimits({ orderLimit: 1.5 }), 422);
    expectProblem(await setLimits({ orderLimit: 1_000_000_001 }), 422);
    expectProblem(await setLimits({ perOrder: 100 }), 422);
    const marketing = await t.refused(422, () =>
      setLimits({ orderLimit: 100 }, { id: marketingId }),
    );
    expect(marketing.violations?.[0]?.code).toBe("spendingLimit.onlyCommercial");
    // Their own row: 403 (an ADMIN has no limit anyway).
    await t.refused(403, () => setLimits({ orderLimit: 100 }, { id: adminId }));
    // Another company's user: 404.
    const retailId = await t.userId(USERS.retailAdmin);
    await t.refused(404, () => setLimits({ orderLimit: 100 }, { id: retailId }));
  });

  it("refuses limits and approvals to every role but ADMIN", async () => {
    for (const as of [USERS.spaBuyer, USERS.spaMarketing]) {
      await t.refused(403, () => setLimits({ orderLimit: 100 }, { as, id: buyerId }));
      await t.refused(403, () => t.request("GET", "/api/v2/shop/approvals", { as }));
      await t.refused(403, () => approve("anything", as));
      await t.refused(403, () => reject("anything", "no", as));
    }
    expectProblem(await t.request("GET", "/api/v2/shop/approvals"), 401);
  });

  it("tells a limited buyer their limits and this month's orders, for checkout to warn beforehand", async () => {
    const me = async (as: string) =>
      (await t.request("GET", `/api/v2/shop/customers/${await t.userId(as)}`, { as })).body;
    expect((await me(USERS.spaBuyer)).spendingLimits).toBeNull();
    expect((await setLimits({ orderLimit: 50_000, monthlyLimit: null })).status).toBe(200);
    // Without a monthly limit the month is not summed.
    expect((await me(USERS.spaBuyer)).spendingLimits).toEqual({
      orderLimit: 50_000,
      monthlyLimit: null,
      spentThisMonth: 0,
    });
    expect((await setLimits({ orderLimit: null, monthlyLimit: 9_000_000 })).status).toBe(200);
    const before = await spentThisMonth();
    expect((await me(USERS.spaBuyer)).spendingLimits).toEqual({
      orderLimit: null,
      monthlyLimit: 9_000_000,
      spentThisMonth: before,
    });
    // A placed order counts; a cart does not.
    const placed = await complete(await readyCart());
    expect(placed.status, placed.raw).toBe(200);
    await readyCart();
    expect((await me(USERS.spaBuyer)).spendingLimits.spentThisMonth).toBe(
      before + placed.body.total,
    );
    // Limits never apply to an ADMIN (nor to MARKETING): none is shown.
    expect((await me(USERS.spaAdmin)).spendingLimits).toBeNull();
  });

  it("places an order within the limits as any order", async () => {
    expect((await setLimits({ orderLimit: cartTotal, monthlyLimit: null })).status).toBe(200);
    const token = await readyCart();
    const placed = await complete(token);
    expect(placed.status, placed.raw).toBe(200);
    expect(placed.body).toMatchObject({ state: "new", approval: null });
    expect(await auditsOf(placed.body.id, "approval.request")).toEqual([]);
  });

  it("holds an order over the per-order limit: stock reserved, nothing due, ADMINs mailed and listed", async () => {
    expect((await setLimits({ orderLimit: cartTotal - 1 })).status).toBe(200);
    const token = await readyCart();
    const before = await onHand();
    const mailsBefore = (await mailsTo(USERS.spaAdmin, "approval_requested")).length;
    const placed = await complete(token);
    expect(placed.status, placed.raw).toBe(200);
    expect(placed.body).toMatchObject({
      state: "awaiting approval",
      checkoutState: "completed",
      approval: { state: "pending", reason: null, decidedBy: null },
      totalUnpaidAmount: 0,
    });
    expect(placed.body.number).toMatch(/\d/);
    expect(await onHand()).toBe(before - 30);
    const row = await orderRow(token);
    expect(row.payment_state).toBe("cart");
    expect((await paymentsOf(row.id)).map((p) => p.state)).toEqual(["cart"]);
    const [audit] = await auditsOf(row.id, "approval.request");
    expect(audit).toMatchObject({
      actor_id: buyerId,
      after: { exceeded: ["perOrder"], total: cartTotal, limits: { perOrder: cartTotal - 1 } },
    });
    const mails = await mailsTo(USERS.spaAdmin, "approval_requested");
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toContain(row.number!);
    expect(mails.at(-1)!.text_body).toContain("/shop/account/approvals");
    // The buyer is not mailed to approve their own order.
    expect(await mailsTo(USERS.spaBuyer, "approval_requested")).toEqual([]);
    const list = await t.request("GET", "/api/v2/shop/approvals", { as: USERS.spaAdmin });
    expect(list.status).toBe(200);
    const entry = list.body["hydra:member"].find(
      (a: { order: { tokenValue: string } }) => a.order.tokenValue === token,
    );
    expect(entry).toMatchObject({
      buyer: { email: USERS.spaBuyer, orderLimit: cartTotal - 1 },
      ownOrder: false,
    });
    expect(list.body["hydra:totalItems"]).toBeGreaterThanOrEqual(1);
    // The back office does not move it along, take payments for it or split it (it may only
    // withdraw it: tests/server/held-orders.test.ts).
    const staff = await staffToken();
    for (const [path, body] of [
      ["transitions", { to: "approved" }],
      ["transitions", { to: "shipped" }],
      ["payments", { amount: 100 }],
      ["split", { parts: [[{ item: placed.body.items[0].id, quantity: 10 }]] }],
    ] as const) {
      const res = await t.refused(409, () =>
        t.request("POST", `/api/v2/admin/orders/${token}/${path}`, { token: staff, body }),
      );
      expect(res.detail).toContain("approval");
    }
    // The buyer cannot pay it by card before approval.
    await t.refused(409, () => t.request("GET", `${CARD}/${token}`, { as: USERS.spaBuyer }));
    // Another company sees none of it.
    const other = await t.request("GET", "/api/v2/shop/approvals", { as: USERS.retailAdmin });
    expect(other.body["hydra:totalItems"]).toBe(0);
    await t.refused(404, () => approve(token, USERS.retailAdmin));
  });

  it("approves a held invoice order: it proceeds as any order, invoice due, buyer mailed, audited", async () => {
    expect((await setLimits({ orderLimit: 1 })).status).toBe(200);
    const token = await readyCart();
    expect((await complete(token)).body.state).toBe("awaiting approval");
    const approved = await approve(token);
    expect(approved.status, approved.raw).toBe(200);
    expect(approved.body).toMatchObject({
      state: "new",
      paymentState: "awaiting_payment",
      approval: { state: "approved", decidedBy: `/api/v2/shop/shop-users/${adminId}` },
    });
    expect(approved.body.totalUnpaidAmount).toBe(approved.body.total);
    const row = await orderRow(token);
    const [payment] = await paymentsOf(row.id);
    expect(payment).toMatchObject({ state: "new", method_code: "invoice" });
    expect(payment!.due_date).not.toBeNull();
    const invoice = await t.request("GET", `/customer-admin/invoice/${token}/download`, {
      as: USERS.spaAdmin,
    });
    expect(invoice.status).toBe(200);
    expect(String(invoice.headers["content-type"])).toContain("application/pdf");
    const [audit] = await auditsOf(row.id, "approval.approve");
    expect(audit).toMatchObject({ actor_id: adminId, after: { state: "new", payByCard: false } });
    const [mail] = await mailsTo(USERS.spaBuyer, "order_approved");
    expect(mail!.subject).toContain(row.number!);
    // The back office moves it along now.
    const staff = await staffToken();
    const moved = await t.request("POST", `/api/v2/admin/orders/${token}/transitions`, {
      token: staff,
      body: { to: "approved" },
    });
    expect(moved.status, moved.raw).toBe(200);
    // Decided once: a second decision is refused, changing nothing.
    const again = await t.refused(409, () => reject(token, "too late"));
    expect(again.detail).toContain("no longer awaiting approval");
  });

  it("rejects a held order with a reason: stock released, payments cancelled, buyer mailed, audited", async () => {
    expect((await setLimits({ orderLimit: 1 })).status).toBe(200);
    const token = await readyCart();
    const before = await onHand();
    expect((await complete(token)).body.state).toBe("awaiting approval");
    expect(await onHand()).toBe(before - 30);
    const missing = await t.refused(422, () => reject(token, "   ", USERS.spaAdmin, "fr"));
    expect(missing.violations?.[0]).toMatchObject({
      propertyPath: "reason",
      code: "approval.reasonRequired",
    });
    expect(missing.violations?.[0]?.message).toContain("motif");
    await t.refused(422, () => reject(token, "x".repeat(501)));
    await t.refused(422, () => reject(token, 42));
    const rejected = await reject(token, "  Please split it into two orders.  ");
    expect(rejected.status, rejected.raw).toBe(200);
    expect(rejected.body).toMatchObject({
      state: "cancelled",
      approval: { state: "rejected", reason: "Please split it into two orders." },
    });
    expect(await onHand()).toBe(before);
    const row = await orderRow(token);
    expect((await paymentsOf(row.id)).map((p) => p.state)).toEqual(["cancelled"]);
    const [audit] = await auditsOf(row.id, "approval.reject");
    expect(audit).toMatchObject({
      actor_id: adminId,
      after: {
        state: "cancelled",
        reason: "Please split it into two orders.",
        returnedStock: [{ variant: VARIANT, quantity: 30 }],
      },
    });
    const [mail] = await mailsTo(USERS.spaBuyer, "order_rejected");
    expect(mail!.text_body).toContain("Please split it into two orders.");
    await t.refused(409, () => approve(token));
  });

  it("gives the coupon's use back when rejecting, keeps it when approving", async () => {
    expect((await setLimits({ orderLimit: 1 })).status).toBe(200);
    const used = () => couponUses(t.db, "WELCOME10");
    const withCoupon = async () => {
      const token = await readyCart();
      const put = await t.request("PUT", `/api/v2/shop/orders/${token}`, {
        as: USERS.spaBuyer,
        body: { couponCode: "WELCOME10" },
      });
      expect(put.status, put.raw).toBe(200);
      expect((await complete(token)).body.state).toBe("awaiting approval");
      return token;
    };
    const start = await used();
    const rejected = await withCoupon();
    expect(await used()).toBe(start + 1);
    expect((await reject(rejected, "Not this month.")).status).toBe(200);
    expect(await used()).toBe(start);
    const [audit] = await auditsOf((await orderRow(rejected)).id, "approval.reject");
    expect(audit!.after).toMatchObject({ couponReleased: "WELCOME10" });
    const approved = await withCoupon();
    expect((await approve(approved)).status).toBe(200);
    expect(await used()).toBe(start + 1);
  });

  it("refuses self-approval: a buyer made ADMIN cannot decide on their own held order", async () => {
    expect((await setLimits({ orderLimit: 1 })).status).toBe(200);
    const token = await readyCart();
    expect((await complete(token)).body.state).toBe("awaiting approval");
    const promote = (roles: string[]) =>
      t.request("PUT", `/api/v2/shop/shop-users/${buyerId}`, {
        as: USERS.spaAdmin,
        body: { roles },
      });
    expect((await promote(["ADMIN", "COMMERCIAL"])).status).toBe(200);
    try {
      const list = await t.request("GET", "/api/v2/shop/approvals", { as: USERS.spaBuyer });
      const own = list.body["hydra:member"].find(
        (a: { order: { tokenValue: string } }) => a.order.tokenValue === token,
      );
      expect(own.ownOrder).toBe(true);
      const problem = await t.refused(403, () => approve(token, USERS.spaBuyer));
      expect(problem.type).toBe("/problems/own-order");
      await t.refused(403, () => reject(token, "mine", USERS.spaBuyer));
      // As an ADMIN their next order is not held.
      const next = await readyCart();
      expect((await complete(next)).body.state).toBe("new");
    } finally {
      expect((await promote(["COMMERCIAL"])).status).toBe(200);
    }
    expect((await approve(token)).status).toBe(200);
  });

  it("gives exactly one decision when two ADMINs decide at once", async () => {
    // A second ADMIN of the company.
    const made = await t.request("PUT", `/api/v2/shop/shop-users/${marketingId}`, {
      as: USERS.spaAdmin,
      body: { roles: ["ADMIN"] },
    });
    expect(made.status).toBe(200);
    try {
      expect((await setLimits({ orderLimit: 1 })).status).toBe(200);
      for (let round = 0; round < 3; round++) {
        const token = await readyCart();
        expect((await complete(token)).body.state).toBe("awaiting approval");
        const answers = await Promise.all([
          approve(token, USERS.spaAdmin),
          reject(token, "No budget left", USERS.spaMarketing),
        ]);
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses, answers.map((a) => a.raw).join("\n")).toEqual([200, 409]);
        const row = await orderRow(token);
        const decisions = [
          ...(await auditsOf(row.id, "approval.approve")),
          ...(await auditsOf(row.id, "approval.reject")),
        ];
        expect(decisions).toHaveLength(1);
        expect(row.state).toBe(decisions[0]!.action === "approval.approve" ? "new" : "cancelled");
      }
    } finally {
      await t.request("PUT", `/api/v2/shop/shop-users/${marketingId}`, {
        as: USERS.spaAdmin,
        body: { roles: ["MARKETING"] },
      });
    }
  });

  it("holds the second of two parallel orders that together cross the monthly limit", async () => {
    for (let round = 0; round < 3; round++) {
      const spent = await spentThisMonth();
      // Room for one more cart, not two.
      const monthly = spent + cartTotal + Math.floor(cartTotal / 2);
      expect((await setLimits({ orderLimit: null, monthlyLimit: monthly })).status).toBe(200);
      const [a, b] = [await readyCart(), await readyCart()];
      const answers = await Promise.all([complete(a), complete(b)]);
      expect(answers.map((x) => x.status)).toEqual([200, 200]);
      const states = answers.map((x) => x.body.state).sort();
      expect(states).toEqual(["awaiting approval", "new"]);
      const held = answers.find((x) => x.body.state === "awaiting approval")!;
      const [audit] = await auditsOf(held.body.id, "approval.request");
      expect(audit).toMatchObject({
        after: { exceeded: ["perMonth"], spentThisMonth: spent + cartTotal },
      });
      // The held one rejected: its amount no longer counts.
      expect((await reject(held.body.tokenValue, "Next month")).status).toBe(200);
      expect(await spentThisMonth()).toBe(spent + cartTotal);
    }
  });

  it("holds a card cart over the limit without charging; once approved the buyer pays it by card", async () => {
    expect((await setLimits({ orderLimit: 1 })).status).toBe(200);
    const token = await readyCart(USERS.spaBuyer, "adyen_card");
    // The card dialog and the card payment refuse it: nothing is charged before approval.
    const setup = await t.refused(422, () =>
      t.request("GET", `${CARD}/${token}`, { as: USERS.spaBuyer }),
    );
    expect(setup.type).toBe("/problems/approval-required");
    const paid = await t.refused(422, () =>
      t.request("POST", `${CARD}/${token}/payments`, {
        as: USERS.spaBuyer,
        body: testCard("4111111111111111"),
      }),
    );
    expect(paid.violations?.[0]?.code).toBe("approval.payAfterApproval");
    const placed = await complete(token);
    expect(placed.status, placed.raw).toBe(200);
    expect(placed.body.state).toBe("awaiting approval");
    expect(await t.db.selectFrom("card_payment_attempts").selectAll().execute()).toEqual([]);
    expect((await approve(token)).status).toBe(200);
    const [mail] = await mailsTo(USERS.spaBuyer, "order_approved");
    expect(mail).toBeDefined();
    const cardMails = await mailsTo(USERS.spaBuyer, "order_approved");
    expect(cardMails.at(-1)!.text_body).toContain("/shop/account/payments");
    const open = await t.request("GET", `${CARD}/${token}`, { as: USERS.spaBuyer });
    expect(open.status, open.raw).toBe(200);
    expect(open.body).toMatchObject({ flow: "pay_now", amount: { value: placed.body.total } });
    const settled = await t.request("POST", `${CARD}/${token}/payments`, {
      as: USERS.spaBuyer,
      body: testCard("4111111111111111"),
    });
    expect(settled.status, settled.raw).toBe(200);
    expect((await orderRow(token)).payment_state).toBe("paid");
  });

  it("a card cart within the limits is still paid by card, never completed without paying", async () => {
    expect((await setLimits({ orderLimit: cartTotal })).status).toBe(200);
    const token = await readyCart(USERS.spaBuyer, "adyen_card");
    const problem = await t.refused(422, () => complete(token));
    expect(problem.violations?.[0]?.code).toBe("checkout.payByCard");
  });

  /** A back-office token (the demo staff user). */
  async function staffToken() {
    const res = await t.request("POST", "/api/v2/admin/token", {
      body: { email: "staff@brand.example", password: DEMO_PASSWORD },
    });
    expect(res.status, res.raw).toBe(200);
    return res.body.token as string;
  }
});

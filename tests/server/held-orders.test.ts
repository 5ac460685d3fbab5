import { readyCart as cartReady } from "../support/carts.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expireHeldOrders } from "../../server/db/approvals.js";
import { backends, DEMO_PASSWORD, startTestApp, USERS, type TestApp } from "../support/test-app.js";

const VARIANT = "FIRM-LIFT-SERUM-30ML";
const ADMIN = "/api/v2/admin";
const DAY = 86_400_000;

/**
 * Held orders end (security round three, finding B; decision 059): an order held over a
 * spending limit reserves stock and a coupon use, so a buyer may hold at most
 * HELD_ORDERS_PER_BUYER (3) at once, the brand's staff may withdraw one, and one nobody decided
 * on within HELD_ORDER_DAYS (14) expires. Each end gives the stock back, mails the buyer and the
 * company's ADMINs in their language and is audited.
 */
describe.each(backends)("held orders end on %s", (backend) => {
  let t: TestApp;
  let buyerId: number;
  let staffToken: string;
  let cartTotal: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    buyerId = await t.userId(USERS.spaBuyer);
    const res = await t.request("POST", `${ADMIN}/token`, {
      body: { email: "staff@brand.example", password: DEMO_PASSWORD },
    });
    expect(res.status, res.raw).toBe(200);
    staffToken = res.body.token;
    const probe = await readyCart();
    cartTotal = (await t.request("GET", `/api/v2/shop/orders/${probe}`, { as: USERS.spaBuyer }))
      .body.total;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    // Every test starts with no held order and a per-order limit below one cart.
    await t.db
      .updateTable("orders")
      .set({ state: "cancelled" })
      .where("state", "=", "awaiting approval")
      .execute();
    await t.db
      .updateTable("shop_users")
      .set({ order_limit: cartTotal - 1, monthly_limit: null })
      .where("id", "=", buyerId)
      .execute();
  });

  /** A cart of 30 units ready to complete by invoice. */
  const readyCart = (as: string = USERS.spaBuyer) => cartReady(t, { as, variant: VARIANT });
  const complete = (token: string, lang = "en") =>
    t.request("PATCH", `/api/v2/shop/orders/${token}/complete`, {
      as: USERS.spaBuyer,
      body: {},
      headers: { "accept-language": lang },
    });
  async function held() {
    const token = await readyCart();
    const placed = await complete(token);
    expect(placed.status, placed.raw).toBe(200);
    expect(placed.body.state).toBe("awaiting approval");
    return token;
  }
  const heldCount = async () =>
    (
      await t.db
        .selectFrom("orders")
        .select("id")
        .where("shop_user_id", "=", buyerId)
        .where("state", "=", "awaiting approval")
        .execute()
    ).length;
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
  const mailsOf = (kind: string, number: string) =>
    t.db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject", "text_body"])
      .where("kind", "=", kind)
      .where("text_body", "like", `%${number}%`)
      .orderBy("id")
      .execute();
  const staff = (token: string, body: unknown) =>
    t.request("POST", `${ADMIN}/orders/${token}/transitions`, { token: staffToken, body });

  it("holds at most three orders of one buyer at once; the fourth is refused in the buyer's language and stays a cart", async () => {
    for (let i = 0; i < 3; i++) await held();
    const fourth = await readyCart();
    const refused = await complete(fourth, "de");
    expect(refused.status, refused.raw).toBe(422);
    expect(refused.body.violations[0]).toMatchObject({ propertyPath: "items" });
    expect(refused.body.violations[0].message).toMatch(/3/);
    expect(refused.body.violations[0].message).toMatch(/Freigabe/);
    expect((await orderRow(fourth)).state).toBe("cart");
    expect(await heldCount()).toBe(3);
  });

  it("staff withdraw a held order with a reason: cancelled, stock given back, buyer and ADMIN mailed, audited", async () => {
    const token = await held();
    const before = await onHand();
    const moved = await staff(token, { transition: "cancel", reason: "Discontinued shade" });
    expect(moved.status, moved.raw).toBe(200);
    const row = await orderRow(token);
    expect(row).toMatchObject({
      state: "cancelled",
      approval_state: "withdrawn",
      approval_reason: "Discontinued shade",
      approval_decided_by: null,
    });
    expect(await onHand()).toBe(before + 30);
    const mails = await mailsOf("held_order_withdrawn", row.number!);
    expect(mails.map((m) => m.to_address).sort()).toEqual([USERS.spaAdmin, USERS.spaBuyer].sort());
    expect(mails[0]!.text_body).toContain("Discontinued shade");
    const audit = await t.db
      .selectFrom("audit_events")
      .selectAll()
      .where("entity_id", "=", String(row.id))
      .where("action", "=", "approval.withdraw")
      .executeTakeFirstOrThrow();
    expect(audit.actor_type).toBe("staff");
    // The buyer reads what became of it.
    const seen = await t.request("GET", `/api/v2/shop/orders/${token}`, { as: USERS.spaBuyer });
    expect(seen.body.approval).toMatchObject({ state: "withdrawn", reason: "Discontinued shade" });
    // Once ended, it cannot be withdrawn again.
    expect((await staff(token, { transition: "cancel" })).status).toBe(409);
  });

  it("staff still cannot approve or move on a held order; a reason with hidden characters is refused", async () => {
    const token = await held();
    const approved = await staff(token, { to: "approved" });
    expect(approved.status, approved.raw).toBe(409);
    expect(approved.body.detail).toMatch(/only cancel/);
    const hidden = await staff(token, { transition: "cancel", reason: "a\u202eb" });
    expect(hidden.status, hidden.raw).toBe(422);
    expect((await orderRow(token)).state).toBe("awaiting approval");
  });

  it("expires orders nobody decided on within the days allowed, once, and leaves younger ones", async () => {
    const old = await held();
    const young = await held();
    await t.db
      .updateTable("orders")
      .set({ checkout_completed_at: new Date(Date.now() - 15 * DAY) })
      .where("token_value", "=", old)
      .execute();
    const before = await onHand();
    const mail = { publicUrl: "http://portal.test", brandName: "Brand" };
    expect(await expireHeldOrders(t.db, 14, mail)).toBe(1);
    expect(await expireHeldOrders(t.db, 14, mail)).toBe(0);
    const row = await orderRow(old);
    expect(row).toMatchObject({ state: "cancelled", approval_state: "expired" });
    expect(await onHand()).toBe(before + 30);
    expect((await orderRow(young)).state).toBe("awaiting approval");
    const mails = await mailsOf("held_order_expired", row.number!);
    expect(mails.map((m) => m.to_address).sort()).toEqual([USERS.spaAdmin, USERS.spaBuyer].sort());
    expect(mails[0]!.text_body).toContain("14");
  });

  // PGlite answers one statement at a time: only PostgreSQL runs the completions side by side.
  if (backend === "postgres")
    it("lets only one of three parallel completions take the last place", async () => {
      await held();
      await held();
      const carts = await Promise.all([readyCart(), readyCart(), readyCart()]);
      const answers = await Promise.all(carts.map((c) => complete(c)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
      expect(await heldCount()).toBe(3);
    });
});

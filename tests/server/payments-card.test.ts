import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Notification } from "../../server/payments/gateway.js";
import { TestCardGateway } from "../../server/payments/test-gateway.js";
import {
  backends,
  DEMO_PASSWORD,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
} from "../support/test-app.js";
import { testCard as card } from "../support/test-card.js";

const V = (code: string) => `/api/v2/shop/product-variants/${code}`;
const BASE = "/api/v2/shop/payment/adyen";
const WEBHOOK = `${BASE}/webhook`;
const VARIANT = "FIRM-LIFT-SERUM-30ML";
const API_ORDERS = "/api/v2/shop/orders";

describe.each(backends)("card payments on %s", (backend) => {
  let t: TestApp;
  let gateway: TestCardGateway;
  beforeAll(async () => {
    t = await startTestApp(backend);
    gateway = t.app.cardGateway as TestCardGateway;
    expect(gateway).toBeInstanceOf(TestCardGateway);
  });
  afterAll(async () => t?.close());

  /** A cart ready to complete: items above the minimum and a shipping address. */
  async function cart(as: string = USERS.spaBuyer, quantity = 30) {
    const token = (await t.request("POST", "/api/v2/shop/orders", { as, body: {} })).body
      .tokenValue as string;
    const added = await t.request("POST", `/api/v2/shop/orders/${token}/items`, {
      as,
      body: { productVariant: V(VARIANT), quantity },
    });
    expect(added.status).toBe(201);
    const address = as === USERS.retailAdmin ? 3 : 2;
    const put = await t.request("PUT", `/api/v2/shop/orders/${token}`, {
      as,
      body: { shippingAddress: `/api/v2/shop/addresses/${address}` },
    });
    expect(put.status).toBe(200);
    return { token, total: put.body.total as number };
  }
  const setup = (token: string, as: string = USERS.spaBuyer, method = "adyen_card") =>
    t.request("GET", `${BASE}/${method}/${token}`, { as });
  const pay = (
    token: string,
    body: unknown,
    opts: { as?: string; key?: string; method?: string } = {},
  ) =>
    t.request("POST", `${BASE}/${opts.method ?? "adyen_card"}/${token}/payments`, {
      as: opts.as ?? USERS.spaBuyer,
      body,
      headers: opts.key ? { "idempotency-key": opts.key } : {},
    });
  const details = (token: string, body: unknown, key?: string) =>
    t.request("POST", `${BASE}/adyen_card/${token}/details`, {
      as: USERS.spaBuyer,
      body,
      headers: key ? { "idempotency-key": key } : {},
    });
  const order = (token: string) =>
    t.db
      .selectFrom("orders")
      .selectAll()
      .where("token_value", "=", token)
      .executeTakeFirstOrThrow();
  const paymentsOf = async (token: string) =>
    t.db
      .selectFrom("payments")
      .innerJoin("orders", "orders.id", "payments.order_id")
      .select([
        "payments.state",
        "payments.amount",
        "payments.method_code",
        "payments.provider_reference",
      ])
      .where("orders.token_value", "=", token)
      .orderBy("payments.id")
      .execute();
  const stock = async () =>
    (
      await t.db
        .selectFrom("product_variants")
        .select("on_hand")
        .where("code", "=", VARIANT)
        .executeTakeFirstOrThrow()
    ).on_hand;
  const post = (notification: unknown) =>
    t.request("POST", WEBHOOK, { body: notification as object });
  /** Posts every notification the gateway has sent since the last call. */
  async function deliver(): Promise<Notification[]> {
    const sent = gateway.takeNotifications();
    for (const n of sent) {
      const res = await post(n);
      expect(res.status).toBe(200);
      expect(res.raw).toBe("[accepted]");
    }
    return sent;
  }
  /** Everything a card payment could change (the payment tables included). */
  const fingerprint = () => t.fingerprint();
  /** The fingerprint without the webhook log, for deliveries that must change nothing else. */
  const beyondWebhookLog = async () =>
    (await t.fingerprint())
      .split(",")
      .filter((part) => !part.startsWith("payment_webhook_events:"))
      .join(",");
  /** A back-office (staff) token, for the order transitions. */
  async function staffToken() {
    const res = await t.request("POST", "/api/v2/admin/token", {
      body: { email: "staff@brand.example", password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    return res.body.token as string;
  }
  const cancelOrder = async (token: string) =>
    t.request("POST", `/api/v2/admin/orders/${token}/transitions`, {
      token: await staffToken(),
      body: { transition: "cancel" },
    });
  const charges = (reference?: string) =>
    gateway.calls.filter(
      (c) =>
        c.operation !== "paymentMethods" &&
        c.operation !== "cancel" &&
        c.processed &&
        (reference === undefined || c.reference === reference),
    );

  // Each test starts with no webhook left over from the one before.
  beforeEach(async () => {
    await deliver();
  });

  it("sets up a cart's payment: amount from the cart, paths, client key, methods", async () => {
    const { token, total } = await cart();
    const res = await setup(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      provider: "test",
      environment: "test",
      payments: `${BASE}/adyen_card/${token}/payments`,
      paymentDetails: `${BASE}/adyen_card/${token}/details`,
      amount: { value: total, currency: "EUR" },
      billingAddress: { countryCode: expect.any(String) },
      locale: "en-US",
      flow: "checkout",
    });
    expect(res.body.clientKey).toEqual(expect.any(String));
    expect(res.body.paymentMethods.paymentMethods[0].type).toBe("scheme");
    const fr = await t.request("GET", `${BASE}/adyen_card/${token}`, {
      as: USERS.spaBuyer,
      headers: { locale: "fr_FR" },
    });
    expect(fr.body.locale).toBe("fr-FR");
  });

  it("refuses setup: other company 404, unknown or invoice method 404, marketing 403, no token 401", async () => {
    const { token } = await cart();
    await t.refused(404, () => setup(token, USERS.retailAdmin));
    await t.refused(404, () => setup(token, USERS.spaAdmin)); // a cart is its owner's
    await t.refused(404, () => setup(token, USERS.spaBuyer, "invoice"));
    await t.refused(404, () => setup(token, USERS.spaBuyer, "nope"));
    await t.refused(404, () => setup("no-such-token"));
    await t.refused(403, () => setup(token, USERS.spaMarketing));
    await t.refused(401, () => t.request("GET", `${BASE}/adyen_card/${token}`));
  });

  it.each([
    ["Visa", "4111 1111 1111 1111"],
    ["Mastercard", "5555 5555 5555 4444"],
  ])(
    "%s is Authorised: the order is placed and paid at once, the webhook changes nothing",
    async (_n, number) => {
      const before = await stock();
      const { token, total } = await cart();
      const res = await pay(token, card(number), { key: `auth-${number}` });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ resultCode: "Authorised" });
      expect(res.body.action).toBeUndefined();
      expect(res.body.order).toMatchObject({
        tokenValue: token,
        state: "new",
        paymentState: "paid",
        total,
        totalUnpaidAmount: 0,
      });
      expect(res.body.order.number).toMatch(/^\d{9}$/);
      const row = await order(token);
      expect(row).toMatchObject({
        state: "new",
        payment_state: "paid",
        checkout_state: "completed",
      });
      const payments = await paymentsOf(token);
      expect(payments).toEqual([
        {
          state: "completed",
          amount: total,
          method_code: "adyen_card",
          provider_reference: expect.stringMatching(/^T\d{15}$/),
        },
      ]);
      expect(await stock()).toBe(before - 30);
      const audit = await t.db
        .selectFrom("audit_events")
        .select("action")
        .where("entity_type", "=", "order")
        .where("entity_id", "=", String(row.id))
        .execute();
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(["card.attempt", "order.complete", "payment_recorded", "card.paid"]),
      );
      // Adyen's AUTHORISATION webhook for it arrives later: it is logged, nothing else changes.
      const fp = await beyondWebhookLog();
      const [late] = await deliver();
      expect(late).toBeDefined();
      expect(await beyondWebhookLog()).toBe(fp);
      const logged = await t.db
        .selectFrom("payment_webhook_events")
        .select("outcome")
        .where(
          "psp_reference",
          "=",
          late!.notificationItems[0]!.NotificationRequestItem.pspReference,
        )
        .execute();
      expect(logged).toEqual([{ outcome: "attempt paid" }]);
      // Delivered again (Adyen delivers at least once): not even the log changes.
      const all = await fingerprint();
      await post(late);
      expect(await fingerprint()).toBe(all);
    },
  );

  it("Refused leaves the cart a cart; the person may try again", async () => {
    const { token } = await cart();
    for (const [number, reason] of [
      ["4000 0000 0000 0002", "Refused"],
      ["4000 0000 0000 9995", "Not enough balance"],
      ["4111 1111 1111 1112", "Invalid Card Number"],
      ["4242 4242 4242 4242", "Not supported"],
    ] as const) {
      const res = await pay(token, card(number));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        resultCode: "Refused",
        refusalReason: reason,
        merchantReference: expect.any(String),
      });
    }
    const expired = await pay(token, card("4111111111111111", { year: "2020" }));
    expect(expired.body).toMatchObject({ resultCode: "Refused", refusalReason: "Expired Card" });
    const cvc = await pay(token, card("4111111111111111", { cvc: "1" }));
    expect(cvc.body).toMatchObject({ resultCode: "Refused", refusalReason: "CVC Declined" });
    await deliver(); // AUTHORISATION success=false for each: nothing to do
    expect((await order(token)).state).toBe("cart");
    expect((await paymentsOf(token))[0]!.state).toBe("cart");
    const attempts = await t.db
      .selectFrom("card_payment_attempts")
      .select(["status", "result_code"])
      .where("order_id", "=", (await order(token)).id)
      .execute();
    expect(attempts).toHaveLength(6);
    expect(attempts.every((a) => a.status === "refused" && a.result_code === "Refused")).toBe(true);
    const again = await pay(token, card("4111111111111111"));
    expect(again.body).toMatchObject({ resultCode: "Authorised", order: { paymentState: "paid" } });
  });

  it.each([
    ["Pending", "4000 0000 0000 0010"],
    ["Received", "4000 0000 0000 0028"],
  ])("%s completes the order unpaid; the webhook makes it paid, once", async (code, number) => {
    const { token, total } = await cart();
    const res = await pay(token, card(number));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      resultCode: code,
      order: { state: "new", paymentState: "awaiting_payment", totalUnpaidAmount: 0 },
    });
    expect((await paymentsOf(token))[0]).toMatchObject({ state: "processing", amount: total });
    // Nothing is left to pay while it is processing: no second payment can start.
    await t.refused(409, () => setup(token));
    const sent = await deliver();
    expect(sent).toHaveLength(1);
    expect((await order(token)).payment_state).toBe("paid");
    expect((await paymentsOf(token))[0]).toMatchObject({ state: "completed", amount: total });
    // Adyen delivers at least once: the same event again changes nothing.
    const fp = await fingerprint();
    for (const n of sent) expect((await post(n)).raw).toBe("[accepted]");
    expect(await fingerprint()).toBe(fp);
  });

  it("a Pending payment that fails opens the balance again, payable by card", async () => {
    const { token, total } = await cart();
    const res = await pay(token, card("4000 0000 0000 0036"));
    expect(res.body.resultCode).toBe("Pending");
    await deliver();
    expect((await order(token)).payment_state).toBe("awaiting_payment");
    expect((await paymentsOf(token))[0]).toMatchObject({ state: "new", amount: total });
    const payNow = await pay(token, card("4111111111111111"));
    expect(payNow.body).toMatchObject({
      resultCode: "Authorised",
      order: { paymentState: "paid" },
    });
  });

  it("a challenge needs the right password; a wrong one is refused and the cart stays", async () => {
    const { token } = await cart();
    const first = await pay(token, card("4212 3456 7891 0006"));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      resultCode: "ChallengeShopper",
      action: { type: "testChallenge", paymentData: expect.any(String) },
    });
    expect(first.body.order).toBeUndefined();
    const wrong = await details(token, { details: { password: "guess" } });
    expect(wrong.body).toMatchObject({
      resultCode: "Refused",
      refusalReason: "3D Not Authenticated",
    });
    expect((await order(token)).state).toBe("cart");
    // Nothing waits for details any more.
    await t.refused(409, () => details(token, { details: { password: "password" } }));

    const second = await pay(token, card("4212345678910006"));
    expect(second.body.resultCode).toBe("ChallengeShopper");
    const right = await details(
      token,
      { details: { password: "password" }, paymentData: second.body.action.paymentData },
      "details-1",
    );
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({
      resultCode: "Authorised",
      order: { state: "new", paymentState: "paid" },
    });
    // The same details request again: the first answer, nothing new at the gateway.
    const calls = gateway.calls.length;
    const replay = await details(token, { details: { password: "password" } }, "details-1");
    expect(replay.body).toMatchObject({
      resultCode: "Authorised",
      order: { paymentState: "paid" },
    });
    expect(gateway.calls.length).toBe(calls);
  });

  it("a replayed payment request gets the first answer and charges once", async () => {
    const { token } = await cart();
    const first = await pay(token, card("4111111111111111"), { key: "replay-1" });
    expect(first.body.resultCode).toBe("Authorised");
    const reference = first.body.merchantReference as string;
    const fp = await fingerprint();
    const second = await pay(token, card("4111111111111111"), { key: "replay-1" });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await fingerprint()).toBe(fp);
    expect(charges(reference)).toHaveLength(1);
    // The same key with another body is refused.
    const other = await t.refused(422, () =>
      pay(token, card("5555555555554444"), { key: "replay-1" }),
    );
    expect(other.type).toBe("/problems/idempotency-key-reused");
    expect((await paymentsOf(token)).filter((p) => p.state === "completed")).toHaveLength(1);
  });

  it("pays now the open balance of a placed order of the demo data", async () => {
    const open = await t.db
      .selectFrom("orders")
      .select(["token_value", "id"])
      .where("company_id", "=", 1)
      .where("state", "=", "new")
      .where("payment_state", "=", "awaiting_payment")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const before = await paymentsOf(open.token_value);
    const unpaid = before.filter((p) => p.state === "new").reduce((a, p) => a + p.amount, 0);
    expect(unpaid).toBeGreaterThan(0);
    // Any colleague of the company may pay a placed order; another company may not see it.
    const s = await setup(open.token_value, USERS.spaAdmin);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ amount: { value: unpaid }, flow: "pay_now" });
    await t.refused(404, () => setup(open.token_value, USERS.retailAdmin));
    await t.refused(404, () =>
      pay(open.token_value, card("4111111111111111"), { as: USERS.retailAdmin }),
    );
    await t.refused(403, () =>
      pay(open.token_value, card("4111111111111111"), { as: USERS.spaMarketing }),
    );
    const res = await pay(open.token_value, card("4111111111111111"), { as: USERS.spaAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      resultCode: "Authorised",
      order: { tokenValue: open.token_value, paymentState: "paid", totalUnpaidAmount: 0 },
    });
    const after = await paymentsOf(open.token_value);
    expect(after.every((p) => p.state === "completed")).toBe(true);
    expect(after.find((p) => p.provider_reference)?.method_code).toBe("adyen_card");
    await t.refused(409, () => setup(open.token_value, USERS.spaAdmin));
    await t.refused(409, () =>
      pay(open.token_value, card("4111111111111111"), { as: USERS.spaAdmin }),
    );
    await deliver();
  });

  it("refuses payments: no token, marketing, other company, bad input, without a trace", async () => {
    const { token } = await cart();
    await t.refused(401, () =>
      t.request("POST", `${BASE}/adyen_card/${token}/payments`, { body: card("4111111111111111") }),
    );
    await t.refused(403, () => pay(token, card("4111111111111111"), { as: USERS.spaMarketing }));
    await t.refused(404, () => pay(token, card("4111111111111111"), { as: USERS.retailAdmin }));
    await t.refused(404, () => pay(token, card("4111111111111111"), { method: "invoice" }));
    const fp = await fingerprint();
    const bad: unknown[] = [
      {},
      [],
      { paymentMethod: "card" },
      { paymentMethod: { type: "ideal" } },
      { ...card("4111111111111111"), amount: { value: 1, currency: "EUR" } },
      { paymentMethod: { ...card("4111111111111111").paymentMethod, extra: "x" } },
      { paymentMethod: { type: "scheme", encryptedCardNumber: 4111 } },
      { paymentMethod: { type: "scheme", encryptedCardNumber: "x".repeat(20_000) } },
      { ...card("4111111111111111"), browserInfo: { colorDepth: "24" } },
      { ...card("4111111111111111"), origin: "javascript:alert(1)" },
    ];
    for (const body of bad) expectProblem(await pay(token, body), 422);
    expectProblem(
      await pay(token, { paymentMethod: { type: "scheme", holderName: "x".repeat(70_000) } }),
      413,
    );
    expectProblem(await pay(token, card("4111111111111111"), { key: "k".repeat(300) }), 400);
    expect(await fingerprint()).toBe(fp);
    // A cart below the minimum order value is refused before anything is charged.
    const small = await cart(USERS.spaBuyer, 1);
    const calls = gateway.calls.length;
    const problem = await t.refused(422, () => pay(small.token, card("4111111111111111")));
    expect(problem.violations?.[0]?.code).toBe("checkout.minimalOrderValue");
    expect(gateway.calls.length).toBe(calls);
  });

  it("a gateway timeout leaves the cart payable; a late webhook settles it exactly once", async () => {
    const { token, total } = await cart();
    const res = await pay(token, card("4000 0000 0000 0119"));
    const problem = expectProblem(res, 504);
    expect(problem.type).toBe("/problems/payment-gateway-timeout");
    expect(problem.detail).toMatch(/did not answer in time/);
    expect((await order(token)).state).toBe("cart");
    expect((await setup(token)).status).toBe(200); // still payable
    const sent = await deliver(); // the authorisation Adyen made before the answer was lost
    expect(sent).toHaveLength(1);
    expect(await order(token)).toMatchObject({ state: "new", payment_state: "paid" });
    expect((await paymentsOf(token))[0]).toMatchObject({ state: "completed", amount: total });
    const fp = await fingerprint();
    for (const n of sent) await post(n);
    expect(await fingerprint()).toBe(fp);
  });

  it("after a timeout a new attempt pays; the late authorisation is given back, not kept", async () => {
    const { token } = await cart();
    expectProblem(await pay(token, card("4000 0000 0000 0119")), 504);
    const late = gateway.takeNotifications();
    const again = await pay(token, card("4111111111111111"));
    expect(again.body).toMatchObject({ resultCode: "Authorised", order: { paymentState: "paid" } });
    await deliver();
    for (const n of late) await post(n);
    const lost = late[0]!.notificationItems[0]!.NotificationRequestItem;
    expect(gateway.calls.filter((c) => c.operation === "cancel")).toContainEqual(
      expect.objectContaining({ pspReference: lost.pspReference }),
    );
    const attempt = await t.db
      .selectFrom("card_payment_attempts")
      .selectAll()
      .where("merchant_reference", "=", lost.merchantReference)
      .executeTakeFirstOrThrow();
    expect(attempt.status).toBe("voided");
    expect((await paymentsOf(token)).filter((p) => p.state === "completed")).toHaveLength(1);
    // The gateway confirms the reversal by webhook too: recorded, nothing else.
    await deliver();
    expect(
      (
        await t.db
          .selectFrom("card_payment_attempts")
          .select("status")
          .where("id", "=", attempt.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("voided");
  });

  it("a timeout before the gateway was reached charges nothing; the same key retries", async () => {
    const { token } = await cart();
    gateway.failNext("timeout");
    expectProblem(await pay(token, card("4111111111111111"), { key: "retry-1" }), 504);
    expect(gateway.takeNotifications()).toHaveLength(0);
    const status = await t.request(
      "GET",
      `${BASE}/adyen_card/details?referenceId=${(await t.db.selectFrom("card_payment_attempts").select("merchant_reference").where("idempotency_key", "=", "retry-1").executeTakeFirstOrThrow()).merchant_reference}`,
      { as: USERS.spaBuyer },
    );
    expectProblem(status, 409);
    gateway.failNext("network");
    const unreachable = expectProblem(
      await pay(token, card("4111111111111111"), { key: "retry-1" }),
      502,
    );
    expect(unreachable.type).toBe("/problems/payment-gateway-unavailable");
    const res = await pay(token, card("4111111111111111"), { key: "retry-1" });
    expect(res.body).toMatchObject({ resultCode: "Authorised", order: { paymentState: "paid" } });
    const ref = res.body.merchantReference as string;
    expect(charges(ref)).toHaveLength(1);
    const got = await t.request("GET", `${BASE}/adyen_card/details?referenceId=${ref}`, {
      as: USERS.spaBuyer,
    });
    expect(got.body).toMatchObject({ resultCode: "Authorised", merchantReference: ref });
    await t.refused(404, () =>
      t.request("GET", `${BASE}/adyen_card/details?referenceId=${ref}`, { as: USERS.retailAdmin }),
    );
    await deliver();
  });

  it("an authorisation that can no longer complete the cart (stock gone) is voided", async () => {
    const { token } = await cart();
    expectProblem(await pay(token, card("4000 0000 0000 0119")), 504);
    const onHand = await stock();
    await t.db
      .updateTable("product_variants")
      .set({ on_hand: 0 })
      .where("code", "=", VARIANT)
      .execute();
    try {
      const sent = await deliver();
      const item = sent[0]!.notificationItems[0]!.NotificationRequestItem;
      expect((await order(token)).state).toBe("cart");
      expect(gateway.calls).toContainEqual(
        expect.objectContaining({ operation: "cancel", pspReference: item.pspReference }),
      );
      const attempt = await t.db
        .selectFrom("card_payment_attempts")
        .select(["status", "problem"])
        .where("merchant_reference", "=", item.merchantReference)
        .executeTakeFirstOrThrow();
      expect(attempt.status).toBe("voided");
      expect(attempt.problem).toMatchObject({ type: "/problems/insufficient-stock" });
    } finally {
      await t.db
        .updateTable("product_variants")
        .set({ on_hand: onHand })
        .where("code", "=", VARIANT)
        .execute();
    }
  });

  it("an authorisation for a cart changed in the meantime is voided, not used", async () => {
    const { token } = await cart();
    expectProblem(await pay(token, card("4000 0000 0000 0119")), 504);
    const added = await t.request("POST", `/api/v2/shop/orders/${token}/items`, {
      as: USERS.spaBuyer,
      body: { productVariant: V(VARIANT), quantity: 1 },
    });
    expect(added.status).toBe(201);
    const [n] = await deliver();
    const item = n!.notificationItems[0]!.NotificationRequestItem;
    expect((await order(token)).state).toBe("cart");
    const attempt = await t.db
      .selectFrom("card_payment_attempts")
      .select(["status", "problem"])
      .where("merchant_reference", "=", item.merchantReference)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({
      status: "voided",
      problem: { status: 409, detailKey: "cardPayment.cartChanged" },
    });
    // The cart, as it is now, can still be paid.
    const res = await pay(token, card("4111111111111111"));
    expect(res.body).toMatchObject({
      resultCode: "Authorised",
      order: { total: added.body.total },
    });
  });

  it("settles once when the same webhook and the same request arrive at the same time", async () => {
    const { token } = await cart();
    expectProblem(await pay(token, card("4000 0000 0000 0119")), 504);
    const [n] = gateway.takeNotifications();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(n)));
    expect(answers.map((a) => a.raw)).toEqual(Array(5).fill("[accepted]"));
    const row = await order(token);
    expect(row.payment_state).toBe("paid");
    const paid = await t.db
      .selectFrom("audit_events")
      .select("id")
      .where("entity_type", "=", "order")
      .where("entity_id", "=", String(row.id))
      .where("action", "=", "card.paid")
      .execute();
    expect(paid).toHaveLength(1);
    const item = n!.notificationItems[0]!.NotificationRequestItem;
    const events = await t.db
      .selectFrom("payment_webhook_events")
      .select(["outcome"])
      .where("psp_reference", "=", item.pspReference)
      .execute();
    expect(events).toEqual([{ outcome: "attempt paid" }]);

    const other = await cart();
    const same = await Promise.all(
      Array.from({ length: 3 }, () => pay(other.token, card("4111111111111111"), { key: "race" })),
    );
    for (const res of same)
      expect(res.body).toMatchObject({ resultCode: "Authorised", order: { paymentState: "paid" } });
    expect(charges(same[0]!.body.merchantReference)).toHaveLength(1);
    expect((await paymentsOf(other.token)).filter((p) => p.state === "completed")).toHaveLength(1);
  });

  it("ignores webhook items with a bad HMAC: nothing changes", async () => {
    const { token } = await cart();
    expectProblem(await pay(token, card("4000 0000 0000 0119")), 504);
    const [n] = gateway.takeNotifications();
    const item = n!.notificationItems[0]!.NotificationRequestItem;
    const forged: Notification = {
      live: "false",
      notificationItems: [
        {
          NotificationRequestItem: {
            ...item,
            additionalData: { hmacSignature: Buffer.alloc(32).toString("base64") },
          },
        },
      ],
    };
    const tampered: Notification = {
      live: "false",
      notificationItems: [
        { NotificationRequestItem: { ...item, amount: { value: 1, currency: "EUR" } } },
      ],
    };
    const fp = await fingerprint();
    expectProblem(await post(forged), 401);
    expectProblem(await post(tampered), 401);
    expectProblem(await post({ notificationItems: "x" }), 400);
    expect(await fingerprint()).toBe(fp);
    // A batch with one good item: the good one is processed, the bad one ignored.
    const other = await cart();
    expectProblem(await pay(other.token, card("4000 0000 0000 0119")), 504);
    const [good] = gateway.takeNotifications();
    const mixed = await post({
      live: "false",
      notificationItems: [...forged.notificationItems, ...good!.notificationItems],
    });
    expect(mixed.raw).toBe("[accepted]");
    expect((await order(token)).state).toBe("cart");
    expect((await order(other.token)).payment_state).toBe("paid");
  });

  it("processes a webhook sent with HTTP basic auth; its HMAC still decides", async () => {
    const basic = `Basic ${Buffer.from("adyen-webhook:s3cret").toString("base64")}`;
    const { token, total } = await cart();
    expectProblem(await pay(token, card("4000 0000 0000 0119")), 504);
    const [n] = gateway.takeNotifications();
    const item = n!.notificationItems[0]!.NotificationRequestItem;
    // A forged item with Basic credentials is refused like one without: nothing changes.
    const forged = {
      live: "false",
      notificationItems: [
        { NotificationRequestItem: { ...item, amount: { value: 1, currency: "EUR" } } },
      ],
    };
    await t.refused(401, () =>
      t.request("POST", WEBHOOK, { body: forged, headers: { authorization: basic } }),
    );
    expect((await order(token)).state).toBe("cart");
    const res = await t.request("POST", WEBHOOK, { body: n, headers: { authorization: basic } });
    expect(res.status, res.raw).toBe(200);
    expect(res.raw).toBe("[accepted]");
    expect(await order(token)).toMatchObject({ state: "new", payment_state: "paid" });
    expect((await paymentsOf(token))[0]).toMatchObject({ state: "completed", amount: total });
    // Only POST to the webhook is exempt: elsewhere a Basic header is still no bearer token.
    await t.refused(401, () =>
      t.request("GET", `${BASE}/adyen_card/${token}`, { headers: { authorization: basic } }),
    );
    await t.refused(401, () =>
      t.request("POST", `${BASE}/adyen_card/${token}/payments`, {
        body: card("4111111111111111"),
        headers: { authorization: basic },
      }),
    );
    await t.refused(401, () =>
      t.request("GET", `${API_ORDERS}`, { headers: { authorization: basic } }),
    );
  });

  it("a Pending payment of an order staff cancelled is given back when authorised, not kept", async () => {
    const { token, total } = await cart();
    const res = await pay(token, card("4000 0000 0000 0010"));
    expect(res.body).toMatchObject({ resultCode: "Pending", order: { state: "new" } });
    const sent = gateway.takeNotifications(); // the AUTHORISATION success, still to come
    expect(sent).toHaveLength(1);
    const item = sent[0]!.notificationItems[0]!.NotificationRequestItem;
    expect((await paymentsOf(token))[0]).toMatchObject({ state: "processing", amount: total });

    const cancelled = await cancelOrder(token);
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(await order(token)).toMatchObject({ state: "cancelled", payment_state: "cancelled" });
    expect(await paymentsOf(token)).toEqual([
      expect.objectContaining({ state: "cancelled", amount: total }),
    ]);
    const row = await order(token);
    const paymentAudit = await t.db
      .selectFrom("audit_events")
      .innerJoin("payments", (j) =>
        j
          .onRef("audit_events.entity_id", "=", sql`payments.id::text`)
          .on("audit_events.entity_type", "=", "payment"),
      )
      .select(["audit_events.action", "audit_events.before", "audit_events.after"])
      .where("payments.order_id", "=", row.id)
      .where("audit_events.action", "=", "cancelled")
      .execute();
    expect(paymentAudit).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ state: "processing" }),
        after: expect.objectContaining({ state: "cancelled" }),
      }),
    ]);

    // The authorisation arrives: the order stays cancelled and the money goes back.
    for (const n of sent) expect((await post(n)).raw).toBe("[accepted]");
    expect(await order(token)).toMatchObject({ state: "cancelled", payment_state: "cancelled" });
    expect((await paymentsOf(token)).map((p) => p.state)).toEqual(["cancelled"]);
    const reversals = () =>
      gateway.calls.filter((c) => c.operation === "cancel" && c.pspReference === item.pspReference);
    expect(reversals()).toHaveLength(1);
    const attempt = await t.db
      .selectFrom("card_payment_attempts")
      .select(["status", "problem"])
      .where("merchant_reference", "=", item.merchantReference)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({
      status: "voided",
      problem: { status: 409, detailKey: "cardPayment.orderCancelled" },
    });
    const audit = await t.db
      .selectFrom("audit_events")
      .select(["action", "after"])
      .where("entity_type", "=", "order")
      .where("entity_id", "=", String(row.id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).not.toContain("card.paid");
    expect(audit.map((a) => a.action)).not.toContain("payment_recorded");
    expect(audit.at(-1)).toMatchObject({
      action: "card.void",
      after: { status: "voiding", reason: "cardPayment.orderCancelled" },
    });
    const logged = await t.db
      .selectFrom("payment_webhook_events")
      .select("outcome")
      .where("psp_reference", "=", item.pspReference)
      .where("event_code", "=", "AUTHORISATION")
      .execute();
    expect(logged).toEqual([{ outcome: "attempt voided" }]);

    // Adyen delivers at least once: the same event again gives nothing back twice.
    const fp = await fingerprint();
    for (const n of sent) expect((await post(n)).raw).toBe("[accepted]");
    expect(await fingerprint()).toBe(fp);
    expect(reversals()).toHaveLength(1);
    // The gateway's confirmation of the reversal is recorded; the order stays as it is.
    await deliver();
    expect(await order(token)).toMatchObject({ state: "cancelled", payment_state: "cancelled" });
  });

  it("a Pending payment of a cancelled order that then fails leaves the order cancelled", async () => {
    const { token } = await cart();
    const res = await pay(token, card("4000 0000 0000 0036"));
    expect(res.body.resultCode).toBe("Pending");
    const sent = gateway.takeNotifications();
    expect((await cancelOrder(token)).status).toBe(200);
    for (const n of sent) expect((await post(n)).raw).toBe("[accepted]");
    expect(await order(token)).toMatchObject({ state: "cancelled", payment_state: "cancelled" });
    // Not reopened: a cancelled order owes nothing and offers nothing to pay.
    expect((await paymentsOf(token)).map((p) => p.state)).toEqual(["cancelled"]);
    await t.refused(409, () => setup(token));
    expect(
      gateway.calls.filter((c) => c.operation === "cancel").map((c) => c.pspReference),
    ).not.toContain(sent[0]!.notificationItems[0]!.NotificationRequestItem.pspReference);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestCardGateway } from "../../server/payments/test-gateway.js";
import {
  CardPaymentOutcomeDocument,
  CardPaymentSetupDocument,
  SubmitCardPaymentDetailsDocument,
  SubmitCardPaymentDocument,
} from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { testCard } from "../support/test-card.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

/** The widget's `state.data` for a test card, as a JSON string. */
const widget = (number: string) => JSON.stringify(testCard(number));

describe("gateway: card payments", () => {
  let h: GatewayHarness;
  let gateway: TestCardGateway;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await startGateway();
    gateway = h.t.app.cardGateway as TestCardGateway;
    for (const email of Object.values(USERS)) tokens[email] = await h.t.token(email);
  });
  afterAll(async () => h?.close());

  const as = (email: string = USERS.spaBuyer) => ({ token: tokens[email]! });

  /** A cart over the minimum with a shipping address (built over REST). */
  async function cart(email: string = USERS.spaBuyer) {
    const token = (await h.t.request("POST", "/api/v2/shop/orders", { as: email, body: {} })).body
      .tokenValue as string;
    await h.t.request("POST", `/api/v2/shop/orders/${token}/items`, {
      as: email,
      body: { productVariant: "/api/v2/shop/product-variants/FIRM-LIFT-SERUM-30ML", quantity: 30 },
    });
    const put = await h.t.request("PUT", `/api/v2/shop/orders/${token}`, {
      as: email,
      body: { shippingAddress: "/api/v2/shop/addresses/2" },
    });
    expect(put.status).toBe(200);
    return { token, total: put.body.total as number };
  }
  const submit = (orderToken: string, data: string, idempotencyKey: string, email?: string) =>
    h.run(
      SubmitCardPaymentDocument,
      { orderToken, methodCode: "adyen_card", data, idempotencyKey },
      as(email),
    );

  it("sets up the card dialog for a cart; refuses other companies, marketing and paid orders", async () => {
    const { token, total } = await cart();
    const setup = expectType(
      dataOf(
        await h.run(
          CardPaymentSetupDocument,
          { orderToken: token, methodCode: "adyen_card" },
          { ...as(), headers: { "accept-language": "de" } },
        ),
      ).cardPaymentSetup,
      "CardPaymentSetup",
    );
    expect(setup).toMatchObject({
      provider: "test",
      environment: "test",
      amount: total,
      currencyCode: "EUR",
      locale: "de-DE",
      flow: "checkout",
    });
    expect(JSON.parse(setup.paymentMethods).paymentMethods[0].type).toBe("scheme");
    const other = dataOf(
      await h.run(
        CardPaymentSetupDocument,
        { orderToken: token, methodCode: "adyen_card" },
        as(USERS.retailAdmin),
      ),
    ).cardPaymentSetup;
    expectType(other, "NotFoundError");
    const invoice = dataOf(
      await h.run(CardPaymentSetupDocument, { orderToken: token, methodCode: "invoice" }, as()),
    ).cardPaymentSetup;
    expectType(invoice, "NotFoundError");
    const marketing = dataOf(
      await h.run(
        CardPaymentSetupDocument,
        { orderToken: token, methodCode: "adyen_card" },
        as(USERS.spaMarketing),
      ),
    ).cardPaymentSetup;
    expect(expectType(marketing, "ForbiddenError").message).toEqual(expect.any(String));
    const anonymous = await h.run(CardPaymentSetupDocument, {
      orderToken: token,
      methodCode: "adyen_card",
    });
    expect(anonymous.errors?.[0]?.extensions).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("pays a cart: Authorised places and pays it; a retry with the same key charges once", async () => {
    const { token, total } = await cart();
    h.calls.length = 0;
    const first = expectType(
      dataOf(await submit(token, widget("4111111111111111"), "gql-pay-1")).submitCardPayment,
      "CardPaymentResult",
    );
    expect(first).toMatchObject({
      resultCode: "Authorised",
      success: true,
      action: null,
      refusalReason: null,
      order: { token, state: "new", paymentState: "paid", total, totalUnpaidAmount: 0 },
    });
    const post = h.calls.find((c) => c.method === "POST");
    expect(post?.url.pathname).toBe(`/api/v2/shop/payment/adyen/adyen_card/${token}/payments`);
    expect(post?.headers.get("idempotency-key")).toBe("gql-pay-1");
    const again = expectType(
      dataOf(await submit(token, widget("4111111111111111"), "gql-pay-1")).submitCardPayment,
      "CardPaymentResult",
    );
    expect(again).toEqual(first);
    expect(
      gateway.calls.filter(
        (c) => c.reference === first.merchantReference && c.processed && c.operation === "payments",
      ),
    ).toHaveLength(1);
    // Nothing is left to pay now.
    const done = dataOf(
      await h.run(CardPaymentSetupDocument, { orderToken: token, methodCode: "adyen_card" }, as()),
    ).cardPaymentSetup;
    expectType(done, "OrderStateError");
    gateway.takeNotifications();
  });

  it("reports a refusal as a result (success false) and leaves the cart", async () => {
    const { token } = await cart();
    const refused = expectType(
      dataOf(await submit(token, widget("4000000000009995"), "gql-refused")).submitCardPayment,
      "CardPaymentResult",
    );
    expect(refused).toMatchObject({
      resultCode: "Refused",
      success: false,
      refusalReason: "Not enough balance",
      order: null,
    });
    gateway.takeNotifications();
  });

  it("runs a challenge: the action goes to the widget, its details complete the payment", async () => {
    const { token } = await cart();
    const challenge = expectType(
      dataOf(await submit(token, widget("4212345678910006"), "gql-3ds")).submitCardPayment,
      "CardPaymentResult",
    );
    expect(challenge).toMatchObject({ resultCode: "ChallengeShopper", success: false });
    const action = JSON.parse(challenge.action!);
    expect(action).toMatchObject({ type: "testChallenge", paymentData: expect.any(String) });
    const done = expectType(
      dataOf(
        await h.run(
          SubmitCardPaymentDetailsDocument,
          {
            orderToken: token,
            methodCode: "adyen_card",
            data: JSON.stringify({ details: { password: "password" } }),
            idempotencyKey: "gql-3ds-details",
          },
          as(),
        ),
      ).submitCardPaymentDetails,
      "CardPaymentResult",
    );
    expect(done).toMatchObject({
      resultCode: "Authorised",
      success: true,
      order: { paymentState: "paid" },
    });
    gateway.takeNotifications();
  });

  it("maps refusals to error types and a gateway timeout to a GraphQL error", async () => {
    const { token } = await cart();
    expectType(
      dataOf(await submit(token, widget("4111111111111111"), "gql-m", USERS.spaMarketing))
        .submitCardPayment,
      "ForbiddenError",
    );
    expectType(
      dataOf(await submit(token, widget("4111111111111111"), "gql-o", USERS.retailAdmin))
        .submitCardPayment,
      "NotFoundError",
    );
    const invalid = expectType(
      dataOf(await submit(token, JSON.stringify({ paymentMethod: { type: "ideal" } }), "gql-v"))
        .submitCardPayment,
      "ValidationError",
    );
    expect(invalid.violations[0]).toMatchObject({ propertyPath: "paymentMethod.type" });
    const notJson = await submit(token, "{not json", "gql-j");
    expect(notJson.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT" });

    const timeout = await submit(token, widget("4000000000000119"), "gql-timeout");
    expect(timeout.errors?.[0]?.extensions).toMatchObject({
      code: "INTERNAL",
      status: 504,
      type: "/problems/payment-gateway-timeout",
      detail: expect.stringMatching(/did not answer in time/),
    });
    // The outcome is not known until the webhook arrives; then it is.
    const [n] = gateway.takeNotifications();
    const reference = n!.notificationItems[0]!.NotificationRequestItem.merchantReference;
    const outcome = (email?: string) =>
      h.run(
        CardPaymentOutcomeDocument,
        { methodCode: "adyen_card", merchantReference: reference },
        as(email),
      );
    expectType(dataOf(await outcome()).cardPaymentOutcome, "OrderStateError");
    expect((await h.t.request("POST", "/api/v2/shop/payment/adyen/webhook", { body: n })).raw).toBe(
      "[accepted]",
    );
    expect(
      expectType(dataOf(await outcome()).cardPaymentOutcome, "CardPaymentResult"),
    ).toMatchObject({ resultCode: "Authorised", success: true, order: { paymentState: "paid" } });
    expectType(dataOf(await outcome(USERS.retailAdmin)).cardPaymentOutcome, "NotFoundError");
  });
});

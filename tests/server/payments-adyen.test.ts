import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PaymentsConfig } from "../../server/config.js";
import { AdyenGateway, adyenBaseUrl } from "../../server/payments/adyen.js";
import {
  createCardGateway,
  GatewayError,
  notificationSignature,
  verifyNotificationSignature,
  type NotificationItem,
} from "../../server/payments/gateway.js";
import { luhnValid, TEST_CARDS, TestCardGateway } from "../../server/payments/test-gateway.js";

const HMAC_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
const config: Extract<PaymentsConfig, { provider: "adyen" }> = {
  provider: "adyen",
  apiKey: "AQE-test-api-key",
  merchantAccount: "LumeAtelierECOM",
  clientKey: "test_CLIENTKEY",
  environment: "test",
  hmacKey: HMAC_KEY,
  liveUrlPrefix: undefined,
};

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A fetch that records requests and answers from `reply` (no network). */
function fakeFetch(reply: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const s: Seen = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>,
    };
    seen.push(s);
    return reply(s);
  };
  return { fetch, seen };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const paymentRequest = {
  amount: { value: 70198, currency: "EUR" },
  reference: "PP-1-abc",
  paymentMethod: { type: "scheme", encryptedCardNumber: "adyenjs_0_1_25$..." },
  returnUrl: "https://portal.example/checkout?paymentReference=PP-1-abc",
  channel: "Web" as const,
};

describe("Adyen adapter (injected fetch, no network)", () => {
  it("chooses the test or live Checkout API URL", () => {
    expect(adyenBaseUrl(config)).toBe("https://checkout-test.adyen.com/v71");
    expect(adyenBaseUrl({ environment: "live", liveUrlPrefix: "1797a841fbb37ca7-AdyenDemo" })).toBe(
      "https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout/v71",
    );
    expect(() => adyenBaseUrl({ environment: "live", liveUrlPrefix: undefined })).toThrow();
  });

  it("sends X-API-Key and an Idempotency-Key on every call, the merchant account in bodies", async () => {
    const { fetch, seen } = fakeFetch((s) => {
      if (s.url.endsWith("/paymentMethods"))
        return json(200, { paymentMethods: [{ type: "scheme", name: "Cards" }] });
      if (s.url.endsWith("/reversals"))
        return json(201, { pspReference: "REV1", status: "received" });
      if (s.url.endsWith("/payments/details"))
        return json(200, { resultCode: "Authorised", pspReference: "PSP1" });
      return json(200, {
        resultCode: "Authorised",
        pspReference: "PSP1",
        merchantReference: "PP-1-abc",
        amount: { value: 70198, currency: "EUR" },
      });
    });
    const gateway = createCardGateway(config, { fetch });
    expect(gateway).toBeInstanceOf(AdyenGateway);
    expect(gateway.clientConfig()).toEqual({ clientKey: "test_CLIENTKEY", environment: "test" });

    await gateway.paymentMethods({ amount: { value: 1, currency: "EUR" }, countryCode: "DE" });
    const answer = await gateway.payments(paymentRequest, "key-payments");
    await gateway.paymentDetails({ details: { threeDSResult: "abc" } }, "key-details");
    const cancel = await gateway.cancel("PSP1", "key-cancel");

    expect(answer).toMatchObject({
      resultCode: "Authorised",
      pspReference: "PSP1",
      merchantReference: "PP-1-abc",
    });
    expect(cancel).toEqual({ pspReference: "REV1", status: "received" });
    expect(seen.map((s) => s.url)).toEqual([
      "https://checkout-test.adyen.com/v71/paymentMethods",
      "https://checkout-test.adyen.com/v71/payments",
      "https://checkout-test.adyen.com/v71/payments/details",
      "https://checkout-test.adyen.com/v71/payments/PSP1/reversals",
    ]);
    for (const s of seen) {
      expect(s.method).toBe("POST");
      expect(s.headers.get("x-api-key")).toBe("AQE-test-api-key");
      expect(s.headers.get("content-type")).toBe("application/json");
      expect(s.headers.get("idempotency-key")).toEqual(expect.any(String));
    }
    expect(seen.slice(1).map((s) => s.headers.get("idempotency-key"))).toEqual([
      "key-payments",
      "key-details",
      "key-cancel",
    ]);
    expect(seen[0]!.body).toMatchObject({ merchantAccount: "LumeAtelierECOM", countryCode: "DE" });
    expect(seen[1]!.body).toEqual({ merchantAccount: "LumeAtelierECOM", ...paymentRequest });
    expect(seen[2]!.body).toEqual({ details: { threeDSResult: "abc" } });
    expect(seen[3]!.body).toMatchObject({ merchantAccount: "LumeAtelierECOM" });
  });

  it("talks to the live URL with the merchant's prefix", async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { resultCode: "Refused" }));
    const live = createCardGateway(
      { ...config, environment: "live", liveUrlPrefix: "abc-Lume" },
      { fetch },
    );
    expect(await live.payments(paymentRequest, "k")).toMatchObject({ resultCode: "Refused" });
    expect(seen[0]!.url).toBe(
      "https://abc-Lume-checkout-live.adyenpayments.com/checkout/v71/payments",
    );
  });

  it("turns a hanging call into a timeout error", async () => {
    // Never answers: only the adapter's abort signal ends the wait.
    const hanging: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
      });
    const gateway = createCardGateway(config, { fetch: hanging, timeoutMs: 30 });
    const error = await gateway.payments(paymentRequest, "k").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).kind).toBe("timeout");
  });

  it("maps network errors, 5xx, 4xx and unknown result codes", async () => {
    const failing = createCardGateway(config, {
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(failing.payments(paymentRequest, "k")).rejects.toMatchObject({ kind: "network" });
    const down = createCardGateway(config, { fetch: async () => json(503, { status: 503 }) });
    await expect(down.payments(paymentRequest, "k")).rejects.toMatchObject({
      kind: "unavailable",
      status: 503,
    });
    const invalid = createCardGateway(config, {
      fetch: async () => json(422, { errorCode: "101", message: "Invalid card number" }),
    });
    await expect(invalid.payments(paymentRequest, "k")).rejects.toMatchObject({
      kind: "rejected",
      status: 422,
    });
    const odd = createCardGateway(config, {
      fetch: async () => json(200, { resultCode: "SomethingNew", pspReference: "X" }),
    });
    expect((await odd.payments(paymentRequest, "k")).resultCode).toBe("Error");
  });

  it("verifies notification HMACs: Adyen's published vector, a computed one, tampering", () => {
    const item: NotificationItem = {
      pspReference: "7914073381342284",
      merchantAccountCode: "TestMerchant",
      merchantReference: "TestPayment-1407325143704",
      amount: { value: 1130, currency: "EUR" },
      eventCode: "AUTHORISATION",
      success: "true",
    };
    // The example of Adyen's documentation and libraries.
    expect(notificationSignature(item, HMAC_KEY)).toBe(
      "coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=",
    );
    // The same computed independently: the eight fields joined by colons, hex key.
    const expected = createHmac("sha256", Buffer.from(HMAC_KEY, "hex"))
      .update(
        "7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true",
      )
      .digest("base64");
    expect(notificationSignature(item, HMAC_KEY)).toBe(expected);
    const gateway = createCardGateway(config, { fetch: async () => json(200, {}) });
    const signed = { ...item, additionalData: { hmacSignature: expected } };
    expect(gateway.verifyNotification(signed)).toBe(true);
    expect(gateway.verifyNotification(item)).toBe(false);
    expect(gateway.verifyNotification({ ...signed, amount: { value: 1, currency: "EUR" } })).toBe(
      false,
    );
    expect(gateway.verifyNotification({ ...signed, success: "false" })).toBe(false);
    expect(
      gateway.verifyNotification({ ...signed, additionalData: { hmacSignature: "short" } }),
    ).toBe(false);
    expect(verifyNotificationSignature(signed, "00".repeat(32))).toBe(false);
  });
});

describe("offline test gateway", () => {
  it("documents only cards that pass the Luhn check", () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
  });

  it("is the default without an Adyen key, and signs its notifications with its own key", async () => {
    const gateway = createCardGateway({ provider: "test" }) as TestCardGateway;
    expect(gateway).toBeInstanceOf(TestCardGateway);
    const answer = await gateway.payments(
      {
        ...paymentRequest,
        paymentMethod: {
          type: "scheme",
          number: "4111111111111111",
          expiryMonth: "03",
          expiryYear: "2030",
          cvc: "737",
        },
      },
      "k1",
    );
    expect(answer.resultCode).toBe("Authorised");
    const [n] = gateway.takeNotifications();
    const item = n!.notificationItems[0]!.NotificationRequestItem;
    expect(item).toMatchObject({ eventCode: "AUTHORISATION", success: "true" });
    expect(gateway.verifyNotification(item)).toBe(true);
    expect(verifyNotificationSignature(item, gateway.hmacKey)).toBe(true);
    // The same key again: the first answer, nothing charged again.
    expect(
      await gateway.payments(
        {
          ...paymentRequest,
          paymentMethod: {
            type: "scheme",
            number: "4111111111111111",
            expiryMonth: "03",
            expiryYear: "2030",
            cvc: "737",
          },
        },
        "k1",
      ),
    ).toEqual(answer);
    expect(gateway.calls.filter((c) => c.processed && c.operation === "payments")).toHaveLength(1);
    expect(gateway.takeNotifications()).toHaveLength(0);
  });

  it("delivers notifications through a callback when given one", async () => {
    const delivered: unknown[] = [];
    const gateway = new TestCardGateway({
      deliver: (n) => void delivered.push(n),
      deliveryDelayMs: 1,
    });
    await gateway.payments(
      {
        ...paymentRequest,
        paymentMethod: {
          type: "scheme",
          encryptedCardNumber: "test_5555555555554444",
          encryptedExpiryMonth: "test_03",
          encryptedExpiryYear: "test_2030",
          encryptedSecurityCode: "test_737",
        },
      },
      "k2",
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(delivered).toHaveLength(1);
  });
});

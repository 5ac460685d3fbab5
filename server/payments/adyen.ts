import { randomUUID } from "node:crypto";
import type { PaymentsConfig } from "../config.js";
import {
  GatewayError,
  RESULT_CODES,
  verifyNotificationSignature,
  type CancelAnswer,
  type CardGateway,
  type NotificationItem,
  type PaymentAnswer,
  type PaymentDetailsRequest,
  type PaymentMethodsAnswer,
  type PaymentMethodsRequest,
  type PaymentRequest,
} from "./protocol.js";

type AdyenConfig = Extract<PaymentsConfig, { provider: "adyen" }>;

/** Adyen Checkout API version the adapter speaks. */
export const ADYEN_API_VERSION = "v71";

/** The Checkout API base URL of an environment (live URLs carry the merchant's prefix). */
export function adyenBaseUrl(config: Pick<AdyenConfig, "environment" | "liveUrlPrefix">) {
  if (config.environment === "live") {
    if (!config.liveUrlPrefix) throw new Error("Adyen live environment needs a URL prefix");
    return `https://${config.liveUrlPrefix}-checkout-live.adyenpayments.com/checkout/${ADYEN_API_VERSION}`;
  }
  return `https://checkout-test.adyen.com/${ADYEN_API_VERSION}`;
}

/**
 * Adyen Checkout API v71 over fetch. Every call carries `X-API-Key` and an `Idempotency-Key`
 * (Adyen answers a repeated key with the first answer, so a retried payment never charges
 * twice) and is aborted after `timeoutMs`. Card data reaches Adyen encrypted by the browser's
 * widget; this server never sees a card number.
 */
export class AdyenGateway implements CardGateway {
  readonly provider = "adyen" as const;
  private readonly baseUrl: string;

  constructor(
    private readonly config: AdyenConfig,
    private readonly deps: { fetch: typeof fetch; timeoutMs: number },
  ) {
    this.baseUrl = adyenBaseUrl(config);
  }

  paymentMethods(req: PaymentMethodsRequest): Promise<PaymentMethodsAnswer> {
    // Listing methods changes nothing, so any fresh key will do.
    return this.post<PaymentMethodsAnswer>("/paymentMethods", req, randomUUID());
  }

  async payments(req: PaymentRequest, idempotencyKey: string): Promise<PaymentAnswer> {
    return answerOf(await this.post("/payments", req, idempotencyKey));
  }

  async paymentDetails(req: PaymentDetailsRequest, idempotencyKey: string) {
    return answerOf(await this.post("/payments/details", req, idempotencyKey, false));
  }

  async cancel(pspReference: string, idempotencyKey: string): Promise<CancelAnswer> {
    const answer = await this.post<Record<string, unknown>>(
      `/payments/${encodeURIComponent(pspReference)}/reversals`,
      { reference: `reversal-${pspReference}` },
      idempotencyKey,
    );
    return {
      pspReference: typeof answer.pspReference === "string" ? answer.pspReference : "",
      status: typeof answer.status === "string" ? answer.status : "received",
    };
  }

  clientConfig() {
    return { clientKey: this.config.clientKey, environment: this.config.environment };
  }

  verifyNotification(item: NotificationItem): boolean {
    return verifyNotificationSignature(item, this.config.hmacKey);
  }

  private async post<T>(
    path: string,
    body: object,
    idempotencyKey: string,
    withMerchant = true,
  ): Promise<T> {
    let response: Response;
    try {
      response = await this.deps.fetch(`${this.baseUrl}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "x-api-key": this.config.apiKey,
          "idempotency-key": idempotencyKey,
        },
        body: JSON.stringify(
          withMerchant ? { merchantAccount: this.config.merchantAccount, ...body } : body,
        ),
        signal: AbortSignal.timeout(this.deps.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === "TimeoutError" || name === "AbortError")
        throw new GatewayError("timeout", `Adyen ${path}: no answer in ${this.deps.timeoutMs} ms`);
      throw new GatewayError("network", `Adyen ${path}: ${(error as Error).message}`);
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === "TimeoutError" || name === "AbortError")
        throw new GatewayError("timeout", `Adyen ${path}: answer cut off`);
      data = undefined;
    }
    if (!response.ok) {
      const d = (data ?? {}) as { errorCode?: unknown; message?: unknown };
      const what = `Adyen ${path} answered ${response.status}: ${String(d.errorCode ?? "")} ${String(d.message ?? "")}`;
      throw new GatewayError(
        response.status >= 500 ? "unavailable" : "rejected",
        what.trim(),
        response.status,
      );
    }
    if (typeof data !== "object" || data === null)
      throw new GatewayError("unavailable", `Adyen ${path}: unreadable answer`, response.status);
    return data as T;
  }
}

/** Reads a payments answer; an unknown result code counts as an error, never as success. */
function answerOf(data: unknown): PaymentAnswer {
  const d = data as Record<string, unknown>;
  const code = RESULT_CODES.find((c) => c === d.resultCode) ?? "Error";
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  const action =
    typeof d.action === "object" &&
    d.action !== null &&
    typeof (d.action as { type?: unknown }).type === "string"
      ? (d.action as PaymentAnswer["action"])
      : undefined;
  const amount = d.amount as { value?: unknown; currency?: unknown } | undefined;
  return {
    resultCode: code,
    pspReference: str(d.pspReference),
    merchantReference: str(d.merchantReference),
    refusalReason: str(d.refusalReason),
    refusalReasonCode: str(d.refusalReasonCode),
    action,
    amount:
      amount && typeof amount.value === "number" && typeof amount.currency === "string"
        ? { value: amount.value, currency: amount.currency }
        : undefined,
  };
}

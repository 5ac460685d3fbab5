import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * What a card gateway speaks (architecture: Payments): Adyen's Checkout API v71 shapes (advanced
 * flow), so the offline test gateway answers exactly like Adyen and the routes cannot tell them
 * apart. The adapters (adyen.ts, test-gateway.ts) build on this module; gateway.ts chooses one.
 */

/** Adyen's result codes (the ones a card payment can end in). */
export type ResultCode =
  | "Authorised"
  | "Refused"
  | "Pending"
  | "Received"
  | "ChallengeShopper"
  | "RedirectShopper"
  | "IdentifyShopper"
  | "Cancelled"
  | "Error";

export const RESULT_CODES: readonly ResultCode[] = [
  "Authorised",
  "Refused",
  "Pending",
  "Received",
  "ChallengeShopper",
  "RedirectShopper",
  "IdentifyShopper",
  "Cancelled",
  "Error",
];

/** Minor units and ISO currency, as Adyen writes amounts. */
export interface Amount {
  value: number;
  currency: string;
}

export interface PaymentMethodsRequest {
  amount: Amount;
  countryCode?: string;
  shopperLocale?: string;
  channel?: "Web";
}

export interface PaymentMethodsAnswer {
  paymentMethods: { type: string; name: string; brands?: string[]; [k: string]: unknown }[];
  [k: string]: unknown;
}

/** A `/payments` request without the merchant account (the adapter adds it). */
export interface PaymentRequest {
  amount: Amount;
  /** The merchant reference: names the attempt in answers and webhooks. */
  reference: string;
  paymentMethod: Record<string, unknown>;
  returnUrl: string;
  channel: "Web";
  browserInfo?: Record<string, unknown>;
  riskData?: Record<string, unknown>;
  origin?: string;
  shopperLocale?: string;
  countryCode?: string;
  shopperEmail?: string;
  shopperReference?: string;
  authenticationData?: Record<string, unknown>;
}

export interface PaymentDetailsRequest {
  details: Record<string, unknown>;
  paymentData?: string;
}

/** What the browser must do next (3-D Secure, redirect); passed to it as it is. */
export interface PaymentAction {
  type: string;
  paymentData?: string;
  [k: string]: unknown;
}

export interface PaymentAnswer {
  resultCode: ResultCode;
  pspReference?: string;
  merchantReference?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  action?: PaymentAction;
  amount?: Amount;
}

export interface CancelAnswer {
  pspReference: string;
  status: string;
}

/** One item of a standard notification webhook (`NotificationRequestItem`). */
export interface NotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: Amount;
  eventCode: string;
  success: "true" | "false";
  eventDate?: string;
  reason?: string;
  paymentMethod?: string;
  additionalData?: Record<string, string>;
}

/** A standard notification body as Adyen posts it. */
export interface Notification {
  live: "true" | "false";
  notificationItems: { NotificationRequestItem: NotificationItem }[];
}

/**
 * The gateway could not give an answer: `timeout` (no answer in time: the payment may or may
 * not have happened), `network` (not reached, or the connection broke), `unavailable` (5xx),
 * `rejected` (4xx: the request was refused, e.g. invalid data or a reused idempotency key).
 */
export class GatewayError extends Error {
  constructor(
    readonly kind: "timeout" | "network" | "unavailable" | "rejected",
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export interface CardGateway {
  readonly provider: "adyen" | "test";
  paymentMethods(req: PaymentMethodsRequest): Promise<PaymentMethodsAnswer>;
  payments(req: PaymentRequest, idempotencyKey: string): Promise<PaymentAnswer>;
  paymentDetails(req: PaymentDetailsRequest, idempotencyKey: string): Promise<PaymentAnswer>;
  /**
   * Gives an authorisation back: Adyen's `/reversals` (cancels an uncaptured authorisation,
   * refunds a captured one), so it is safe whatever the merchant account's capture delay.
   */
  cancel(pspReference: string, idempotencyKey: string): Promise<CancelAnswer>;
  /** What the browser's card widget needs. */
  clientConfig(): { clientKey: string; environment: "test" | "live" };
  /** Whether a webhook item carries this gateway's valid HMAC signature. */
  verifyNotification(item: NotificationItem): boolean;
}

/**
 * The HMAC signature of a standard notification item: HMAC-SHA256, keyed with the hex key,
 * over `pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:
 * eventCode:success` (missing values empty), base64.
 */
export function notificationSignature(item: NotificationItem, hexKey: string): string {
  const payload = [
    item.pspReference ?? "",
    item.originalReference ?? "",
    item.merchantAccountCode ?? "",
    item.merchantReference ?? "",
    item.amount?.value ?? "",
    item.amount?.currency ?? "",
    item.eventCode ?? "",
    item.success ?? "",
  ].join(":");
  return createHmac("sha256", Buffer.from(hexKey, "hex")).update(payload, "utf8").digest("base64");
}

/** Compares the item's `additionalData.hmacSignature` with the expected one in constant time. */
export function verifyNotificationSignature(item: NotificationItem, hexKey: string): boolean {
  const sent = item.additionalData?.hmacSignature;
  if (typeof sent !== "string" || sent === "") return false;
  let expected: Buffer;
  try {
    expected = Buffer.from(notificationSignature(item, hexKey), "base64");
  } catch {
    return false;
  }
  const actual = Buffer.from(sent, "base64");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

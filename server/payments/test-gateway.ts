import { createHash, randomBytes } from "node:crypto";
import {
  GatewayError,
  notificationSignature,
  verifyNotificationSignature,
  type Amount,
  type CancelAnswer,
  type CardGateway,
  type Notification,
  type NotificationItem,
  type PaymentAnswer,
  type PaymentDetailsRequest,
  type PaymentMethodsAnswer,
  type PaymentMethodsRequest,
  type PaymentRequest,
} from "./protocol.js";

/** What a test card does (server/payments/README.md has the table). */
type CardBehaviour =
  | { kind: "authorise" }
  | { kind: "refuse"; reason: string }
  | { kind: "pending"; resultCode: "Pending" | "Received"; settles: boolean }
  | { kind: "challenge" }
  | { kind: "timeout" };

/** The documented test cards, digits only. Every one passes the Luhn check. */
export const TEST_CARDS: Record<string, CardBehaviour & { brand: string }> = {
  "4111111111111111": { brand: "visa", kind: "authorise" },
  "5555555555554444": { brand: "mc", kind: "authorise" },
  "4000000000000002": { brand: "visa", kind: "refuse", reason: "Refused" },
  "4000000000009995": { brand: "visa", kind: "refuse", reason: "Not enough balance" },
  "4000000000000010": { brand: "visa", kind: "pending", resultCode: "Pending", settles: true },
  "4000000000000028": { brand: "visa", kind: "pending", resultCode: "Received", settles: true },
  "4000000000000036": { brand: "visa", kind: "pending", resultCode: "Pending", settles: false },
  "4212345678910006": { brand: "visa", kind: "challenge" },
  "4000000000000119": { brand: "visa", kind: "timeout" },
};

/** The password the test challenge accepts. */
export const TEST_CHALLENGE_PASSWORD = "password";

export interface TestGatewayOptions {
  /** Hex HMAC key the notifications are signed with (default: random per gateway). */
  hmacKey?: string;
  merchantAccount?: string;
  /**
   * Receives each notification, as Adyen would post it, `deliveryDelayMs` later. Without it
   * notifications wait in a queue for `takeNotifications()` (tests decide when they arrive).
   */
  deliver?: (notification: Notification) => Promise<void> | void;
  deliveryDelayMs?: number;
}

export interface TestGatewayCall {
  operation: "paymentMethods" | "payments" | "paymentDetails" | "cancel";
  idempotencyKey?: string;
  /** Whether the call did something new (false: answered from the idempotency store). */
  processed: boolean;
  reference?: string;
  pspReference?: string;
  resultCode?: string;
}

/** Luhn check of a card number's digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * An offline card gateway with Adyen's answers, the default when no Adyen key is configured.
 * Cards come as plain fields (`number`, `expiryMonth`, `expiryYear`, `cvc`) or as Adyen's
 * test pseudo-encrypted fields (`encryptedCardNumber: "test_4111111111111111"`, ...). It keeps
 * Adyen's idempotency (a repeated key answers the first answer and does nothing again) and
 * sends signed standard notifications, so the webhook path runs exactly as with Adyen.
 */
export class TestCardGateway implements CardGateway {
  readonly provider = "test" as const;
  readonly hmacKey: string;
  readonly merchantAccount: string;
  /** Every call, for tests that count charges. */
  readonly calls: TestGatewayCall[] = [];
  private readonly answers = new Map<string, { hash: string; answer: PaymentAnswer }>();
  private readonly challenges = new Map<
    string,
    { reference: string; amount: Amount; pspReference: string; done: boolean }
  >();
  private readonly queue: Notification[] = [];
  private failures: ("timeout" | "network")[] = [];

  constructor(private readonly options: TestGatewayOptions = {}) {
    this.hmacKey = options.hmacKey ?? randomBytes(32).toString("hex");
    this.merchantAccount = options.merchantAccount ?? "PartnerPortalTest";
  }

  /** Makes the next call fail without reaching the "PSP" (nothing is charged). */
  failNext(kind: "timeout" | "network") {
    this.failures.push(kind);
  }

  /** The notifications not delivered yet (without a `deliver` option), oldest first. */
  takeNotifications(): Notification[] {
    return this.queue.splice(0, this.queue.length);
  }

  /** Signs an item with this gateway's key, as Adyen does. */
  sign(item: Omit<NotificationItem, "additionalData">): NotificationItem {
    const signed: NotificationItem = { ...item, additionalData: {} };
    signed.additionalData = { hmacSignature: notificationSignature(signed, this.hmacKey) };
    return signed;
  }

  async paymentMethods(_req: PaymentMethodsRequest): Promise<PaymentMethodsAnswer> {
    this.injectedFailure();
    this.calls.push({ operation: "paymentMethods", processed: true });
    return {
      paymentMethods: [{ type: "scheme", name: "Cards", brands: ["visa", "mc", "amex"] }],
    };
  }

  async payments(req: PaymentRequest, idempotencyKey: string): Promise<PaymentAnswer> {
    this.injectedFailure();
    const replay = this.replay("payments", req, idempotencyKey);
    if (replay) return replay;
    const card = readCard(req.paymentMethod);
    const psp = newPspReference();
    const refuse = (reason: string): PaymentAnswer => ({
      resultCode: "Refused",
      pspReference: psp,
      merchantReference: req.reference,
      refusalReason: reason,
    });
    let answer: PaymentAnswer;
    let timeout = false;
    if (card.problem) answer = refuse(card.problem);
    else {
      const behaviour = TEST_CARDS[card.number];
      switch (behaviour?.kind) {
        case undefined:
          answer = refuse("Not supported");
          break;
        case "authorise":
          answer = {
            resultCode: "Authorised",
            pspReference: psp,
            merchantReference: req.reference,
          };
          break;
        case "timeout":
          answer = {
            resultCode: "Authorised",
            pspReference: psp,
            merchantReference: req.reference,
          };
          timeout = true;
          break;
        case "refuse":
          answer = refuse(behaviour.reason);
          break;
        case "pending":
          answer = {
            resultCode: behaviour.resultCode,
            pspReference: psp,
            merchantReference: req.reference,
          };
          break;
        case "challenge": {
          const paymentData = randomBytes(24).toString("base64url");
          this.challenges.set(paymentData, {
            reference: req.reference,
            amount: req.amount,
            pspReference: psp,
            done: false,
          });
          answer = {
            resultCode: "ChallengeShopper",
            merchantReference: req.reference,
            action: {
              type: "testChallenge",
              subtype: "challenge",
              paymentMethodType: "scheme",
              paymentData,
              token: Buffer.from(JSON.stringify({ reference: req.reference })).toString(
                "base64url",
              ),
            },
          };
          break;
        }
      }
    }
    this.store(idempotencyKey, req, answer);
    this.calls.push({
      operation: "payments",
      idempotencyKey,
      processed: true,
      reference: req.reference,
      pspReference: answer.pspReference,
      resultCode: answer.resultCode,
    });
    this.notifyResult(answer, req.amount, TEST_CARDS[card.number ?? ""]);
    if (timeout) throw new GatewayError("timeout", "test gateway: simulated timeout");
    return answer;
  }

  async paymentDetails(req: PaymentDetailsRequest, idempotencyKey: string) {
    this.injectedFailure();
    const replay = this.replay("paymentDetails", req, idempotencyKey);
    if (replay) return replay;
    const challenge = req.paymentData ? this.challenges.get(req.paymentData) : undefined;
    if (!challenge || challenge.done)
      throw new GatewayError("rejected", "test gateway: invalid or used paymentData", 422);
    challenge.done = true;
    const answer: PaymentAnswer =
      req.details.password === TEST_CHALLENGE_PASSWORD
        ? {
            resultCode: "Authorised",
            pspReference: challenge.pspReference,
            merchantReference: challenge.reference,
          }
        : {
            resultCode: "Refused",
            pspReference: challenge.pspReference,
            merchantReference: challenge.reference,
            refusalReason: "3D Not Authenticated",
          };
    this.store(idempotencyKey, req, answer);
    this.calls.push({
      operation: "paymentDetails",
      idempotencyKey,
      processed: true,
      reference: challenge.reference,
      pspReference: answer.pspReference,
      resultCode: answer.resultCode,
    });
    this.notifyResult(answer, challenge.amount, { kind: "authorise" });
    return answer;
  }

  async cancel(pspReference: string, idempotencyKey: string): Promise<CancelAnswer> {
    this.injectedFailure();
    const seen = this.answers.get(`cancel:${idempotencyKey}`);
    const psp = seen?.answer.pspReference ?? newPspReference();
    this.calls.push({
      operation: "cancel",
      idempotencyKey,
      processed: !seen,
      pspReference,
    });
    if (!seen) {
      this.answers.set(`cancel:${idempotencyKey}`, {
        hash: pspReference,
        answer: { resultCode: "Received", pspReference: psp },
      });
      const original = this.calls.find(
        (c) => c.pspReference === pspReference && c.operation !== "cancel",
      );
      this.notify({
        pspReference: psp,
        originalReference: pspReference,
        merchantAccountCode: this.merchantAccount,
        merchantReference: original?.reference ?? "",
        amount: { value: 0, currency: "EUR" },
        eventCode: "CANCEL_OR_REFUND",
        success: "true",
      });
    }
    return { pspReference: psp, status: "received" };
  }

  clientConfig() {
    return { clientKey: "test_offline_gateway", environment: "test" as const };
  }

  verifyNotification(item: NotificationItem): boolean {
    return verifyNotificationSignature(item, this.hmacKey);
  }

  private injectedFailure() {
    const failure = this.failures.shift();
    if (failure === "timeout") throw new GatewayError("timeout", "test gateway: no answer");
    if (failure === "network") throw new GatewayError("network", "test gateway: unreachable");
  }

  /** Adyen's idempotency: the same key answers the first answer; another body is refused. */
  private replay(operation: string, body: unknown, key: string): PaymentAnswer | undefined {
    const seen = this.answers.get(`${operation}:${key}`);
    if (!seen) return undefined;
    if (seen.hash !== hashOf(body))
      throw new GatewayError("rejected", "test gateway: idempotency key reused", 422);
    this.calls.push({
      operation: operation as TestGatewayCall["operation"],
      idempotencyKey: key,
      processed: false,
      reference: seen.answer.merchantReference,
      pspReference: seen.answer.pspReference,
      resultCode: seen.answer.resultCode,
    });
    return seen.answer;
  }

  private store(key: string, body: PaymentRequest | PaymentDetailsRequest, answer: PaymentAnswer) {
    const operation = "reference" in body ? "payments" : "paymentDetails";
    this.answers.set(`${operation}:${key}`, { hash: hashOf(body), answer });
  }

  /** Adyen posts AUTHORISATION for every final result; Pending and Received settle later. */
  private notifyResult(answer: PaymentAnswer, amount: Amount, card: CardBehaviour | undefined) {
    if (!answer.pspReference || !answer.merchantReference) return;
    const item = (success: boolean, reason?: string) =>
      this.notify({
        pspReference: answer.pspReference!,
        merchantAccountCode: this.merchantAccount,
        merchantReference: answer.merchantReference!,
        amount,
        eventCode: "AUTHORISATION",
        success: success ? "true" : "false",
        ...(reason ? { reason } : {}),
      });
    switch (answer.resultCode) {
      case "Authorised":
        return item(true);
      case "Refused":
        return item(false, answer.refusalReason);
      case "Pending":
      case "Received":
        return card?.kind === "pending" && !card.settles ? item(false, "Refused") : item(true);
    }
  }

  private notify(raw: Omit<NotificationItem, "additionalData">) {
    const notification: Notification = {
      live: "false",
      notificationItems: [
        { NotificationRequestItem: { ...this.sign(raw), eventDate: new Date().toISOString() } },
      ],
    };
    const deliver = this.options.deliver;
    if (!deliver) {
      this.queue.push(notification);
      return;
    }
    setTimeout(() => {
      Promise.resolve(deliver(notification)).catch(() => {
        // Adyen would retry; the offline gateway keeps it for takeNotifications().
        this.queue.push(notification);
      });
    }, this.options.deliveryDelayMs ?? 1000).unref();
  }
}

function hashOf(body: unknown): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("base64url");
}

/** 16 characters like Adyen's pspReference. */
function newPspReference(): string {
  const digits = Array.from(randomBytes(15), (b) => String(b % 10)).join("");
  return `T${digits}`;
}

/**
 * The card of a payment method: plain test fields or Adyen's `test_` pseudo-encrypted ones.
 * Any problem is Adyen's refusal reason for it.
 */
function readCard(pm: Record<string, unknown>): { number: string; problem?: string } {
  const field = (plain: string, encrypted: string) => {
    const value = pm[plain] ?? pm[encrypted];
    if (typeof value !== "string") return "";
    return value.startsWith("test_") ? value.slice(5) : value;
  };
  const number = field("number", "encryptedCardNumber").replace(/[\s-]/g, "");
  if (!luhnValid(number)) return { number, problem: "Invalid Card Number" };
  const month = Number(field("expiryMonth", "encryptedExpiryMonth"));
  let year = Number(field("expiryYear", "encryptedExpiryYear"));
  if (year < 100) year += 2000;
  const now = new Date();
  if (
    !Number.isInteger(month) ||
    month < 1 ||
    month > 12 ||
    !Number.isInteger(year) ||
    year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
  )
    return { number, problem: "Expired Card" };
  if (!/^\d{3,4}$/.test(field("cvc", "encryptedSecurityCode")))
    return { number, problem: "CVC Declined" };
  return { number };
}

import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { ServerConfig } from "../config.js";
import { recordAudit, type Actor } from "../db/audit.js";
import {
  APPROVAL_REQUIRED,
  checkCompletion,
  completeCart,
  findOrderByToken,
  recordPaymentState,
  type Tx,
} from "../db/orders.js";
import type { CardAttemptStatus, CardPaymentAttemptRow, DB, OrderRow } from "../db/schema.js";
import { checkSpending, spendingNow } from "../db/spending.js";
import { totalUnpaidAmount } from "../../rules/payment-status.js";
import { queueOrderConfirmation } from "../mail/order-confirmation.js";
import { AWAITING_APPROVAL } from "../domain/spending-limits.js";
import { requireAbility, type Principal } from "../core/abilities.js";
import type { Language } from "../core/i18n.js";
import { orderResources } from "../core/order-resource.js";
import { conflict, notFound, Problem, unprocessable } from "../core/problem.js";
import {
  GatewayError,
  type CardGateway,
  type NotificationItem,
  type PaymentAction,
  type PaymentAnswer,
  type ResultCode,
} from "./gateway.js";

export const PAYMENT_BASE = "/api/v2/shop/payment/adyen";
export const WEBHOOK_PATH = `${PAYMENT_BASE}/webhook`;

/** Attempts a gateway answer or a webhook may still settle. */
const OPEN: readonly CardAttemptStatus[] = ["sent", "unknown", "action"];
const SYSTEM: Actor = { type: "system", id: null };

const ADYEN_LOCALES: Record<Language, string> = {
  en: "en-US",
  fr: "fr-FR",
  de: "de-DE",
  it: "it-IT",
  es: "es-ES",
};

/** What the widget sends for a payment (validated by the route). */
export interface PaymentInput {
  paymentMethod: Record<string, unknown>;
  browserInfo?: Record<string, unknown>;
  riskData?: Record<string, unknown>;
  origin?: string;
}

/** What the widget sends after an action. */
export interface DetailsInput {
  details: Record<string, unknown>;
  paymentData?: string;
}

/** The answer of the payments and details routes. */
export interface PaymentOutcome {
  resultCode: ResultCode;
  merchantReference: string;
  action?: PaymentAction;
  refusalReason?: string;
  /** The order as the orders route shows it, once it is placed (or when paying a placed one). */
  order?: unknown;
}

/** A completion refused after an authorisation: rolls the placement back, then voids. */
class Unusable extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detailKey);
  }
}

/** A cart is its owner's; a placed order is visible to everyone of the company. */
function visibleTo(order: OrderRow, p: Principal) {
  return order.state === "cart"
    ? order.shop_user_id === p.userId
    : order.company_id === p.companyId;
}

/** The Idempotency-Key sent to the gateway for a client's key: stable, and not the client's. */
export function gatewayKey(...parts: (string | number)[]): string {
  return createHash("sha256").update(parts.join("\n")).digest("base64url");
}

function problemJson(p: Problem) {
  return JSON.stringify({
    status: p.status,
    type: p.type,
    detailKey: p.detailKey,
    params: p.params,
    violations: p.violations,
  });
}

function problemFrom(stored: unknown): Problem {
  const p = stored as {
    status: number;
    type: string;
    detailKey: string;
    params: Record<string, string | number>;
    violations: Problem["violations"];
  };
  return new Problem(p.status, p.type, p.detailKey, p.params, p.violations);
}

/**
 * Card payments: the attempt is written before the gateway is asked (so a webhook can always
 * find it), the gateway is asked outside any transaction, and its answer (or a webhook) is
 * applied under the order's row lock, at most once per attempt. Amounts come from the
 * database, never from the browser.
 */
export class CardPayments {
  constructor(
    private readonly db: Kysely<DB>,
    readonly gateway: CardGateway,
    private readonly config: ServerConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The card payment method named in the path (404 for unknown, disabled or non-card). */
  private async cardMethod(code: string) {
    const method = await this.db
      .selectFrom("payment_methods")
      .select(["code", "kind"])
      .where("code", "=", code)
      .where("enabled", "=", true)
      .executeTakeFirst();
    if (!method || method.kind !== "card") throw notFound();
    return method;
  }

  /** What is left to pay: a cart's total, a placed order's open payments, nothing if cancelled. */
  private async amountDue(db: Kysely<DB>, order: OrderRow) {
    if (order.state === "cart") return order.total;
    if (order.state === "cancelled") return 0;
    const payments = await db
      .selectFrom("payments")
      .select(["state", "amount"])
      .where("order_id", "=", order.id)
      .execute();
    return totalUnpaidAmount(payments);
  }

  /** GET setup: what the card dialog needs to show the widget. */
  async setup(principal: Principal, methodCode: string, token: string, lang: Language) {
    requireAbility(principal, "payment.pay");
    await this.cardMethod(methodCode);
    const order = await findOrderByToken(this.db, token);
    if (!order || !visibleTo(order, principal)) throw notFound();
    // Nothing is charged before an ADMIN approves an order over the buyer's limit (decision
    // 043): a cart over it is placed without paying; a held order has nothing to pay yet.
    if (order.state === AWAITING_APPROVAL) throw conflict("approval.notYetApproved");
    if (order.state === "cart" && (await spendingNow(this.db, order)).exceeded.length > 0)
      throw unprocessable(APPROVAL_REQUIRED.violations, APPROVAL_REQUIRED.type);
    const value = await this.amountDue(this.db, order);
    if (value <= 0) throw conflict("cardPayment.nothingToPay");
    const countryCode = await this.countryOf(order);
    const amount = { value, currency: order.currency_code };
    const locale = ADYEN_LOCALES[lang];
    const paymentMethods = await this.ask(() =>
      this.gateway.paymentMethods({ amount, countryCode, shopperLocale: locale, channel: "Web" }),
    );
    const base = `${PAYMENT_BASE}/${encodeURIComponent(methodCode)}/${encodeURIComponent(token)}`;
    return {
      provider: this.gateway.provider,
      ...this.gateway.clientConfig(),
      payments: `${base}/payments`,
      paymentDetails: `${base}/details`,
      paymentMethods,
      billingAddress: { countryCode },
      amount,
      locale,
      orderToken: order.token_value,
      flow: order.state === "cart" ? "checkout" : "pay_now",
    };
  }

  private async countryOf(order: OrderRow): Promise<string> {
    const billing = order.billing_address as { countryCode?: string } | null;
    const shipping = order.shipping_address as { countryCode?: string } | null;
    if (billing?.countryCode) return billing.countryCode;
    const company = await this.db
      .selectFrom("companies")
      .leftJoin("addresses", "addresses.id", "companies.default_billing_address_id")
      .select("addresses.country_code")
      .where("companies.id", "=", order.company_id)
      .executeTakeFirst();
    return company?.country_code ?? shipping?.countryCode ?? "DE";
  }

  /** POST payments: starts (or replays) an attempt and applies the gateway's answer. */
  async pay(
    principal: Principal,
    methodCode: string,
    token: string,
    input: PaymentInput,
    clientKey: string | undefined,
    requestHash: string,
  ): Promise<PaymentOutcome> {
    requireAbility(principal, "payment.pay");
    await this.cardMethod(methodCode);
    const started = await this.db.transaction().execute(async (tx) => {
      const order = await findOrderByToken(tx, token, true);
      if (!order || !visibleTo(order, principal)) throw notFound();
      if (clientKey !== undefined) {
        const seen = await tx
          .selectFrom("card_payment_attempts")
          .selectAll()
          .where("shop_user_id", "=", principal.userId)
          .where("idempotency_key", "=", clientKey)
          .executeTakeFirst();
        if (seen) {
          if (seen.request_hash !== requestHash || seen.order_id !== order.id)
            throw unprocessable(
              [{ propertyPath: "Idempotency-Key", message: "error.idempotencyMismatch" }],
              "/problems/idempotency-key-reused",
            );
          return { attempt: seen, replay: true };
        }
      }
      let amount: number;
      let flow: "checkout" | "pay_now";
      if (order.state === "cart") {
        // Charge only what could become an order: the checks of completion, and stock and
        // coupon as they are now (placement re-checks them atomically after the payment).
        const checked = await checkCompletion(tx, order, true);
        if (checked.refusal) throw unprocessable(checked.refusal.violations, checked.refusal.type);
        if ((await checkSpending(tx, checked.order, checked.buyer)).exceeded.length > 0)
          throw unprocessable(APPROVAL_REQUIRED.violations, APPROVAL_REQUIRED.type);
        amount = checked.order.total;
        flow = "checkout";
      } else {
        if (order.state === "cancelled") throw conflict("cardPayment.orderCancelled");
        if (order.state === AWAITING_APPROVAL) throw conflict("approval.notYetApproved");
        amount = await this.amountDue(tx, order);
        flow = "pay_now";
      }
      if (amount <= 0) throw conflict("cardPayment.nothingToPay");
      const attempt = await tx
        .insertInto("card_payment_attempts")
        .values({
          order_id: order.id,
          company_id: order.company_id,
          shop_user_id: principal.userId,
          method_code: methodCode,
          flow,
          merchant_reference: `PP-${order.id}-${randomBytes(5).toString("hex")}`,
          amount,
          currency_code: order.currency_code,
          idempotency_key: clientKey ?? null,
          request_hash: requestHash,
          gateway_idempotency_key:
            clientKey === undefined
              ? randomUUID()
              : gatewayKey("payments", principal.userId, clientKey),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(tx, {
        actor: { type: "user", id: principal.userId },
        companyId: order.company_id,
        entityType: "order",
        entityId: order.id,
        action: "card.attempt",
        after: { reference: attempt.merchant_reference, amount, currency: order.currency_code },
      });
      return { attempt, replay: false, locale: order.locale_code };
    });
    let attempt = started.attempt;
    if (started.replay && !OPEN.includes(attempt.status)) return this.outcome(attempt);
    if (started.replay && attempt.status === "action") return this.outcome(attempt);
    const order = await this.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", attempt.order_id ?? -1)
      .executeTakeFirst();
    if (!order) throw notFound();
    const countryCode = await this.countryOf(order);
    const returnPage = attempt.flow === "checkout" ? "/checkout" : "/shop/account/payments";
    let answer: PaymentAnswer;
    try {
      answer = await this.gateway.payments(
        {
          amount: { value: attempt.amount, currency: attempt.currency_code },
          reference: attempt.merchant_reference,
          paymentMethod: input.paymentMethod,
          returnUrl: `${this.config.publicUrl}${returnPage}?paymentReference=${attempt.merchant_reference}`,
          channel: "Web",
          ...(input.browserInfo ? { browserInfo: input.browserInfo } : {}),
          ...(input.riskData ? { riskData: input.riskData } : {}),
          ...(input.origin ? { origin: input.origin } : {}),
          shopperLocale: order.locale_code.replace("_", "-"),
          countryCode,
          shopperEmail: principal.email,
          shopperReference: `company-${attempt.company_id}`,
          authenticationData: { threeDSRequestData: { nativeThreeDS: "preferred" } },
        },
        attempt.gateway_idempotency_key,
      );
    } catch (error) {
      attempt = await this.failed(attempt, error);
      if (attempt.status === "refused") return this.outcome(attempt);
      throw this.problemOf(error);
    }
    return this.outcomeOf(
      await this.apply(attempt.id, answer, { type: "user", id: principal.userId }),
    );
  }

  /** POST details: the shopper finished an action (3-D Secure challenge, redirect). */
  async details(
    principal: Principal,
    methodCode: string,
    token: string,
    input: DetailsInput,
    clientKey: string | undefined,
  ): Promise<PaymentOutcome> {
    requireAbility(principal, "payment.pay");
    await this.cardMethod(methodCode);
    const order = await findOrderByToken(this.db, token);
    if (!order || !visibleTo(order, principal)) throw notFound();
    if (clientKey !== undefined) {
      const replayed = await this.db
        .selectFrom("card_payment_attempts")
        .selectAll()
        .where("order_id", "=", order.id)
        .where("details_idempotency_key", "=", gatewayKey("details", principal.userId, clientKey))
        .executeTakeFirst();
      if (replayed && !OPEN.includes(replayed.status)) return this.outcome(replayed);
    }
    const waiting = await this.db
      .selectFrom("card_payment_attempts")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("status", "in", ["action", "unknown"])
      .where("action", "is not", null)
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (!waiting) throw conflict("cardPayment.noPendingAction");
    return this.submitDetails(waiting, input, clientKey, principal);
  }

  private async submitDetails(
    waiting: CardPaymentAttemptRow,
    input: DetailsInput,
    clientKey: string | undefined,
    principal: Principal,
  ) {
    const key =
      clientKey === undefined ? randomUUID() : gatewayKey("details", principal.userId, clientKey);
    await this.db
      .updateTable("card_payment_attempts")
      .set({ details_idempotency_key: key, updated_at: sql`now()` })
      .where("id", "=", waiting.id)
      .execute();
    const action = waiting.action as PaymentAction | null;
    let answer: PaymentAnswer;
    try {
      answer = await this.gateway.paymentDetails(
        {
          details: input.details,
          ...((input.paymentData ?? action?.paymentData)
            ? { paymentData: input.paymentData ?? action?.paymentData }
            : {}),
        },
        key,
      );
    } catch (error) {
      const attempt = await this.failed(waiting, error);
      if (attempt.status === "refused") return this.outcome(attempt);
      throw this.problemOf(error);
    }
    return this.outcomeOf(
      await this.apply(waiting.id, answer, { type: "user", id: principal.userId }),
    );
  }

  /**
   * GET details?referenceId=: the attempt's outcome (after a redirect, with its
   * `redirectResult`, the details are submitted first).
   */
  async status(
    principal: Principal,
    methodCode: string,
    reference: string,
    redirectResult: string | undefined,
  ): Promise<PaymentOutcome> {
    requireAbility(principal, "payment.pay");
    await this.cardMethod(methodCode);
    const attempt = await this.db
      .selectFrom("card_payment_attempts")
      .selectAll()
      .where("merchant_reference", "=", reference)
      .where("company_id", "=", principal.companyId)
      .executeTakeFirst();
    if (!attempt || (attempt.flow === "checkout" && attempt.shop_user_id !== principal.userId))
      throw notFound();
    if (redirectResult !== undefined && attempt.status === "action") {
      return this.submitDetails(
        attempt,
        { details: { redirectResult } },
        `redirect:${reference}:${redirectResult}`,
        principal,
      );
    }
    if (attempt.status === "sent" || attempt.status === "unknown")
      throw conflict("cardPayment.outcomeUnknown");
    return this.outcome(attempt);
  }

  /**
   * The gateway gave no answer. A refusal of the request itself ends the attempt (the widget
   * sent something the gateway does not take); otherwise the outcome is unknown until a
   * webhook or a retry with the same key tells.
   */
  private async failed(attempt: CardPaymentAttemptRow, error: unknown) {
    this.log.warn({ err: error, reference: attempt.merchant_reference }, "card gateway failed");
    const rejected = error instanceof GatewayError && error.kind === "rejected";
    const next: CardAttemptStatus = rejected ? "refused" : "unknown";
    return (
      (await this.db
        .updateTable("card_payment_attempts")
        .set({
          status: next,
          ...(rejected ? { result_code: "Error", refusal_reason: "Rejected" } : {}),
          last_error: error instanceof Error ? error.message.slice(0, 500) : String(error),
          updated_at: sql`now()`,
        })
        .where("id", "=", attempt.id)
        .where("status", "in", OPEN as CardAttemptStatus[])
        .returningAll()
        .executeTakeFirst()) ?? attempt
    );
  }

  private problemOf(error: unknown): Problem {
    if (error instanceof GatewayError && error.kind === "timeout")
      return new Problem(504, "/problems/payment-gateway-timeout", "cardPayment.gatewayTimeout");
    if (error instanceof GatewayError)
      return new Problem(
        502,
        "/problems/payment-gateway-unavailable",
        "cardPayment.gatewayUnavailable",
      );
    return error as Problem;
  }

  /** Runs a gateway call whose failure is only a problem for the caller (nothing recorded). */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.log.warn({ err: error }, "card gateway failed");
      throw this.problemOf(error);
    }
  }

  /**
   * Applies a gateway answer (or a webhook's verdict) to an attempt, once: under the order's
   * lock, an attempt no longer open is left as it is. An authorisation completes the cart or
   * settles the open balance; when it cannot be used (the cart changed, stock ran out, the
   * order was paid another way) the placement is rolled back and the authorisation voided.
   */
  async apply(
    attemptId: number,
    answer: PaymentAnswer,
    actor: Actor,
    opts: { open?: readonly CardAttemptStatus[]; first?: (tx: Tx) => Promise<boolean> } = {},
  ): Promise<{ attempt: CardPaymentAttemptRow; problem?: Problem }> {
    const open = opts.open ?? OPEN;
    const run = (unusable?: Problem) =>
      this.db.transaction().execute(async (tx) => {
        if (opts.first && !(await opts.first(tx))) return undefined;
        const head = await tx
          .selectFrom("card_payment_attempts")
          .select("order_id")
          .where("id", "=", attemptId)
          .executeTakeFirstOrThrow();
        // One lock order everywhere (order row, then attempt): answers and webhooks serialize.
        const order =
          head.order_id === null
            ? undefined
            : await tx
                .selectFrom("orders")
                .selectAll()
                .where("id", "=", head.order_id)
                .forUpdate()
                .executeTakeFirst();
        const attempt = await tx
          .selectFrom("card_payment_attempts")
          .selectAll()
          .where("id", "=", attemptId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (!open.includes(attempt.status)) return { attempt, voidNow: false };
        const recorded = {
          psp_reference: answer.pspReference ?? attempt.psp_reference,
          result_code: answer.resultCode,
          refusal_reason: answer.refusalReason ?? null,
          updated_at: sql<Date>`now()`,
        };
        const set = async (status: CardAttemptStatus, extra: object = {}) =>
          tx
            .updateTable("card_payment_attempts")
            .set({ ...recorded, status, ...extra })
            .where("id", "=", attempt.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        const audit = (action: string, after: object) =>
          recordAudit(tx, {
            actor,
            companyId: attempt.company_id,
            entityType: "order",
            entityId: attempt.order_id ?? attempt.merchant_reference,
            action,
            before: { attempt: attempt.merchant_reference, status: attempt.status },
            after,
          });
        if (unusable) {
          const voided = await set("voiding", { problem: problemJson(unusable) });
          await audit("card.void", { status: "voiding", reason: unusable.detailKey });
          return { attempt: voided, voidNow: true, problem: unusable };
        }
        const psp = recorded.psp_reference;
        switch (answer.resultCode) {
          case "ChallengeShopper":
          case "RedirectShopper":
          case "IdentifyShopper": {
            const next = await set("action", { action: JSON.stringify(answer.action ?? null) });
            return { attempt: next, voidNow: false };
          }
          case "Authorised":
          case "Pending":
          case "Received": {
            const paid = answer.resultCode === "Authorised";
            if (
              answer.amount &&
              (answer.amount.value !== attempt.amount ||
                answer.amount.currency !== attempt.currency_code)
            )
              throw new Unusable(conflict("cardPayment.amountChanged"));
            const usable = await this.use(
              tx,
              { ...attempt, psp_reference: psp },
              order,
              actor,
              paid,
            );
            const next = await set(paid ? "paid" : "processing", { action: null });
            await audit(paid ? "card.paid" : "card.processing", {
              status: next.status,
              pspReference: psp,
              resultCode: answer.resultCode,
              orderState: usable.state,
            });
            return { attempt: next, voidNow: false };
          }
          default: {
            // Refused, Cancelled, Error: a Pending payment that fails frees the balance again.
            // A cancelled order stays cancelled: nothing is owed again.
            if (attempt.status === "processing" && order && order.state !== "cancelled")
              await this.reopen(tx, order, attempt);
            const next = await set("refused", { action: null });
            await audit("card.refused", {
              status: "refused",
              resultCode: answer.resultCode,
              refusalReason: answer.refusalReason ?? null,
            });
            return { attempt: next, voidNow: false };
          }
        }
      });
    let result;
    try {
      result = await run();
    } catch (error) {
      if (!(error instanceof Unusable)) throw error;
      result = await run(error.problem);
    }
    if (!result) return { attempt: await this.attempt(attemptId) };
    if (result.voidNow) await this.void(result.attempt);
    return { attempt: await this.attempt(attemptId), problem: result.problem };
  }

  private attempt(id: number) {
    return this.db
      .selectFrom("card_payment_attempts")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  /**
   * Uses an authorisation (or a Pending/Received payment) for its order, or throws Unusable.
   * `paid`: the money is certain (Authorised); otherwise the order's payments wait as
   * `processing` until the webhook.
   */
  private async use(
    tx: Tx,
    attempt: CardPaymentAttemptRow,
    order: OrderRow | undefined,
    actor: Actor,
    paid: boolean,
  ): Promise<OrderRow> {
    if (!order) throw new Unusable(conflict("cardPayment.orderGone"));
    if (attempt.status === "processing") {
      // The webhook settling a Pending/Received payment this attempt already placed. Staff may
      // have cancelled the order meanwhile (its processing payments with it): then the money
      // is given back, and the cancelled order never becomes paid.
      if (paid && order.state === "cancelled")
        throw new Unusable(conflict("cardPayment.orderCancelled"));
      if (paid) await this.settle(tx, order, attempt, actor, "processing");
      return order;
    }
    let target = order;
    if (attempt.flow === "checkout") {
      if (order.state !== "cart") throw new Unusable(conflict("cardPayment.alreadySettled"));
      const checked = await checkCompletion(tx, order);
      if (
        checked.order.total !== attempt.amount ||
        checked.order.currency_code !== attempt.currency_code
      )
        throw new Unusable(conflict("cardPayment.cartChanged"));
      const completed = await completeCart(tx, order, { actor });
      if (completed.refusal)
        throw new Unusable(unprocessable(completed.refusal.violations, completed.refusal.type));
      target = completed.order;
      // The cart may have named another method: it is paid by this card now.
      await tx
        .updateTable("payments")
        .set({ method_code: attempt.method_code })
        .where("order_id", "=", order.id)
        .where("state", "=", "new")
        .execute();
      // The buyer's confirmation, in their language (issue 30): a card order is placed here.
      await queueOrderConfirmation(tx, target, this.config, false);
    } else {
      if (order.state === "cancelled") throw new Unusable(conflict("cardPayment.orderCancelled"));
      if ((await this.amountDue(tx, order)) !== attempt.amount)
        throw new Unusable(conflict("cardPayment.amountChanged"));
    }
    if (paid) await this.settle(tx, target, attempt, actor, "new");
    else await this.hold(tx, target, attempt, actor);
    return (await tx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", order.id)
      .executeTakeFirst())!;
  }

  /** Marks the order's open (or processing) payments paid by this card, and the order's state. */
  private async settle(
    tx: Tx,
    order: OrderRow,
    attempt: CardPaymentAttemptRow,
    actor: Actor,
    from: "new" | "processing",
  ) {
    const psp = attempt.psp_reference;
    const rows = await tx
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("state", "=", from)
      .execute();
    const now = new Date();
    for (const p of rows) {
      await tx
        .updateTable("payments")
        .set({
          state: "completed",
          method_code: attempt.method_code,
          provider_reference: psp,
          updated_at: now,
        })
        .where("id", "=", p.id)
        .execute();
      await recordAudit(tx, {
        actor,
        companyId: order.company_id,
        entityType: "payment",
        entityId: p.id,
        action: "received",
        before: { state: p.state, amount: p.amount, method: p.method_code },
        after: { state: "completed", amount: p.amount, method: attempt.method_code, psp },
      });
    }
    await recordPaymentState(tx, order, actor, { psp, amount: attempt.amount });
  }

  /** Pending/Received: the open payments wait for the webhook, and cannot be paid twice. */
  private async hold(tx: Tx, order: OrderRow, attempt: CardPaymentAttemptRow, actor: Actor) {
    const rows = await tx
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("state", "=", "new")
      .execute();
    for (const p of rows) {
      await tx
        .updateTable("payments")
        .set({
          state: "processing",
          method_code: attempt.method_code,
          provider_reference: attempt.psp_reference,
          updated_at: new Date(),
        })
        .where("id", "=", p.id)
        .execute();
      await recordAudit(tx, {
        actor,
        companyId: order.company_id,
        entityType: "payment",
        entityId: p.id,
        action: "processing",
        before: { state: p.state, amount: p.amount },
        after: { state: "processing", amount: p.amount, psp: attempt.psp_reference },
      });
    }
  }

  /** A Pending payment failed: its payments are open again, to be paid another way. */
  private async reopen(tx: Tx, order: OrderRow, attempt: CardPaymentAttemptRow) {
    const rows = await tx
      .updateTable("payments")
      .set({ state: "new", updated_at: new Date() })
      .where("order_id", "=", order.id)
      .where("state", "=", "processing")
      .returning(["id", "amount"])
      .execute();
    for (const p of rows)
      await recordAudit(tx, {
        actor: SYSTEM,
        companyId: order.company_id,
        entityType: "payment",
        entityId: p.id,
        action: "reopened",
        before: { state: "processing", psp: attempt.psp_reference },
        after: { state: "new", amount: p.amount },
      });
  }

  /** Gives an unusable authorisation back; a failure leaves the attempt `voiding` to retry. */
  private async void(attempt: CardPaymentAttemptRow) {
    if (!attempt.psp_reference) return;
    try {
      await this.gateway.cancel(
        attempt.psp_reference,
        gatewayKey("cancel", attempt.gateway_idempotency_key),
      );
      await this.db
        .updateTable("card_payment_attempts")
        .set({ status: "voided", updated_at: sql`now()` })
        .where("id", "=", attempt.id)
        .where("status", "=", "voiding")
        .execute();
    } catch (error) {
      this.log.error(
        { err: error, reference: attempt.merchant_reference },
        "could not void an unusable card authorisation",
      );
      await this.db
        .updateTable("card_payment_attempts")
        .set({
          last_error: error instanceof Error ? error.message.slice(0, 500) : String(error),
          updated_at: sql`now()`,
        })
        .where("id", "=", attempt.id)
        .execute();
    }
  }

  /** The answer of an applied result: the outcome, or the problem that voided it. */
  private async outcomeOf(applied: { attempt: CardPaymentAttemptRow; problem?: Problem }) {
    if (applied.problem) throw applied.problem;
    return this.outcome(applied.attempt);
  }

  /** An attempt as the routes answer it (a replay gives the same answer as the first time). */
  async outcome(attempt: CardPaymentAttemptRow): Promise<PaymentOutcome> {
    if ((attempt.status === "voiding" || attempt.status === "voided") && attempt.problem)
      throw problemFrom(attempt.problem);
    if (attempt.status === "sent" || attempt.status === "unknown")
      throw new Problem(504, "/problems/payment-gateway-timeout", "cardPayment.gatewayTimeout");
    const out: PaymentOutcome = {
      resultCode: (attempt.result_code ?? "Error") as ResultCode,
      merchantReference: attempt.merchant_reference,
    };
    if (attempt.status === "action" && attempt.action) out.action = attempt.action as PaymentAction;
    if (attempt.refusal_reason) out.refusalReason = attempt.refusal_reason;
    if (attempt.order_id !== null) {
      const order = await this.db
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", attempt.order_id)
        .executeTakeFirst();
      if (order && order.state !== "cart")
        out.order = (await orderResources(this.db, [order], order.locale_code.slice(0, 2)))[0];
    }
    return out;
  }

  /**
   * One verified webhook item, at most once per (pspReference, eventCode, success): the
   * de-duplication row is written in the same transaction as its effect, so a failure rolls
   * both back and Adyen's retry runs it again.
   */
  async notification(item: NotificationItem): Promise<string> {
    const success = item.success === "true";
    let outcome = "ignored";
    const first = async (tx: Tx) => {
      const row = await tx
        .insertInto("payment_webhook_events")
        .values({
          psp_reference: item.pspReference,
          original_reference: item.originalReference ?? null,
          merchant_reference: item.merchantReference ?? null,
          event_code: item.eventCode,
          success,
          payload: JSON.stringify(item),
          processed_at: new Date(),
        })
        .onConflict((oc) => oc.columns(["psp_reference", "event_code", "success"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) outcome = "duplicate";
      return row !== undefined;
    };
    const mark = (result: string) =>
      this.db
        .updateTable("payment_webhook_events")
        .set({ outcome: result })
        .where("psp_reference", "=", item.pspReference)
        .where("event_code", "=", item.eventCode)
        .where("success", "=", success)
        .execute();

    if (item.eventCode === "AUTHORISATION") {
      const attempt = await this.db
        .selectFrom("card_payment_attempts")
        .select(["id", "status"])
        .where("merchant_reference", "=", item.merchantReference ?? "")
        .executeTakeFirst();
      if (attempt) {
        const { attempt: after } = await this.apply(
          attempt.id,
          success
            ? {
                resultCode: "Authorised",
                pspReference: item.pspReference,
                amount: item.amount,
              }
            : {
                resultCode: "Refused",
                pspReference: item.pspReference,
                refusalReason: item.reason ?? "Refused",
              },
          SYSTEM,
          {
            // The webhook is the final word: it also settles Pending/Received attempts, and an
            // authorisation the browser heard as refused.
            open: success ? [...OPEN, "processing", "refused"] : [...OPEN, "processing"],
            first,
          },
        );
        if (outcome !== "duplicate") await mark((outcome = `attempt ${after.status}`));
        return outcome;
      }
    }
    if (
      success &&
      ["CANCEL_OR_REFUND", "CANCELLATION", "REFUND", "TECHNICAL_CANCEL"].includes(item.eventCode)
    ) {
      await this.db.transaction().execute(async (tx) => {
        if (!(await first(tx))) return;
        const voided = await tx
          .updateTable("card_payment_attempts")
          .set({ status: "voided", updated_at: sql`now()` })
          .where("psp_reference", "=", item.originalReference ?? "")
          .where("status", "=", "voiding")
          .returning("id")
          .executeTakeFirst();
        outcome = voided ? "attempt voided" : "recorded";
      });
    } else {
      await this.db.transaction().execute(async (tx) => {
        if (await first(tx)) outcome = "recorded";
      });
    }
    if (outcome !== "duplicate") await mark(outcome);
    return outcome;
  }
}

import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Violation } from "../../../rules/violations.js";
import {
  createCardGateway,
  type CardGateway,
  type Notification,
  type NotificationItem,
} from "../../payments/gateway.js";
import {
  CardPayments,
  PAYMENT_BASE,
  WEBHOOK_PATH,
  type DetailsInput,
  type PaymentInput,
} from "../../payments/service.js";
import { requirePrincipal } from "../auth.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { queryString } from "../validate.js";
import { Problem, unauthorized, unprocessable } from "../../core/problem.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The card gateway in use (tests reach the offline one through it). */
    cardGateway: CardGateway;
  }
}

/** A widget's payment data is a few kilobytes; anything much larger is not one. */
export const PAYMENT_BODY_LIMIT = 64 * 1024;
const MAX_FIELD = 16 * 1024;

const CARD_FIELDS = [
  "type",
  "encryptedCardNumber",
  "encryptedExpiryMonth",
  "encryptedExpiryYear",
  "encryptedSecurityCode",
  "holderName",
  "brand",
  "checkoutAttemptId",
  "threeDS2SdkVersion",
];
/** Plain card fields: only the offline test gateway takes them (never real card data). */
const PLAIN_CARD_FIELDS = ["number", "expiryMonth", "expiryYear", "cvc"];
const BROWSER_INFO: Record<string, "string" | "number" | "boolean"> = {
  acceptHeader: "string",
  colorDepth: "number",
  language: "string",
  javaEnabled: "boolean",
  javaScriptEnabled: "boolean",
  screenHeight: "number",
  screenWidth: "number",
  timeZoneOffset: "number",
  userAgent: "string",
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Card payments (storefront spec 7, account spec 7): setup, payments, details and the
 * gateway's webhook, over the gateway the configuration chooses (server/payments/).
 */
export async function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const gateway = createCardGateway(ctx.config.payments, {
    test:
      ctx.config.env === "test"
        ? {}
        : {
            // Offline, the "gateway" posts its webhooks to this server like Adyen would.
            deliver: async (notification) => {
              const res = await app.inject({
                method: "POST",
                url: WEBHOOK_PATH,
                payload: notification,
              });
              if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
            },
          },
  });
  app.decorate("cardGateway", gateway);
  const payments = new CardPayments(ctx.db, gateway, ctx.config, app.log);

  const params = (request: FastifyRequest) => request.params as { method: string; token: string };

  app.get(`${PAYMENT_BASE}/:method/details`, async (request) => {
    const principal = requirePrincipal(request);
    const q = request.query as Json;
    const reference = queryString(q, "referenceId", 64);
    const redirectResult = queryString(q, "redirectResult", MAX_FIELD);
    if (reference === undefined)
      throw unprocessable([{ propertyPath: "referenceId", message: "field.required" }]);
    return payments.status(principal, params(request).method, reference, redirectResult);
  });

  app.get(`${PAYMENT_BASE}/:method/:token`, async (request) => {
    const principal = requirePrincipal(request);
    const { method, token } = params(request);
    return payments.setup(principal, method, token, languageOf(request));
  });

  app.post(
    `${PAYMENT_BASE}/:method/:token/payments`,
    { bodyLimit: PAYMENT_BODY_LIMIT },
    async (request) => {
      const principal = requirePrincipal(request);
      const key = idempotencyKey(request);
      const input = readPayment(request.body, gateway.provider === "test");
      const { method, token } = params(request);
      return payments.pay(principal, method, token, input, key, requestHash(request));
    },
  );

  app.post(
    `${PAYMENT_BASE}/:method/:token/details`,
    { bodyLimit: PAYMENT_BODY_LIMIT },
    async (request) => {
      const principal = requirePrincipal(request);
      const key = idempotencyKey(request);
      const input = readDetails(request.body);
      const { method, token } = params(request);
      return payments.details(principal, method, token, input, key);
    },
  );

  /**
   * Adyen's standard notification webhook (no session: each item is authenticated by its
   * HMAC signature). Items with a bad signature are ignored and logged; when no item verifies
   * the answer is 401, so a wrong key shows up in Adyen's webhook monitoring instead of being
   * acknowledged. Anything verified is answered `[accepted]`, duplicates included.
   */
  app.post(WEBHOOK_PATH, async (request, reply) => {
    const items = readNotification(request.body);
    let verified = 0;
    for (const item of items) {
      if (!gateway.verifyNotification(item)) {
        request.log.warn(
          { pspReference: item.pspReference, eventCode: item.eventCode },
          "card webhook item with a bad HMAC signature ignored",
        );
        continue;
      }
      verified++;
      const outcome = await payments.notification(item);
      request.log.info(
        { pspReference: item.pspReference, eventCode: item.eventCode, outcome },
        "card webhook item",
      );
    }
    if (items.length > 0 && verified === 0) throw unauthorized("cardPayment.badSignature");
    return reply.type("text/plain; charset=utf-8").send("[accepted]");
  });
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers["idempotency-key"];
  if (key === undefined) return undefined;
  if (typeof key !== "string" || key.length === 0 || key.length > 255)
    throw new Problem(400, "/problems/bad-request", "field.type", { type: "Idempotency-Key" });
  return key;
}

function requestHash(request: FastifyRequest) {
  return createHash("sha256")
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest("base64url");
}

function typeViolation(propertyPath: string, type: string): Violation {
  return { propertyPath, message: "field.type", params: { type } };
}

/** Keeps the string fields of an object, refusing unknown names, wrong types and long values. */
function stringFields(
  raw: Json,
  allowed: readonly string[] | RegExp,
  prefix: string,
  violations: Violation[],
): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(raw)) {
    const path = `${prefix}.${key}`;
    const known = Array.isArray(allowed) ? allowed.includes(key) : (allowed as RegExp).test(key);
    if (!known) violations.push({ propertyPath: path, message: "field.unknown" });
    else if (typeof value !== "string") violations.push(typeViolation(path, "string"));
    else if (value.length > MAX_FIELD)
      violations.push({ propertyPath: path, message: "field.tooLong", params: { max: MAX_FIELD } });
    else out[key] = value;
  }
  return out;
}

/**
 * The widget's payment data (`state.data` of Adyen's card component): a card (`scheme`)
 * payment method with encrypted fields, browser info for 3-D Secure, risk data. Amount,
 * currency and reference are never taken from it.
 */
function readPayment(body: unknown, plainAllowed: boolean): PaymentInput {
  if (!isObject(body)) throw unprocessable([typeViolation("", "object")]);
  const violations: Violation[] = [];
  const allowed = [
    "paymentMethod",
    "browserInfo",
    "riskData",
    "origin",
    "clientStateDataIndicator",
    "storePaymentMethod",
  ];
  for (const key of Object.keys(body))
    if (!allowed.includes(key)) violations.push({ propertyPath: key, message: "field.unknown" });
  let paymentMethod: Json = {};
  const pm = body.paymentMethod;
  if (pm === undefined || pm === null)
    violations.push({ propertyPath: "paymentMethod", message: "field.required" });
  else if (!isObject(pm)) violations.push(typeViolation("paymentMethod", "object"));
  else {
    paymentMethod = stringFields(
      pm,
      plainAllowed ? [...CARD_FIELDS, ...PLAIN_CARD_FIELDS] : CARD_FIELDS,
      "paymentMethod",
      violations,
    );
    if (pm.type !== "scheme" && typeof pm.type === "string")
      violations.push({ propertyPath: "paymentMethod.type", message: "cardPayment.methodType" });
    if (pm.type === undefined)
      violations.push({ propertyPath: "paymentMethod.type", message: "field.required" });
  }
  const input: PaymentInput = { paymentMethod };
  if (body.browserInfo !== undefined && body.browserInfo !== null) {
    if (!isObject(body.browserInfo)) violations.push(typeViolation("browserInfo", "object"));
    else {
      const info: Json = {};
      for (const [key, value] of Object.entries(body.browserInfo)) {
        const type = BROWSER_INFO[key];
        const path = `browserInfo.${key}`;
        if (!type) violations.push({ propertyPath: path, message: "field.unknown" });
        else if (typeof value !== type || (type === "number" && !Number.isFinite(value)))
          violations.push(typeViolation(path, type));
        else if (typeof value === "string" && value.length > 2048)
          violations.push({ propertyPath: path, message: "field.tooLong", params: { max: 2048 } });
        else info[key] = value;
      }
      input.browserInfo = info;
    }
  }
  if (body.riskData !== undefined && body.riskData !== null) {
    if (!isObject(body.riskData)) violations.push(typeViolation("riskData", "object"));
    else input.riskData = stringFields(body.riskData, ["clientData"], "riskData", violations);
  }
  if (body.origin !== undefined && body.origin !== null) {
    if (typeof body.origin !== "string") violations.push(typeViolation("origin", "string"));
    else if (body.origin.length > 255 || !/^https?:\/\/[^\s/]+$/.test(body.origin))
      violations.push(typeViolation("origin", "origin"));
    else input.origin = body.origin;
  }
  for (const flag of ["clientStateDataIndicator", "storePaymentMethod"])
    if (body[flag] !== undefined && typeof body[flag] !== "boolean")
      violations.push(typeViolation(flag, "boolean"));
  if (violations.length > 0) throw unprocessable(violations);
  return input;
}

/** The widget's additional details (`state.data` of onAdditionalDetails). */
function readDetails(body: unknown): DetailsInput {
  if (!isObject(body)) throw unprocessable([typeViolation("", "object")]);
  const violations: Violation[] = [];
  for (const key of Object.keys(body))
    if (key !== "details" && key !== "paymentData")
      violations.push({ propertyPath: key, message: "field.unknown" });
  let details: Json = {};
  if (body.details === undefined || body.details === null)
    violations.push({ propertyPath: "details", message: "field.required" });
  else if (!isObject(body.details)) violations.push(typeViolation("details", "object"));
  else if (Object.keys(body.details).length > 10)
    violations.push({ propertyPath: "details", message: "field.tooLong", params: { max: 10 } });
  else details = stringFields(body.details, /^[A-Za-z][A-Za-z0-9_.]{0,63}$/, "details", violations);
  let paymentData: string | undefined;
  if (body.paymentData !== undefined && body.paymentData !== null) {
    if (typeof body.paymentData !== "string")
      violations.push(typeViolation("paymentData", "string"));
    else if (body.paymentData.length > MAX_FIELD)
      violations.push({
        propertyPath: "paymentData",
        message: "field.tooLong",
        params: { max: MAX_FIELD },
      });
    else paymentData = body.paymentData;
  }
  if (violations.length > 0) throw unprocessable(violations);
  return paymentData === undefined ? { details } : { details, paymentData };
}

/** The items of a standard notification; a body of another shape is a 400. */
function readNotification(body: unknown): NotificationItem[] {
  const bad = () => new Problem(400, "/problems/bad-request", "cardPayment.badNotification");
  if (!isObject(body) || !Array.isArray((body as Partial<Notification>).notificationItems))
    throw bad();
  const list = body.notificationItems as unknown[];
  if (list.length > 100) throw bad();
  return list.map((entry) => {
    const item = isObject(entry) ? entry.NotificationRequestItem : undefined;
    if (
      !isObject(item) ||
      typeof item.pspReference !== "string" ||
      typeof item.eventCode !== "string" ||
      (item.success !== "true" && item.success !== "false") ||
      !isObject(item.amount) ||
      typeof item.amount.value !== "number" ||
      typeof item.amount.currency !== "string"
    )
      throw bad();
    return item as unknown as NotificationItem;
  });
}

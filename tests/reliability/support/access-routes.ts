import { hashToken } from "../../../server/db/invitations.js";
import { signToken, STAFF_AUDIENCE } from "../../../server/http/auth.js";
import type { TestCardGateway } from "../../../server/payments/test-gateway.js";
import { TEST_SECRET } from "../../support/test-app.js";
import {
  ROLE_OF,
  multipart,
  REFUSED_CARD,
  type CallOptions,
  type Identity,
  type RoleKey,
  type World,
} from "./access-world.js";

/**
 * Who may call a route:
 * - `public`: anybody, signed in or not;
 * - `partner`: any role of a company;
 * - `roles`: only these company roles (rules/permissions.ts), others 403;
 * - `staff`: the brand's staff (back-office token) only;
 * - `webhook`: the payment gateway; tokens play no part, each item's HMAC decides.
 */
export type Access = "public" | "partner" | "staff" | "webhook" | { roles: RoleKey[] };

export interface RouteRule {
  access: Access;
  /**
   * The path names a resource of company A (or of the caller in A): company B, asking for it,
   * gets 404 (never 403, never the data).
   */
  scoped?: boolean;
  /** The concrete path for `owner`'s own resource (called once per row: may create things). */
  path?: (w: World, owner: RoleKey) => string | Promise<string>;
  /** Body and headers of the call (a valid one where that is cheap). */
  request?: (w: World, owner: RoleKey, identity: Identity) => CallOptions | Promise<CallOptions>;
  /**
   * Statuses that also count as "allowed" (past authentication and authorisation) for this
   * route, with the reason: a valid body would change state that later rows need.
   */
  alsoAllowed?: { statuses: number[]; why: string };
  /** Answers that show other companies' data by design (dev outbox): not leak-checked. */
  noLeakCheck?: string;
}

/**
 * A fresh e-mail change link of A's COMMERCIAL user, to an address that is taken by the time it
 * is confirmed (A's ADMIN's): a confirmation is refused with 422 and nothing changes.
 */
export async function freshEmailChange(w: World): Promise<string> {
  const token = `matrix-change-${Math.random().toString(36).slice(2)}`;
  await w.t.db
    .insertInto("email_changes")
    .values({
      shop_user_id: w.userIds.commercial,
      new_email: "admin@demo-spa.example",
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  return token;
}

const ADMIN_COMMERCIAL: Access = { roles: ["admin", "commercial"] };
const ADMIN_ONLY: Access = { roles: ["admin"] };
const variant = (w: World) => `/api/v2/shop/product-variants/${w.variantCode}`;
const json = (body: unknown): CallOptions => ({ body });
const cart = (w: World, o: RoleKey) => `/api/v2/shop/orders/${w.carts[o].token}`;
const customer = (w: World, o: RoleKey) => `/api/v2/shop/customers/${w.userIds[o]}`;

/**
 * Every route of the portal with who may call it. The matrix fails on a route missing here
 * and on an entry whose route is gone, so a new route cannot ship undeclared.
 */
export const ROUTE_RULES: Record<string, RouteRule> = {
  "GET /health": { access: "public" },
  "GET /media/*": {
    access: "public",
    path: () => "/media/matrix-missing.png",
    alsoAllowed: { statuses: [404], why: "no media row: the route is public either way" },
  },
  "GET /api/v2/shop/countries": { access: "public" },
  "GET /api/v2/shop/countries/:code": { access: "public", path: () => "/api/v2/shop/countries/DE" },
  "GET /api/v2/shop/channels": { access: "public" },
  "GET /api/v2/shop/channels/:code": {
    access: "public",
    path: async (w) => {
      const list = await w.call("GET", "/api/v2/shop/channels");
      return String(list.body["hydra:member"][0]["@id"]);
    },
  },
  "GET /api/v2/shop/currencies/:code": {
    access: "public",
    path: () => "/api/v2/shop/currencies/EUR",
  },
  "GET /api/v2/shop/payment-methods": { access: "public" },
  "GET /api/v2/shop/payment-methods/:code": {
    access: "public",
    path: () => "/api/v2/shop/payment-methods/invoice",
  },
  "GET /api/v2/shop/shipping-methods": { access: "public" },
  "GET /api/v2/shop/shipping-methods/:code": {
    access: "public",
    path: () => "/api/v2/shop/shipping-methods/air_freight",
  },
  "GET /api/v2/shop/products": { access: "public" },
  "GET /api/v2/shop/products/:code": {
    access: "public",
    path: async (w) => {
      const v = await w.call("GET", variant(w));
      return String(v.body.product);
    },
  },
  "GET /api/v2/shop/product-variants": { access: "public" },
  "GET /api/v2/shop/product-variants/:code": { access: "public", path: (w) => variant(w) },
  "GET /api/v2/shop/taxons": { access: "public" },
  "GET /api/v2/shop/taxons/:code": {
    access: "public",
    path: () => "/api/v2/shop/taxons/treatments",
  },
  "POST /api/v2/shop/customers/token": {
    access: "public",
    request: () => json({ email: "buyer@demo-spa.example", password: "partner-demo" }),
  },
  "DELETE /api/v2/shop/customers/token": {
    access: "public",
    // Signing out revokes the token sent: a fresh one of the owner, never the identity's own
    // (the next rows use it). Whoever calls, the answer is 204 and the cookie cleared.
    request: async (w, owner) => ({
      headers: { authorization: `Bearer ${await freshToken(w, owner)}` },
    }),
  },
  "GET /api/v2/shop/customers/:id": { access: "partner", scoped: true, path: customer },
  // Issue 30, item 5: the language a person chose; their mails follow it.
  "PUT /api/v2/shop/customers/:id/language": {
    access: "partner",
    scoped: true,
    path: (w, o) => `${customer(w, o)}/language`,
    request: () => json({ localeCode: "en" }),
  },
  // Issue 30, item 3: the reorder's preview reads the stock of the wanted quantities.
  "POST /api/v2/shop/stock-check": {
    access: "partner",
    request: (w) => json({ items: [{ productVariant: variant(w), quantity: 1 }] }),
  },
  "GET /api/v2/shop/addresses": { access: ADMIN_COMMERCIAL },
  "GET /api/v2/shop/addresses/:id": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w) => `/api/v2/shop/addresses/${w.shippingAddressId}`,
  },
  "GET /api/v2/shop/orders": { access: "partner" },
  "POST /api/v2/shop/orders": { access: "partner", request: () => json({}) },
  "GET /api/v2/shop/orders/:token": { access: "partner", scoped: true, path: cart },
  "GET /api/v2/shop/orders/:token/items": {
    access: "partner",
    scoped: true,
    path: (w, o) => `${cart(w, o)}/items`,
  },
  "GET /api/v2/shop/orders/:token/payments": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w) => `/api/v2/shop/orders/${w.openOrder}/payments`,
  },
  "PUT /api/v2/shop/orders/:token": {
    access: "partner",
    scoped: true,
    path: cart,
    request: () => json({ couponCode: null }),
  },
  "POST /api/v2/shop/orders/:token": {
    access: "partner",
    scoped: true,
    path: cart,
    request: () => json({ notes: "Access matrix" }),
  },
  "DELETE /api/v2/shop/orders/:token": {
    access: "partner",
    scoped: true,
    path: async (w, o) => `/api/v2/shop/orders/${(await w.fresh.cart(o)).token}`,
  },
  "POST /api/v2/shop/orders/:token/items": {
    access: "partner",
    scoped: true,
    path: (w, o) => `${cart(w, o)}/items`,
    request: (w) => json({ productVariant: variant(w), quantity: 1 }),
  },
  "POST /api/v2/shop/orders/:token/items-bulk": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w, o) => `${cart(w, o)}/items-bulk`,
    request: (w) => json({ items: [{ productVariant: variant(w), quantity: 1 }] }),
  },
  "PATCH /api/v2/shop/orders/:token/items/:id": {
    access: "partner",
    scoped: true,
    path: (w, o) => `${cart(w, o)}/items/${w.carts[o].itemId}`,
    request: () => ({
      body: { quantity: 2 },
      headers: { "content-type": "application/merge-patch+json" },
    }),
  },
  "DELETE /api/v2/shop/orders/:token/items/:id": {
    access: "partner",
    scoped: true,
    path: async (w, o) => {
      const c = await w.fresh.cart(o);
      return `/api/v2/shop/orders/${c.token}/items/${c.itemId}`;
    },
  },
  "PATCH /api/v2/shop/orders/:token/shipments/:id": {
    access: "partner",
    scoped: true,
    path: (w, o) => `${cart(w, o)}/shipments/${w.carts[o].shipmentId}`,
    request: () => ({
      body: { shippingMethod: "/api/v2/shop/shipping-methods/air_freight" },
      headers: { "content-type": "application/merge-patch+json" },
    }),
  },
  "PATCH /api/v2/shop/orders/:token/payments/:id": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w, o) => `${cart(w, o)}/payments/${w.carts[o].paymentId}`,
    request: () => ({
      body: { paymentMethod: "/api/v2/shop/payment-methods/invoice" },
      headers: { "content-type": "application/merge-patch+json" },
    }),
  },
  "PATCH /api/v2/shop/orders/:token/complete": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: async (w, o) => `/api/v2/shop/orders/${(await w.fresh.cart(o)).token}/complete`,
    request: () => ({ body: {}, headers: { "content-type": "application/merge-patch+json" } }),
    alsoAllowed: {
      statuses: [422],
      why: "a fresh cart has no addresses: the checkout rules answer, after the role check",
    },
  },
  "POST /api/v2/shop/addresses": {
    access: ADMIN_COMMERCIAL,
    request: () =>
      json({
        firstName: "Ada",
        lastName: "Matrix",
        company: "Matrix Studio",
        street: "Teststrasse 2",
        city: "Berlin",
        postcode: "10115",
        countryCode: "DE",
      }),
  },
  "PUT /api/v2/shop/addresses/:id": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: async (w) => `/api/v2/shop/addresses/${await w.fresh.address()}`,
    request: () =>
      json({
        firstName: "Ada",
        lastName: "Changed",
        company: "Matrix Studio",
        street: "Teststrasse 3",
        city: "Berlin",
        postcode: "10115",
        countryCode: "DE",
      }),
  },
  "DELETE /api/v2/shop/addresses/:id": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: async (w) => `/api/v2/shop/addresses/${await w.fresh.address()}`,
  },
  "PATCH /api/v2/shop/customers/:id/default-shipping-address": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w, o) => `${customer(w, o)}/default-shipping-address`,
    request: (w) => ({
      body: { defaultShippingAddress: `/api/v2/shop/addresses/${w.shippingAddressId}` },
      headers: { "content-type": "application/merge-patch+json" },
    }),
  },
  "PUT /api/v2/shop/customers/:id": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: customer,
    request: async (w, o) => {
      const row = await w.t.db
        .selectFrom("shop_users")
        .select(["email", "first_name", "last_name"])
        .where("id", "=", w.userIds[o])
        .executeTakeFirstOrThrow();
      return json({ email: row.email, firstName: row.first_name, lastName: row.last_name });
    },
  },
  "PUT /api/v2/shop/customers/:id/password": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w, o) => `${customer(w, o)}/password`,
    request: () =>
      json({
        currentPassword: "not-the-password",
        newPassword: "Matrix-Pass-2026!",
        confirmNewPassword: "Matrix-Pass-2026!",
      }),
    alsoAllowed: {
      statuses: [422],
      why: "a wrong current password: a real change would end the token the next rows use",
    },
  },
  "GET /api/v2/shop/shop-users": { access: ADMIN_ONLY },
  "GET /api/v2/shop/shop-users/:id": {
    access: ADMIN_ONLY,
    scoped: true,
    path: (w) => `/api/v2/shop/shop-users/${w.userIds.commercial}`,
  },
  "POST /api/v2/shop/shop-users": {
    access: ADMIN_ONLY,
    request: () =>
      json({
        email: `invitee.${Math.random().toString(36).slice(2, 10)}@example.com`,
        roles: [ROLE_OF.marketing],
      }),
  },
  "PUT /api/v2/shop/shop-users/:id": {
    access: ADMIN_ONLY,
    scoped: true,
    path: async (w) => `/api/v2/shop/shop-users/${await w.fresh.colleague()}`,
    request: () => json({ roles: [ROLE_OF.commercial] }),
  },
  "PUT /api/v2/shop/shop-users/:id/spending-limits": {
    access: ADMIN_ONLY,
    scoped: true,
    path: async (w) => `/api/v2/shop/shop-users/${await w.fresh.colleague()}/spending-limits`,
    request: () => json({ orderLimit: null, monthlyLimit: null }),
  },
  // Order approval (decision 043): the company's held orders, ADMIN only; another company's
  // order is 404. The order decided on is A's placed order, which awaits no approval: 409.
  "GET /api/v2/shop/approvals": { access: ADMIN_ONLY },
  "POST /api/v2/shop/approvals/:token/approve": {
    access: ADMIN_ONLY,
    scoped: true,
    path: (w) => `/api/v2/shop/approvals/${w.openOrder}/approve`,
    alsoAllowed: { statuses: [409], why: "the placed order awaits no approval: nothing decided" },
  },
  "POST /api/v2/shop/approvals/:token/reject": {
    access: ADMIN_ONLY,
    scoped: true,
    path: (w) => `/api/v2/shop/approvals/${w.openOrder}/reject`,
    request: () => json({ reason: "Over budget" }),
    alsoAllowed: { statuses: [409], why: "the placed order awaits no approval: nothing decided" },
  },
  "DELETE /api/v2/shop/shop-users/:id": {
    access: ADMIN_ONLY,
    scoped: true,
    path: async (w) => `/api/v2/shop/shop-users/${await w.fresh.colleague()}`,
  },
  "GET /api/v2/team-members/invitations/:token": {
    access: "public",
    path: (w) => `/api/v2/team-members/invitations/${w.invitationToken}`,
    noLeakCheck: "whoever holds the invitation link is told who is invited (spec)",
  },
  "POST /api/v2/team-members/register": {
    access: "public",
    request: () =>
      json({
        firstName: "Ada",
        lastName: "Matrix",
        token: "unknown-token",
        newPlainPassword: "Matrix-Pass-2026!",
        passwordRepeat: "Matrix-Pass-2026!",
        termsAccepted: true,
      }),
    alsoAllowed: { statuses: [422], why: "an unknown invitation token (422 on `token`)" },
  },
  "GET /api/v2/shopping-lists": { access: "partner" },
  "GET /api/v2/shopping-lists/:id": {
    access: "partner",
    scoped: true,
    path: (w) => `/api/v2/shopping-lists/${w.listId}`,
  },
  "POST /api/v2/shopping-lists": {
    access: "partner",
    request: (w) => json({ name: "Matrix", items: [{ productVariant: variant(w), quantity: 1 }] }),
  },
  "DELETE /api/v2/shopping-lists/:id": {
    access: "partner",
    scoped: true,
    path: async (w) => `/api/v2/shopping-lists/${await w.fresh.list()}`,
  },
  "POST /api/v2/shopping-lists/:id/order": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w) => `/api/v2/shopping-lists/${w.listId}/order`,
    request: () => json({}),
  },
  "GET /api/v2/shop/contract-prices": { access: "partner" },
  "GET /customer-admin/invoice/:orderToken/download": {
    access: "partner",
    scoped: true,
    path: (w) => `/customer-admin/invoice/${w.invoicedOrder}/download`,
  },
  "GET /shop/export/xlsx/contract-price": { access: "partner" },
  "GET /shop/export/xlsx/quick-order": { access: ADMIN_COMMERCIAL },
  "POST /shop/import/xlsx/quick-order": {
    access: ADMIN_COMMERCIAL,
    request: (w) => ({
      payload: multipart({
        file: {
          name: "quick-order.xlsx",
          type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          data: w.quickOrderSheet,
        },
      }),
    }),
  },
  "POST /api/v2/shop/quick-order/check": {
    access: ADMIN_COMMERCIAL,
    request: (w) =>
      json({ lines: [{ row: 2, product_variant_code: w.variantCode, quantity: "1" }] }),
  },
  // Issue 21, part 3: pasted lines, judged like the check's.
  "POST /api/v2/shop/quick-order/paste": {
    access: ADMIN_COMMERCIAL,
    request: (w) => json({ text: `${w.variantCode};1` }),
  },
  "POST /form/support": {
    access: "public",
    request: () => ({
      payload: multipart({
        name: "Ada Matrix",
        email: "ada@example.com",
        subject: "Other",
        question: "Does the access matrix pass?",
      }),
    }),
  },
  "GET /dev/mail": {
    access: "public",
    noLeakCheck: "development outbox (404 in production): it shows every mail by design",
  },
  "GET /dev/mail.json": {
    access: "public",
    noLeakCheck: "development outbox (404 in production): it shows every mail by design",
  },
  "POST /api/v2/shop/reset-password-requests": {
    access: "public",
    request: () => json({ email: "someone@example.com" }),
  },
  "GET /api/v2/shop/email-changes/:token": {
    access: "public",
    path: async (w) => `/api/v2/shop/email-changes/${await freshEmailChange(w)}`,
    noLeakCheck: "whoever holds the confirmation link is told the address it confirms",
  },
  "PATCH /api/v2/shop/email-changes/:token": {
    access: "public",
    path: async (w) => `/api/v2/shop/email-changes/${await freshEmailChange(w)}`,
    request: () => ({ body: {}, headers: { "content-type": "application/merge-patch+json" } }),
    alsoAllowed: {
      statuses: [422],
      why: "the address was taken since: a real confirmation would change a demo user's e-mail",
    },
    noLeakCheck: "whoever holds the confirmation link is told the address it confirms",
  },
  "GET /api/v2/shop/reset-password/:token": {
    access: "public",
    path: (w) => `/api/v2/shop/reset-password/${w.resetToken}`,
    noLeakCheck: "whoever holds the reset link may use it",
  },
  "PATCH /api/v2/shop/reset-password/:token": {
    access: "public",
    path: (w) => `/api/v2/shop/reset-password/${w.resetToken}`,
    request: () => ({
      body: { newPassword: "Matrix-Pass-2026!", confirmNewPassword: "Other-Pass-2026!" },
      headers: { "content-type": "application/merge-patch+json" },
    }),
    alsoAllowed: {
      statuses: [422],
      why: "passwords that differ: a real reset would end the buyer's token the next rows use",
    },
  },
  "POST /form/customer": {
    access: "public",
    request: () => json({}),
    alsoAllowed: { statuses: [422], why: "an empty application: the form's rules answer" },
  },
  "POST /form/customer/email-check": {
    access: "public",
    // An address nobody has: 204 for everyone (a signed-in caller asks as a visitor does).
    request: () => json({ email: "matrix.check@nobody-yet.example" }),
  },
  "POST /api/v2/admin/token": {
    access: "public",
    request: () => json({ email: "staff@brand.example", password: "partner-demo" }),
  },
  "DELETE /api/v2/admin/token": {
    access: "public",
    // Signing out revokes the staff token sent: staff send a fresh one, never their own (the
    // next rows use it). Anyone else's call revokes nothing and answers 204 (a bad or shop
    // token is the back office's 401).
    request: async (w, _owner, identity) =>
      identity.kind === "staff"
        ? { headers: { authorization: `Bearer ${await freshStaffToken(w)}` } }
        : {},
  },
  "GET /api/v2/admin/partner-applications": { access: "staff" },
  "GET /api/v2/admin/partner-applications/:id": {
    access: "staff",
    path: (w) => `/api/v2/admin/partner-applications/${w.applicationId}`,
  },
  "POST /api/v2/admin/partner-applications/:id/approve": {
    access: "staff",
    path: (w) => `/api/v2/admin/partner-applications/${w.applicationId}/approve`,
    request: () => json({}),
    alsoAllowed: { statuses: [409, 422], why: "the application's own rules answer" },
  },
  "POST /api/v2/admin/partner-applications/:id/reject": {
    access: "staff",
    path: (w) => `/api/v2/admin/partner-applications/${w.applicationId}/reject`,
    request: () => json({ reason: "Access matrix" }),
    alsoAllowed: { statuses: [409], why: "the approve row decided the application already" },
  },
  "GET /api/v2/admin/orders": { access: "staff" },
  "GET /api/v2/admin/orders/:token": {
    access: "staff",
    path: (w) => `/api/v2/admin/orders/${w.staffOrder}`,
  },
  "POST /api/v2/admin/orders/:token/transitions": {
    access: "staff",
    path: (w) => `/api/v2/admin/orders/${w.staffOrder}/transitions`,
    request: () => json({}),
    alsoAllowed: { statuses: [422], why: "no transition named: placed orders stay as they are" },
  },
  "POST /api/v2/admin/orders/:token/split": {
    access: "staff",
    path: (w) => `/api/v2/admin/orders/${w.staffOrder}/split`,
    request: () => json({}),
    alsoAllowed: { statuses: [422], why: "no parts named: the order stays whole" },
  },
  "POST /api/v2/admin/orders/:token/payments": {
    access: "staff",
    path: (w) => `/api/v2/admin/orders/${w.staffOrder}/payments`,
    request: () => json({}),
    alsoAllowed: { statuses: [422], why: "no amount: the order's balance stays" },
  },
  "GET /api/v2/admin/companies": { access: "staff" },
  "GET /api/v2/admin/companies/:id": { access: "staff", path: () => "/api/v2/admin/companies/1" },
  "PUT /api/v2/admin/companies/:id/sales-agent": {
    access: "staff",
    path: () => "/api/v2/admin/companies/1/sales-agent",
    request: () => json({ name: "Sam Agent", email: "sam.agent@brand.example" }),
  },
  "GET /api/v2/admin/price-lists/:code/entries": {
    access: "staff",
    path: () => "/api/v2/admin/price-lists/EUR_CONTRACT/entries?tiered=true",
  },
  "GET /api/v2/admin/price-lists/:code/entries/:variant": {
    access: "staff",
    path: () => "/api/v2/admin/price-lists/EUR_CONTRACT/entries/FIRM-LIFT-CREAM-50ML",
  },
  "PUT /api/v2/admin/price-lists/:code/entries/:variant/volume-prices": {
    access: "staff",
    path: () => "/api/v2/admin/price-lists/EUR_CONTRACT/entries/FIRM-LIFT-CREAM-50ML/volume-prices",
    // The seeded tiers again: later rows and journeys see the same prices.
    request: () =>
      json({
        volumePrices: [
          { minQuantity: 1, price: 2400 },
          { minQuantity: 12, price: 2250 },
          { minQuantity: 48, price: 2100 },
        ],
      }),
  },
  "GET /api/v2/admin/audit-events": { access: "staff" },
  "GET /api/v2/admin/audit-events/:id": {
    access: "staff",
    path: (w) => `/api/v2/admin/audit-events/${w.auditEventId}`,
  },
  "GET /api/v2/shop/audit-events": { access: ADMIN_ONLY },
  "GET /api/v2/shop/audit-events/:id": {
    access: ADMIN_ONLY,
    scoped: true,
    path: (w) => `/api/v2/shop/audit-events/${w.auditEventId}`,
  },
  "GET /api/v2/admin/machines": {
    access: "staff",
    alsoAllowed: { statuses: [404], why: "docs/machines/machines.json not generated here" },
  },
  "GET /api/v2/shop/payment/adyen/:method/details": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w) =>
      `/api/v2/shop/payment/adyen/adyen_card/details?referenceId=${encodeURIComponent(w.cardReference)}`,
  },
  "GET /api/v2/shop/payment/adyen/:method/:token": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w) => `/api/v2/shop/payment/adyen/adyen_card/${w.openOrder}`,
  },
  "POST /api/v2/shop/payment/adyen/:method/:token/payments": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w) => `/api/v2/shop/payment/adyen/adyen_card/${w.openOrder}/payments`,
    request: () => json(REFUSED_CARD),
  },
  "POST /api/v2/shop/payment/adyen/:method/:token/details": {
    access: ADMIN_COMMERCIAL,
    scoped: true,
    path: (w) => `/api/v2/shop/payment/adyen/adyen_card/${w.openOrder}/details`,
    request: () => json({ details: { threeDSResult: "matrix" } }),
    alsoAllowed: {
      statuses: [409, 422],
      why: "no challenge is open on the order: the payment's own rules answer",
    },
  },
  "POST /api/v2/shop/payment/adyen/webhook": {
    access: "webhook",
    // Signed with the portal's own test gateway key: tokens play no part, the HMAC decides.
    request: (w) => {
      const gateway = w.portal.cardGateway as TestCardGateway;
      const item = gateway.sign({
        eventCode: "AUTHORISATION",
        success: "false",
        pspReference: "MATRIX0000000001",
        merchantReference: "matrix-unknown",
        merchantAccountCode: gateway.merchantAccount,
        amount: { value: 100, currency: "EUR" },
      });
      return json({ live: "false", notificationItems: [{ NotificationRequestItem: item }] });
    },
  },
  "GET /graphql": {
    access: "public",
    path: () => "/graphql?query=%7B__typename%7D",
    request: () => ({ headers: { accept: "application/json" } }),
  },
  "POST /graphql": {
    access: "public",
    request: () => ({ body: { query: "{ __typename }" } }),
  },
  "OPTIONS /graphql": {
    access: "public",
    request: () => ({
      headers: { origin: "http://localhost", "access-control-request-method": "POST" },
    }),
  },
};

/** Which token check runs for a path (server/app.ts onRequest). */
export function hookOf(path: string): "shop" | "staff" | "none" {
  if (path === "/api/v2/shop/payment/adyen/webhook") return "none";
  // Sign-in needs no caller and sign-out reads its token itself (decision 037).
  if (path === "/api/v2/shop/customers/token") return "none";
  if (path.startsWith("/api/v2/admin/")) return "staff";
  if (/^\/(api|customer-admin|shop\/export|shop\/import|form)\//.test(path)) return "shop";
  return "none";
}

/** A new back-office token of the demo staff member, for calls that sign their token out. */
export async function freshStaffToken(w: World): Promise<string> {
  const staff = await w.t.db
    .selectFrom("staff_users")
    .select("id")
    .where("email", "=", "staff@brand.example")
    .executeTakeFirstOrThrow();
  return signToken(new TextEncoder().encode(TEST_SECRET), staff.id, STAFF_AUDIENCE);
}

/** A new token of `owner`, for calls that sign their token out. */
export function freshToken(w: World, owner: RoleKey): Promise<string> {
  return signToken(new TextEncoder().encode(TEST_SECRET), w.userIds[owner]);
}

import type { FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import { createInvitation, newSecretToken } from "../../../server/db/invitations.js";
import type { Backend } from "../../../server/db/database.js";
import { signToken, SHOP_AUDIENCE } from "../../../server/http/auth.js";
import { ROLES } from "../../../rules/permissions.js";
import { RATE_LIMIT_DEFAULTS } from "../../../server/config.js";
import { appOn, DEMO_PASSWORD, startTestApp, USERS, type TestApp } from "../../support/test-app.js";

/** The three roles of company A (Demo Spa), whose resources the matrix aims at. */
export type RoleKey = "admin" | "commercial" | "marketing";
export const ROLE_KEYS: readonly RoleKey[] = ["admin", "commercial", "marketing"];
export const ROLE_OF: Record<RoleKey, string> = {
  admin: ROLES.admin,
  commercial: ROLES.commercial,
  marketing: ROLES.marketing,
};
const EMAIL_OF: Record<RoleKey, string> = {
  admin: USERS.spaAdmin,
  commercial: USERS.spaBuyer,
  marketing: USERS.spaMarketing,
};

/**
 * Who calls. `credential` says what the server sees once the transport is taken into account
 * (a cookie is read with the CSRF header on any method, and a bad cookie is ignored: see
 * server/http/auth.ts).
 */
export type IdentityKey =
  | "nobody"
  | RoleKey
  | "otherCompany"
  | "disabled"
  | "expired"
  | "foreignKey"
  | "algNone"
  | "staff"
  | "adminCookie"
  | "expiredCookie"
  | "signedOutCookie"
  | "adminCookieNoCsrf";

export interface Identity {
  key: IdentityKey;
  /** What the token is: none, a working shop token (role of A or company B), a bad one, staff. */
  kind: "none" | "shopA" | "shopB" | "bad" | "staff";
  role?: RoleKey;
  /**
   * How the token travels: the bearer header; the session cookie with the CSRF header (as the
   * storefront sends it); or the cookie alone (what a form or image of another site would send).
   */
  transport: "header" | "cookie" | "cookieWithoutCsrf";
  token?: string;
}

/** One company-A cart of one user, with the ids of its sub-resources. */
export interface CartFixture {
  token: string;
  itemId: string;
  shipmentId: string;
  paymentId: string;
}

export interface Answer {
  status: number;
  contentType: string;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read freely
  body: any;
}

export interface CallOptions {
  headers?: Record<string, string>;
  body?: unknown;
  /** A ready payload with its own content type (multipart). */
  payload?: { data: Buffer; contentType: string };
}

/** The portal (REST + /graphql) on a fresh clone of the demo database, and company A's things. */
export interface World {
  t: TestApp;
  portal: FastifyInstance;
  backend: Backend;
  identities: Record<IdentityKey, Identity>;
  userIds: Record<RoleKey, number>;
  call(method: string, url: string, opts?: CallOptions): Promise<Answer>;
  /** Calls as an identity: its token in the Authorization header or the token cookie. */
  callAs(identity: Identity, method: string, url: string, opts?: CallOptions): Promise<Answer>;
  variantCode: string;
  /** Each A user's own cart (carts are their user's: a colleague gets 404 too). */
  carts: Record<RoleKey, CartFixture>;
  /** Placed orders of A: one invoiced (invoice download), one with an open balance (card). */
  invoicedOrder: string;
  openOrder: string;
  /** A placed A order the staff rows may change. */
  staffOrder: string;
  /** Tokens and names of company A that must never show up in another company's answers. */
  secretsOfA: string[];
  billingAddressId: number;
  shippingAddressId: number;
  listId: number;
  auditEventId: number;
  applicationId: number;
  invitationToken: string;
  resetToken: string;
  cardReference: string;
  quickOrderSheet: Buffer;
  /** Fresh things for destructive rows, so each row starts from the same state. */
  fresh: {
    cart(owner: RoleKey): Promise<CartFixture>;
    address(): Promise<number>;
    list(): Promise<number>;
    colleague(): Promise<number>;
  };
  close(): Promise<void>;
}

const TEST_CARD_REFUSED = "4000000000000002";
export const REFUSED_CARD = {
  paymentMethod: {
    type: "scheme",
    number: TEST_CARD_REFUSED,
    expiryMonth: "03",
    expiryYear: "2030",
    cvc: "737",
    holderName: "Access Matrix",
  },
};

/** A token with `alg: none` (no signature), otherwise what the server signs. */
export function unsignedToken(userId: number): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const header = enc({ alg: "none", typ: "JWT" });
  const payload = enc({
    ver: 0,
    sub: String(userId),
    iss: "partner-portal",
    aud: SHOP_AUDIENCE,
    iat: now,
    exp: now + 3600,
  });
  return `${header}.${payload}.`;
}

/** A correctly signed token that expired an hour ago. */
export async function expiredToken(secret: Uint8Array, userId: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ver: 0 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer("partner-portal")
    .setAudience(SHOP_AUDIENCE)
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(secret);
}

function multipart(fields: Record<string, string | { name: string; type: string; data: Buffer }>) {
  const boundary = `----access-matrix-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") {
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${value.name}"\r\ncontent-type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from("\r\n"),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { data: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
export { multipart };

/** Builds the world on `backend`. Every fixture is made through the API or plain inserts. */
export async function startWorld(backend: Backend): Promise<World> {
  const t = await startTestApp(backend);
  // Rate limits are their own check (tests/reliability): here they would only add 429s to
  // rows that call a public form more often than a person would.
  const unlimited = Object.fromEntries(
    Object.keys(RATE_LIMIT_DEFAULTS).map((name) => [name, { limit: 1_000_000, minutes: 1 }]),
  );
  const config = { ...t.config, rateLimits: { ...t.config.rateLimits, ...unlimited } };
  const portal = await appOn(t, config, {
    portal: true,
    gateway: { commerceApiUrl: undefined, production: false },
  });
  const secret = t.config.jwtSecret;
  const db = t.db;

  const call: World["call"] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    let payload: string | Buffer | undefined;
    if (opts.payload) {
      payload = opts.payload.data;
      headers["content-type"] = opts.payload.contentType;
    } else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await portal.inject({
      method: method as "GET",
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const contentType = String(res.headers["content-type"] ?? "");
    let body: unknown;
    if (contentType.includes("json") && res.body) {
      try {
        body = JSON.parse(res.body);
      } catch {
        body = undefined;
      }
    }
    return { status: res.statusCode, contentType, raw: res.body, body };
  };

  const callAs: World["callAs"] = (identity, method, url, opts = {}) => {
    const headers: Record<string, string> = {};
    if (identity.token && identity.transport === "header")
      headers.authorization = `Bearer ${identity.token}`;
    // The cookie as the storefront sends it: with the CSRF header (decision 037; its absence
    // is tests/reliability/session-cookie.test.ts).
    if (identity.token && identity.transport !== "header") {
      headers.cookie = `token=${identity.token}`;
      if (identity.transport === "cookie") headers["x-requested-with"] = "XMLHttpRequest";
    }
    // A route's own headers win (a sign-out sends a fresh token, not the identity's).
    return call(method, url, { ...opts, headers: { ...headers, ...opts.headers } });
  };

  const userIds = {} as Record<RoleKey, number>;
  const tokens = {} as Record<RoleKey, string>;
  for (const role of ROLE_KEYS) {
    userIds[role] = await t.userId(EMAIL_OF[role]);
    tokens[role] = await t.token(EMAIL_OF[role]);
  }
  const retailToken = await t.token(USERS.retailAdmin);

  // A disabled user of A: an ADMIN whose account is switched off (removed, kept for history).
  const disabledUser = await createInvitation(db, {
    companyId: 1,
    email: "disabled.admin@demo-spa.example",
    roles: [ROLES.admin],
    publicUrl: t.config.publicUrl,
    brandName: t.config.brandName,
  });
  await db
    .updateTable("shop_users")
    .set({ enabled: false, first_name: "Dis", last_name: "Abled" })
    .where("id", "=", disabledUser.userId)
    .execute();

  const staffRes = await call("POST", "/api/v2/admin/token", {
    body: { email: "staff@brand.example", password: DEMO_PASSWORD },
  });
  if (staffRes.status !== 200) throw new Error(`staff sign-in failed: ${staffRes.raw}`);
  const staffToken = staffRes.body.token as string;
  const foreign = new TextEncoder().encode("another-key-".padEnd(48, "z"));
  // A session of A's ADMIN that signed out: the server revoked its token (decision 037).
  const signedOut = await signToken(secret, userIds.admin, SHOP_AUDIENCE);
  const out = await call("DELETE", "/api/v2/shop/customers/token", {
    headers: { authorization: `Bearer ${signedOut}` },
  });
  if (out.status !== 204) throw new Error(`sign-out failed: ${out.raw}`);

  const identities: Record<IdentityKey, Identity> = {
    nobody: { key: "nobody", kind: "none", transport: "header" },
    admin: { key: "admin", kind: "shopA", role: "admin", transport: "header", token: tokens.admin },
    commercial: {
      key: "commercial",
      kind: "shopA",
      role: "commercial",
      transport: "header",
      token: tokens.commercial,
    },
    marketing: {
      key: "marketing",
      kind: "shopA",
      role: "marketing",
      transport: "header",
      token: tokens.marketing,
    },
    otherCompany: { key: "otherCompany", kind: "shopB", transport: "header", token: retailToken },
    disabled: {
      key: "disabled",
      kind: "bad",
      transport: "header",
      token: await signToken(secret, disabledUser.userId, SHOP_AUDIENCE),
    },
    expired: {
      key: "expired",
      kind: "bad",
      transport: "header",
      token: await expiredToken(secret, userIds.admin),
    },
    foreignKey: {
      key: "foreignKey",
      kind: "bad",
      transport: "header",
      token: await signToken(foreign, userIds.admin, SHOP_AUDIENCE),
    },
    algNone: {
      key: "algNone",
      kind: "bad",
      transport: "header",
      token: unsignedToken(userIds.admin),
    },
    staff: { key: "staff", kind: "staff", transport: "header", token: staffToken },
    adminCookie: {
      key: "adminCookie",
      kind: "shopA",
      role: "admin",
      transport: "cookie",
      token: tokens.admin,
    },
    expiredCookie: {
      key: "expiredCookie",
      kind: "bad",
      transport: "cookie",
      token: await expiredToken(secret, userIds.admin),
    },
    signedOutCookie: {
      key: "signedOutCookie",
      kind: "bad",
      transport: "cookie",
      token: signedOut,
    },
    adminCookieNoCsrf: {
      key: "adminCookieNoCsrf",
      kind: "shopA",
      role: "admin",
      transport: "cookieWithoutCsrf",
      token: tokens.admin,
    },
  };

  const variant = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .select("v.code")
    .where("v.enabled", "=", true)
    .where("p.enabled", "=", true)
    .where("v.on_hand", ">", 500)
    .orderBy("v.code")
    .executeTakeFirstOrThrow();
  const variantCode = variant.code;

  const asRole = (role: RoleKey, method: string, url: string, body?: unknown) =>
    callAs(identities[role], method, url, body === undefined ? {} : { body });

  const freshCart = async (owner: RoleKey): Promise<CartFixture> => {
    const started = await asRole(owner, "POST", "/api/v2/shop/orders", {});
    if (started.status !== 201) throw new Error(`cart start failed: ${started.raw}`);
    const token = started.body.tokenValue as string;
    const added = await asRole(owner, "POST", `/api/v2/shop/orders/${token}/items`, {
      productVariant: `/api/v2/shop/product-variants/${variantCode}`,
      quantity: 1,
    });
    if (added.status !== 201) throw new Error(`add to cart failed: ${added.raw}`);
    const cart = added.body;
    return {
      token,
      itemId: String(cart.items[0].id),
      shipmentId: String(cart.shipments[0]?.id ?? "0"),
      paymentId: String(cart.payments[0]?.id ?? "0"),
    };
  };
  const carts = {} as Record<RoleKey, CartFixture>;
  for (const role of ROLE_KEYS) carts[role] = await freshCart(role);

  const placed = await db
    .selectFrom("orders")
    .select(["token_value", "state", "payment_state", "id"])
    .where("company_id", "=", 1)
    .where("state", "!=", "cart")
    .where("parent_order_id", "is", null)
    .orderBy("id")
    .execute();
  const invoiced = placed.find((o) => o.state === "invoiced");
  const open = placed.find(
    (o) => o.payment_state !== "paid" && o.state !== "cancelled" && o !== invoiced,
  );
  const staffOrder = placed.find((o) => o !== invoiced && o !== open && o.state === "new");
  if (!invoiced || !open || !staffOrder) throw new Error("seed has not the orders expected");

  const addresses = await db
    .selectFrom("companies")
    .select(["default_billing_address_id", "default_shipping_address_id"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();

  const newAddress = {
    firstName: "Ada",
    lastName: "Matrix",
    company: "Matrix Studio",
    street: "Teststrasse 1",
    city: "Berlin",
    postcode: "10115",
    countryCode: "DE",
  };
  const freshAddress = async () => {
    const res = await asRole("admin", "POST", "/api/v2/shop/addresses", newAddress);
    if (res.status !== 201) throw new Error(`address failed: ${res.raw}`);
    return Number(res.body.id ?? String(res.body["@id"]).split("/").pop());
  };
  const freshList = async () => {
    const res = await asRole("commercial", "POST", "/api/v2/shopping-lists", {
      name: "Matrix list",
      items: [{ productVariant: `/api/v2/shop/product-variants/${variantCode}`, quantity: 1 }],
    });
    if (res.status !== 201) throw new Error(`list failed: ${res.raw}`);
    return Number(String(res.body["@id"]).split("/").pop());
  };
  let colleagues = 0;
  const freshColleague = async () => {
    colleagues += 1;
    const invited = await createInvitation(db, {
      companyId: 1,
      email: `colleague.${colleagues}@demo-spa.example`,
      roles: [ROLES.marketing],
      publicUrl: t.config.publicUrl,
      brandName: t.config.brandName,
    });
    return invited.userId;
  };

  const list = await db
    .selectFrom("shopping_lists")
    .select("id")
    .where("company_id", "=", 1)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const audit = await db
    .selectFrom("audit_events")
    .select("id")
    .where("company_id", "=", 1)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const application = await db
    .selectFrom("partner_applications")
    .select("id")
    .where("status", "=", "pending")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const invitation = await createInvitation(db, {
    companyId: 1,
    email: "invited.matrix@demo-spa.example",
    roles: [ROLES.commercial],
    publicUrl: t.config.publicUrl,
    brandName: t.config.brandName,
  });
  const reset = newSecretToken();
  const resetToken = reset.token;
  await db
    .insertInto("password_resets")
    .values({
      shop_user_id: userIds.commercial,
      token_hash: reset.hash,
      expires_at: new Date(Date.now() + 3600_000),
    })
    .execute();

  const paid = await asRole(
    "admin",
    "POST",
    `/api/v2/shop/payment/adyen/adyen_card/${open.token_value}/payments`,
    REFUSED_CARD,
  );
  const cardReference = String(paid.body?.merchantReference ?? paid.body?.reference ?? "");
  if (paid.status !== 200 || !cardReference) throw new Error(`card attempt failed: ${paid.raw}`);

  const sheet = await portal.inject({
    method: "GET",
    url: "/shop/export/xlsx/quick-order",
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  if (sheet.statusCode !== 200) throw new Error("quick-order sample failed");

  const secretsOfA = [
    "demo-spa.example",
    "Demo Spa",
    ...ROLE_KEYS.map((r) => carts[r].token),
    ...placed.map((o) => o.token_value),
  ];

  return {
    t,
    portal,
    backend,
    identities,
    userIds,
    call,
    callAs,
    variantCode,
    carts,
    invoicedOrder: invoiced.token_value,
    openOrder: open.token_value,
    staffOrder: staffOrder.token_value,
    secretsOfA,
    billingAddressId: addresses.default_billing_address_id!,
    shippingAddressId: addresses.default_shipping_address_id!,
    listId: list.id,
    auditEventId: Number(audit.id),
    applicationId: application.id,
    invitationToken: invitation.token,
    resetToken,
    cardReference,
    quickOrderSheet: sheet.rawPayload,
    fresh: {
      cart: freshCart,
      address: freshAddress,
      list: freshList,
      colleague: freshColleague,
    },
    async close() {
      await portal.close();
      await t.close();
    },
  };
}

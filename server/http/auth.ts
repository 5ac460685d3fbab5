import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SignJWT, jwtVerify } from "jose";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { sessionShopUser, sessionShopUserVersion, sessionStaff } from "../db/sessions.js";
import type { Principal } from "../core/abilities.js";
import type { ServerConfig } from "../config.js";
import { fromLoopback } from "./dev-access.js";
import { Problem, unauthorized } from "../core/problem.js";

export const TOKEN_TTL_SECONDS = 24 * 3600;
export const TOKEN_COOKIE = "token";
const ISSUER = "partner-portal";

/** Shop tokens and back-office tokens are told apart by audience: neither opens the other's API. */
export const SHOP_AUDIENCE = "shop";
export const STAFF_AUDIENCE = "backoffice";

export async function signToken(
  secret: Uint8Array,
  userId: number,
  audience: typeof SHOP_AUDIENCE | typeof STAFF_AUDIENCE = SHOP_AUDIENCE,
  version = 0,
): Promise<string> {
  return (
    new SignJWT({ ver: version })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      // Its id: signing out puts it in `revoked_tokens` until the token expires.
      .setJti(randomUUID())
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      .sign(secret)
  );
}

/** A member of the brand's staff, signed in to the back office. */
export interface StaffPrincipal {
  staffId: number;
  email: string;
  /** The id and expiry of the token the request carried, for signing it out. */
  token: { jti: string; expiresAt: number };
}

declare module "fastify" {
  interface FastifyRequest {
    principal?: Principal;
    staff?: StaffPrincipal;
  }
}

/**
 * The header a cookie-authenticated write must carry (decision 037): a form or an image of
 * another site cannot send a custom header, and a script of another site that tries needs a
 * CORS preflight, which the REST API never grants and /graphql grants only to its own origin.
 */
export const CSRF_HEADER = "x-requested-with";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyRequest {
    /** A token cookie was sent but refused (bad, expired, revoked): the answer clears it. */
    staleTokenCookie?: boolean;
  }
}

function credentials(request: FastifyRequest): { token: string; fromCookie: boolean } | undefined {
  // API clients send the bearer header; it wins over any cookie.
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value] = header.split(" ");
    return { token: scheme?.toLowerCase() === "bearer" && value ? value : "", fromCookie: false };
  }
  // The storefront's session is the HttpOnly cookie the server set at sign-in. A write that
  // relies on it must say it comes from a script of this site (the CSRF header).
  const cookie = request.cookies?.[TOKEN_COOKIE];
  if (!cookie) return undefined;
  if (!SAFE_METHODS.has(request.method) && !request.headers[CSRF_HEADER]) {
    throw new Problem(403, "/problems/csrf", "error.csrf");
  }
  return { token: cookie, fromCookie: true };
}

/**
 * The attributes of the session cookie: HttpOnly (no page script reads it), SameSite=Lax,
 * and Secure everywhere except a plain-HTTP request from this machine outside production
 * (`npm start` opened at http://localhost), where a Secure cookie would never come back.
 */
export function sessionCookieOptions(request: FastifyRequest, config: ServerConfig) {
  const plainLoopback =
    config.env !== "production" && request.protocol === "http" && fromLoopback(request);
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: !plainLoopback,
  };
}

/** Sets the session cookie holding `token` for its lifetime. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: ServerConfig,
  token: string,
) {
  reply.setCookie(TOKEN_COOKIE, token, {
    ...sessionCookieOptions(request, config),
    maxAge: TOKEN_TTL_SECONDS,
  });
}

/** Removes the session cookie from the browser. */
export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: ServerConfig,
) {
  reply.clearCookie(TOKEN_COOKIE, sessionCookieOptions(request, config));
}

/**
 * Resolves the caller, or undefined when no credentials were sent. A bad, expired or foreign
 * token, or a disabled or deleted user, is a 401. Roles come from the database, so a role
 * change or a disabled account takes effect on the next request.
 */
export async function principalOf(
  request: FastifyRequest,
  db: Kysely<DB>,
  secret: Uint8Array,
): Promise<Principal | undefined> {
  const verified = await verifiedSubject(request, secret, SHOP_AUDIENCE);
  if (verified === undefined) return undefined;
  const { id, version, jti, fromCookie } = verified;
  const user = await sessionShopUser(db, id, jti);
  // A password change or reset bumps the version: tokens issued before it are refused.
  if (!user || user.token_version !== version) {
    // A stale cookie is ignored (and cleared), like a bad one: the request goes on as a
    // visitor's, so public pages and signing in again work; private ones answer 401.
    if (fromCookie && ignoreStaleCookie(request)) return undefined;
    throw unauthorized("error.invalidToken");
  }
  return {
    userId: user.id,
    companyId: user.company_id,
    email: user.email,
    roles: user.roles,
    priceListCode: user.price_list_code,
    currencyCode: user.currency_code,
    catalogueVersion: user.catalogue_version === null ? undefined : Number(user.catalogue_version),
  };
}

/**
 * The verified subject of the request's token. A bad Authorization header is a 401; a bad
 * cookie is ignored (the browser sends it everywhere, and a stale one must not break public
 * pages), so the request goes on as a visitor's.
 */
async function verifiedSubject(
  request: FastifyRequest,
  secret: Uint8Array,
  audience: string,
  sent = credentials(request),
): Promise<VerifiedSubject | undefined> {
  if (sent === undefined) return undefined;
  const { fromCookie } = sent;
  const known = verifiedTokens(secret).get(sent.token);
  if (known !== undefined && known.audience === audience && known.expiresAt > Date.now()) {
    return { ...known, fromCookie };
  }
  let sub: string | undefined;
  let version = 0;
  let expiresAt = 0;
  let jti: string | undefined;
  try {
    const { payload } = await jwtVerify(sent.token, secret, {
      issuer: ISSUER,
      audience,
      algorithms: ["HS256"],
    });
    sub = payload.sub;
    version = typeof payload.ver === "number" ? payload.ver : 0;
    expiresAt = (payload.exp ?? 0) * 1000;
    jti = payload.jti;
  } catch {
    if (sent.fromCookie && ignoreStaleCookie(request)) return undefined;
    throw unauthorized("error.invalidToken");
  }
  const id = Number(sub);
  // Every token has an id since sign-out revokes them (decision 037); one without cannot be
  // revoked, so it is refused.
  if (!Number.isSafeInteger(id) || !jti) {
    if (sent.fromCookie && ignoreStaleCookie(request)) return undefined;
    throw unauthorized("error.invalidToken");
  }
  const entry = { id, version, audience, expiresAt, jti };
  remember(secret, sent.token, entry);
  return { ...entry, fromCookie };
}

/**
 * A token cookie the server refuses (bad, expired, signed out, an old password's) is cleared
 * with the answer. A page load or a link goes on as a visitor's (true), so public pages and a
 * new sign-in work; a call of the storefront's scripts (it sends the CSRF header) gets the 401
 * a bad bearer token gets (false), so the storefront ends its session ('Session expired').
 */
function ignoreStaleCookie(request: FastifyRequest): boolean {
  request.staleTokenCookie = true;
  return !request.headers[CSRF_HEADER];
}

interface VerifiedSubject extends Verified {
  fromCookie: boolean;
}

/**
 * The request's verified token (bearer header, else the cookie), for signing it out: its id,
 * expiry and where it came from; undefined when none was sent or it does not verify.
 */
export async function presentedToken(
  request: FastifyRequest,
  secret: Uint8Array,
  audience: string,
): Promise<{ jti: string; expiresAt: number; fromCookie: boolean } | undefined> {
  try {
    const verified = await verifiedSubject(request, secret, audience);
    return (
      verified && {
        jti: verified.jti,
        expiresAt: verified.expiresAt,
        fromCookie: verified.fromCookie,
      }
    );
  } catch (error) {
    if (error instanceof Problem && error.status === 401) return undefined;
    throw error;
  }
}

/**
 * The shop session of the token cookie alone, for server-rendered pages: verified like any
 * request (signature, expiry, revocation, the user still enabled with the same token
 * version), else null and the stale cookie is marked for clearing.
 */
export async function cookieSession(
  request: FastifyRequest,
  db: Kysely<DB>,
  secret: Uint8Array,
): Promise<{ customerId: string; expiresAt: number } | null> {
  const token = request.cookies?.[TOKEN_COOKIE];
  if (!token) return null;
  try {
    const verified = await verifiedSubject(request, secret, SHOP_AUDIENCE, {
      token,
      fromCookie: true,
    });
    if (!verified) return null;
    const user = await sessionShopUserVersion(db, verified.id, verified.jti);
    if (!user || user.token_version !== verified.version) {
      request.staleTokenCookie = true;
      return null;
    }
    return { customerId: String(user.id), expiresAt: verified.expiresAt };
  } catch (error) {
    if (error instanceof Problem && error.status === 401) return null;
    throw error;
  }
}

/**
 * Tokens whose signature, issuer and audience were checked, by secret: a browser sends the
 * same token with every request, and checking an HMAC through WebCrypto costs more than the
 * rest of a small request. What a token says never changes, so a verified one needs only its
 * expiry checked again; revocation (disabled user, new password) is the database's answer,
 * read on every request all the same.
 */
const VERIFIED_MAX = 10_000;
interface Verified {
  id: number;
  version: number;
  audience: string;
  expiresAt: number;
  jti: string;
}
const verified = new WeakMap<Uint8Array, Map<string, Verified>>();

function verifiedTokens(secret: Uint8Array): Map<string, Verified> {
  let tokens = verified.get(secret);
  if (tokens === undefined) verified.set(secret, (tokens = new Map()));
  return tokens;
}

function remember(secret: Uint8Array, token: string, entry: Verified) {
  const tokens = verifiedTokens(secret);
  // Oldest first out: a Map iterates in insertion order.
  if (tokens.size >= VERIFIED_MAX) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, entry);
}

/** The signed-in staff member for `/api/v2/admin/*`, re-read from the database every time. */
export async function staffPrincipalOf(
  request: FastifyRequest,
  db: Kysely<DB>,
  secret: Uint8Array,
): Promise<StaffPrincipal | undefined> {
  // Staff sign in with the bearer header only; a shop session cookie means nothing here.
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(" ");
  const sent = {
    token: scheme?.toLowerCase() === "bearer" && value ? value : "",
    fromCookie: false,
  };
  const verified = await verifiedSubject(request, secret, STAFF_AUDIENCE, sent);
  if (verified === undefined) return undefined;
  const id = verified.id;
  const staff = await sessionStaff(db, id, verified.jti);
  if (!staff) throw unauthorized("error.invalidToken");
  return {
    staffId: staff.id,
    email: staff.email,
    token: { jti: verified.jti, expiresAt: verified.expiresAt },
  };
}

export function requireStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthorized();
  return request.staff;
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

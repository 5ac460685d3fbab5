import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { FastifyRequest } from "fastify";
import { SignJWT, jwtVerify } from "jose";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { can, type Action } from "../domain/permissions.js";
import { forbidden, unauthorized } from "./problem.js";

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

/** `scrypt$<salt>$<hash>`, both base64url; scrypt is in Node itself, so no native addon. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, salt, hash] = (stored ?? "").split("$");
  if (scheme !== "scrypt" || !salt || !hash) {
    // Same work for unknown users, so timing does not tell which e-mails exist.
    await scrypt(password, Buffer.alloc(16), 32);
    return false;
  }
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), 32);
  const expected = Buffer.from(hash, "base64url");
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

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
  return new SignJWT({ ver: version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
    .sign(secret);
}

/** The signed-in shop user, read from the database on every request. */
export interface Principal {
  userId: number;
  companyId: number;
  email: string;
  roles: string[];
  /** The company's contract price list and currency, read with the user on every request. */
  priceListCode: string;
  currencyCode: string;
}

/** A member of the brand's staff, signed in to the back office. */
export interface StaffPrincipal {
  staffId: number;
  email: string;
}

declare module "fastify" {
  interface FastifyRequest {
    principal?: Principal;
    staff?: StaffPrincipal;
  }
}

function credentials(request: FastifyRequest): { token: string; fromCookie: boolean } | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value] = header.split(" ");
    return { token: scheme?.toLowerCase() === "bearer" && value ? value : "", fromCookie: false };
  }
  // Downloads opened as plain links carry the token cookie; only safe methods accept it.
  const cookie = request.method === "GET" ? request.cookies?.[TOKEN_COOKIE] : undefined;
  return cookie ? { token: cookie, fromCookie: true } : undefined;
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
  const { id, version } = verified;
  const user = await db
    .selectFrom("shop_users")
    .innerJoin("companies", "companies.id", "shop_users.company_id")
    .select([
      "shop_users.id",
      "shop_users.company_id",
      "shop_users.email",
      "shop_users.roles",
      "shop_users.token_version",
      "companies.price_list_code",
      "companies.currency_code",
    ])
    .where("shop_users.id", "=", id)
    .where("shop_users.enabled", "=", true)
    .where("companies.enabled", "=", true)
    .executeTakeFirst();
  // A password change or reset bumps the version: tokens issued before it are refused.
  if (!user || user.token_version !== version) throw unauthorized("error.invalidToken");
  return {
    userId: user.id,
    companyId: user.company_id,
    email: user.email,
    roles: user.roles,
    priceListCode: user.price_list_code,
    currencyCode: user.currency_code,
  };
}

/**
 * The verified subject of the request's token. A bad Authorization header is a 401; a bad
 * cookie is ignored (the browser sends it everywhere, and a stale one must not break public
 * pages), so the request goes on as a visitor's.
 */
async function verifiedSubject(request: FastifyRequest, secret: Uint8Array, audience: string) {
  const sent = credentials(request);
  if (sent === undefined) return undefined;
  const known = verifiedTokens(secret).get(sent.token);
  if (known !== undefined && known.audience === audience && known.expiresAt > Date.now()) {
    return { id: known.id, version: known.version };
  }
  let sub: string | undefined;
  let version = 0;
  let expiresAt = 0;
  try {
    const { payload } = await jwtVerify(sent.token, secret, {
      issuer: ISSUER,
      audience,
      algorithms: ["HS256"],
    });
    sub = payload.sub;
    version = typeof payload.ver === "number" ? payload.ver : 0;
    expiresAt = (payload.exp ?? 0) * 1000;
  } catch {
    if (sent.fromCookie) return undefined;
    throw unauthorized("error.invalidToken");
  }
  const id = Number(sub);
  if (!Number.isSafeInteger(id)) throw unauthorized("error.invalidToken");
  remember(secret, sent.token, { id, version, audience, expiresAt });
  return { id, version };
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
  const verified = await verifiedSubject(request, secret, STAFF_AUDIENCE);
  if (verified === undefined) return undefined;
  const id = verified.id;
  const staff = await db
    .selectFrom("staff_users")
    .select(["id", "email"])
    .where("id", "=", id)
    .where("enabled", "=", true)
    .executeTakeFirst();
  if (!staff) throw unauthorized("error.invalidToken");
  return { staffId: staff.id, email: staff.email };
}

export function requireStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthorized();
  return request.staff;
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export function requireAbility(principal: Principal, action: Action) {
  if (!can(principal.roles, action)) throw forbidden();
}

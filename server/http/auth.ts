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

export async function signToken(secret: Uint8Array, userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
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
}

declare module "fastify" {
  interface FastifyRequest {
    principal?: Principal;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value] = header.split(" ");
    return scheme?.toLowerCase() === "bearer" && value ? value : "";
  }
  // Downloads opened as plain links carry the token cookie; only safe methods accept it.
  if (request.method === "GET") return request.cookies?.[TOKEN_COOKIE];
  return undefined;
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
  const token = bearer(request);
  if (token === undefined) return undefined;
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ["HS256"] });
    sub = payload.sub;
  } catch {
    throw unauthorized("error.invalidToken");
  }
  const id = Number(sub);
  if (!Number.isSafeInteger(id)) throw unauthorized("error.invalidToken");
  const user = await db
    .selectFrom("shop_users")
    .innerJoin("companies", "companies.id", "shop_users.company_id")
    .select(["shop_users.id", "shop_users.company_id", "shop_users.email", "shop_users.roles"])
    .where("shop_users.id", "=", id)
    .where("shop_users.enabled", "=", true)
    .where("companies.enabled", "=", true)
    .executeTakeFirst();
  if (!user) throw unauthorized("error.invalidToken");
  return { userId: user.id, companyId: user.company_id, email: user.email, roles: user.roles };
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export function requireAbility(principal: Principal, action: Action) {
  if (!can(principal.roles, action)) throw forbidden();
}

import { hookOf, type RouteRule } from "./access-routes.js";
import type { Answer, Identity, RoleKey } from "./access-world.js";

/** What a call should get: let through ("allowed") or refused with 401, 403 or 404. */
export type Outcome = "allowed" | 401 | 403 | 404;

/**
 * The credential the server acts on for this call: a token cookie (sent with the CSRF header)
 * is read on every method, and a bad one is refused like a bad header; the back
 * office reads the header only; paths outside the token hooks read no token at all
 * (server/app.ts, server/http/auth.ts).
 */
export function effectiveKind(identity: Identity, _method: string, path: string) {
  const hook = hookOf(path.split("?")[0]!);
  if (hook === "none") return "none";
  if (identity.transport !== "header") {
    // The cookie identities send the CSRF header, as the storefront does: a bad cookie is then
    // a 401 like a bad header (a page load without the header goes on as a visitor's).
    // A shop cookie carries the shop audience: the back office's check ignores it.
    if (hook === "staff" && identity.kind !== "staff") return "none";
  }
  return identity.kind;
}

/** The expected outcome of `identity` calling a route declared by `rule`. */
export function expectedOutcome(
  rule: RouteRule,
  identity: Identity,
  method: string,
  path: string,
): Outcome {
  if (rule.access === "webhook") return "allowed";
  const hook = hookOf(path.split("?")[0]!);
  const kind = effectiveKind(identity, method, path);
  if (kind === "bad") return 401;
  // Audiences keep the two APIs apart: a shop token opens nothing under /api/v2/admin/ and a
  // staff token nothing under the shop API (public routes included: a bad header is a 401).
  if (hook === "shop" && kind === "staff") return 401;
  if (hook === "staff" && (kind === "shopA" || kind === "shopB")) return 401;
  if (rule.access === "public") return "allowed";
  if (rule.access === "staff") return kind === "staff" ? "allowed" : 401;
  if (kind === "none" || kind === "staff") return 401;
  if (kind === "shopB") return rule.scoped ? 404 : "allowed";
  if (rule.access === "partner") return "allowed";
  return rule.access.roles.includes(identity.role!) ? "allowed" : 403;
}

/** Whose company-A resource the call names: the caller's own in A, else A's admin's. */
export function ownerOf(identity: Identity): RoleKey {
  return identity.kind === "shopA" && identity.role ? identity.role : "admin";
}

/** What the answer was, in the terms of `Outcome` (anything else is reported as its status). */
export function matches(rule: RouteRule, expected: Outcome, answer: Answer): boolean {
  if (expected === "allowed") {
    if (answer.status >= 200 && answer.status < 300) return true;
    return rule.alsoAllowed?.statuses.includes(answer.status) ?? false;
  }
  return answer.status === expected && answer.contentType.startsWith("application/problem+json");
}

/** True when an answer meant for someone outside company A shows one of A's secrets. */
export function leaks(answer: Answer, secrets: readonly string[]): string | undefined {
  return secrets.find((s) => answer.raw.includes(s));
}

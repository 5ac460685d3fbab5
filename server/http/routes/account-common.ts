import type { FastifyRequest } from "fastify";
import type { Actor } from "../../db/audit.js";
import type { ShopUserRow } from "../../db/schema.js";
import { memberStatus } from "../../domain/team.js";
import type { Violation } from "../../../rules/violations.js";
import { requirePrincipal } from "../auth.js";
import type { BodyReader } from "../validate.js";
import { type Principal } from "../../core/abilities.js";
import { iri, numericId } from "../../core/iri.js";
import { notFound } from "../../core/problem.js";

// What the account area's route files share: the caller's own record, secrets as sent, the
// team member resource.

/** Invitation tokens are 22 characters; anything much longer is not one. */
export const TOKEN_MAX = 200;

export const actorOf = (p: Principal): Actor => ({ type: "user", id: p.userId });

/** The locale key of the 422 when the e-mail belongs to a shop user already (any company). */
export const EMAIL_TAKEN = "account.emailTaken";

/**
 * The caller's own customer id from the path, else 404: a colleague's or another company's
 * customer record is not the caller's to read or change, and 404 tells nothing about it.
 */
export function ownCustomer(request: FastifyRequest): Principal {
  const principal = requirePrincipal(request);
  const { id } = request.params as { id: string };
  if (numericId(id) !== principal.userId) throw notFound();
  return principal;
}

/** A password field as sent: never trimmed (spaces are part of a pass phrase). */
export function readSecret(
  r: BodyReader,
  key: string,
  violations: Violation[],
): string | undefined {
  const value = r.raw(key);
  if (value === undefined || value === null || value === "") {
    violations.push({ propertyPath: key, message: "field.required" });
    return undefined;
  }
  if (typeof value !== "string") {
    violations.push({ propertyPath: key, message: "field.type", params: { type: "string" } });
    return undefined;
  }
  return value;
}

/** A string the caller may clear: absent is undefined (unchanged), null or "" is null. */
export function clearable(r: BodyReader, key: string, max: number): string | null | undefined {
  if (!r.has(key)) return undefined;
  return r.string(key, { max }) ?? null;
}

/** The refusal of an invitation whose address has an account in another company. */
export const EMAIL_HAS_ACCOUNT = "invitation.emailHasAccount";
/** The problem type of an invitation link whose address has an account in another company. */
export const INVITATION_EMAIL_HAS_ACCOUNT = "/problems/invitation-email-has-account";

export function shopUserResource(u: ShopUserRow) {
  return {
    "@id": iri.shopUser(u.id),
    "@type": "ShopUser",
    id: u.id,
    userIdentifier: u.email,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    roles: u.roles,
    enabled: u.enabled,
    status: memberStatus(u.first_name),
    // Spending limits in minor units of the company's currency, null for none (decision 043).
    orderLimit: u.order_limit,
    monthlyLimit: u.monthly_limit,
  };
}

/** The audit trail's view of a user: who and what rights, never secrets. */
export const auditUser = (u: ShopUserRow) => ({
  email: u.email,
  roles: u.roles,
  status: memberStatus(u.first_name),
});

import type { GatewayContext } from "./context.js";
import { errorResult, withErrors, type ErrorTypename } from "./errors.js";
import type { AddressInput, CompanyUserModel, TeamRole } from "./generated/resolvers-types.js";
import { RestError } from "./rest/client.js";
import { customerIdOf } from "./resolvers/query/me.js";

/** A company user as GET /shop-users answers it. */
export interface RestShopUser {
  id: number | string;
  email?: string;
  userIdentifier: string;
  firstName: string | null;
  lastName: string | null;
  roles: string[];
  enabled?: boolean;
  status?: string;
  /** Spending limits, minor units (decision 043); absent from older APIs. */
  orderLimit?: number | null;
  monthlyLimit?: number | null;
}

const ROLE_PREFIX = "ROLE_COMPANY_";
const ROLE_ORDER: readonly TeamRole[] = ["ADMIN", "COMMERCIAL", "MARKETING"];

/** The stored role name the REST API keeps (`ROLE_COMPANY_ADMIN`). */
export const storedRole = (role: TeamRole) => `${ROLE_PREFIX}${role}`;

/** Stored role names as schema roles, highest first; unknown names are dropped. */
function teamRoles(stored: readonly string[]): TeamRole[] {
  const short = new Set(stored.map((r) => r.toUpperCase().replace(ROLE_PREFIX, "")));
  return ROLE_ORDER.filter((r) => short.has(r));
}

/** The caller's own customer (= shop user) id, read from the bearer token like `me` does. */
export function callerId(ctx: GatewayContext): string {
  return customerIdOf(ctx.rest.authorization ?? "");
}

/** The REST body of an address of the book (the default shipping switch is `isShipping`). */
export function addressBody(input: AddressInput) {
  const blankToNull = (v: string | null | undefined) =>
    v === undefined || v === null || v.trim() === "" ? null : v;
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    company: input.company,
    street: input.street,
    city: input.city,
    postcode: input.postcode,
    countryCode: input.countryCode,
    provinceCode: blankToNull(input.provinceCode),
    phoneNumber: blankToNull(input.phoneNumber),
    email: blankToNull(input.email),
    ...(input.isDefaultShipping === null || input.isDefaultShipping === undefined
      ? {}
      : { isShipping: input.isDefaultShipping }),
  };
}

/**
 * Like `withErrors`, but every 403 is a ForbiddenError when the union lists it: the team's
 * own-row refusal (`/problems/own-user`) is a 403 of its own type, and the person should read
 * its detail rather than a generic failure.
 */
export function withAccountErrors<TSuccess, T extends ErrorTypename>(
  expected: readonly T[],
  run: () => Promise<TSuccess>,
) {
  return withErrors(expected, async () => {
    try {
      return await run();
    } catch (error) {
      if (
        error instanceof RestError &&
        error.problem.status === 403 &&
        (expected as readonly string[]).includes("ForbiddenError")
      ) {
        return errorResult("ForbiddenError", error.problem) as never;
      }
      throw error;
    }
  });
}

/** A company user (account spec 3): Active once a first name is set, Pending until then. */
export function toCompanyUser(u: RestShopUser, selfId: string): CompanyUserModel {
  const roles = teamRoles(u.roles);
  const active = u.firstName !== null && u.firstName.trim() !== "";
  return {
    id: String(u.id),
    email: u.userIdentifier ?? u.email ?? "",
    firstName: u.firstName,
    lastName: u.lastName,
    roles,
    role: roles[0] ?? null,
    status: active ? "ACTIVE" : "PENDING",
    isSelf: String(u.id) === selfId,
    orderLimit: u.orderLimit ?? null,
    monthlyLimit: u.monthlyLimit ?? null,
  };
}

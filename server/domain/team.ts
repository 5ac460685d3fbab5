import { ALL_ROLES, ROLES, type Role } from "../../rules/permissions.js";
import type { Violation } from "../../rules/violations.js";

/** The short names the storefront shows and may send (spec 3: ADMIN, COMMERCIAL, MARKETING). */
const SHORT: Record<string, Role> = {
  ADMIN: ROLES.admin,
  COMMERCIAL: ROLES.commercial,
  MARKETING: ROLES.marketing,
};

/** More entries than there are roles is not a list of roles; it is refused before reading. */
export const MAX_ROLE_ENTRIES = 10;

/**
 * A role as stored (`ROLE_COMPANY_ADMIN`), from either its stored name or its short name
 * (`ADMIN`), ignoring case; undefined for anything else.
 */
export function normaliseRole(value: unknown): Role | undefined {
  if (typeof value !== "string") return undefined;
  const upper = value.trim().toUpperCase();
  if ((ALL_ROLES as readonly string[]).includes(upper)) return upper as Role;
  return SHORT[upper];
}

/**
 * The `roles` of an invitation or role change: a non-empty array of known roles, normalised
 * to stored names, duplicates dropped, in the canonical order of `ALL_ROLES` so that equal
 * sets of roles are stored alike.
 */
export function readRoles(
  value: unknown,
  propertyPath = "roles",
): { roles: Role[]; violations: Violation[] } {
  if (value === undefined || value === null)
    return { roles: [], violations: [{ propertyPath, message: "field.required" }] };
  if (!Array.isArray(value))
    return {
      roles: [],
      violations: [{ propertyPath, message: "field.type", params: { type: "array" } }],
    };
  if (value.length === 0)
    return { roles: [], violations: [{ propertyPath, message: "field.required" }] };
  if (value.length > MAX_ROLE_ENTRIES)
    return {
      roles: [],
      violations: [
        { propertyPath, message: "team.rolesTooMany", params: { max: MAX_ROLE_ENTRIES } },
      ],
    };
  const violations: Violation[] = [];
  const found = new Set<Role>();
  value.forEach((entry, n) => {
    const role = normaliseRole(entry);
    if (role) found.add(role);
    else
      violations.push({
        propertyPath: `${propertyPath}[${n}]`,
        message: "team.roleUnknown",
        params: { role: typeof entry === "string" ? entry.slice(0, 40) : typeof entry },
      });
  });
  if (violations.length > 0) return { roles: [], violations };
  return { roles: ALL_ROLES.filter((r) => found.has(r)), violations: [] };
}

/** Spec 3: a company user is Active once they set a first name, Pending until then. */
export function memberStatus(firstName: string | null): "Active" | "Pending" {
  return firstName !== null && firstName.trim() !== "" ? "Active" : "Pending";
}

/**
 * How a company user is removed. Placed orders and saved lists belong to the whole company
 * (its order history, the lists every colleague orders from) and reference the user who made
 * them, so a user with either is disabled (signs in no more, leaves the team list) rather
 * than deleted; anyone else is deleted with their carts and invitations.
 */
export function removalMode(owned: {
  placedOrders: number;
  shoppingLists: number;
}): "delete" | "disable" {
  return owned.placedOrders > 0 || owned.shoppingLists > 0 ? "disable" : "delete";
}

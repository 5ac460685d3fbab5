/** Company roles as stored (spec: account 3, "stored role names carry the prefix"). */
export const ROLES = {
  admin: "ROLE_COMPANY_ADMIN",
  commercial: "ROLE_COMPANY_COMMERCIAL",
  marketing: "ROLE_COMPANY_MARKETING",
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ALL_ROLES: readonly Role[] = Object.values(ROLES);

export type Action =
  | "cart.bulkAdd"
  | "checkout.setPaymentMethod"
  | "checkout.complete"
  | "payment.pay"
  | "account.payments"
  | "account.companyDetails"
  | "account.myInformation"
  | "account.addressBook"
  | "account.team"
  | "account.approvals"
  | "shoppingLists.order";

/**
 * Who may do what (account spec 6). MARKETING users browse, keep a cart and save lists but
 * never pay or complete an order; only ADMIN manages the team. A user with several roles gets
 * the union, except that a marketing-only user is refused checkout.
 */
const allowed: Record<Action, readonly Role[]> = {
  "cart.bulkAdd": [ROLES.admin, ROLES.commercial],
  "checkout.setPaymentMethod": [ROLES.admin, ROLES.commercial],
  "checkout.complete": [ROLES.admin, ROLES.commercial],
  // Paying by card (checkout or an open balance): the same people who may complete an order.
  "payment.pay": [ROLES.admin, ROLES.commercial],
  "account.payments": [ROLES.admin, ROLES.commercial],
  "account.companyDetails": [ROLES.admin, ROLES.commercial],
  "account.myInformation": [ROLES.admin, ROLES.commercial],
  "account.addressBook": [ROLES.admin, ROLES.commercial],
  "account.team": [ROLES.admin],
  // Orders over a spending limit wait for an ADMIN (decision 043).
  "account.approvals": [ROLES.admin],
  "shoppingLists.order": [ROLES.admin, ROLES.commercial],
};

/** True when any of `roles` allows `action`. */
export function can(roles: readonly string[], action: Action): boolean {
  return roles.some((r) => (allowed[action] as readonly string[]).includes(r));
}

export function isRole(value: unknown): value is Role {
  return (ALL_ROLES as readonly unknown[]).includes(value);
}

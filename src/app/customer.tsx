import { gateway } from "../lib/gateway";
import { MeDocument, type MeQuery } from "../lib/gql/graphql";
import { useStoredSession } from "../lib/server-render";
import { useGatewayQuery, type QueryState } from "../lib/use-gateway-query";

export type Customer = NonNullable<MeQuery["me"]>;

export const ROLE = {
  admin: "ROLE_COMPANY_ADMIN",
  commercial: "ROLE_COMPANY_COMMERCIAL",
  marketing: "ROLE_COMPANY_MARKETING",
} as const;

const cache = new Map<string, Promise<Customer | null>>();

/** The signed-in customer, read once per session (roles decide what the chrome offers). */
function loadCustomer(key: string): Promise<Customer | null> {
  let pending = cache.get(key);
  if (!pending) {
    pending = gateway(MeDocument, {}).then((r) => r.me);
    // A failed read is tried again by the next page that asks.
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** Forgets the cached customer (after the person changed their own details, say). */
export function forgetCustomer(): void {
  cache.clear();
}

/** The signed-in customer of this browser session (`null` data when signed out). */
export function useCustomer(): QueryState<Customer | null> {
  // One read per session: the customer and the start of its stored sign-in.
  const session = useStoredSession();
  const key = session ? `${session.customerId}@${session.expiresAt}` : null;
  return useGatewayQuery(
    () => (key ? loadCustomer(key) : Promise.resolve(null)),
    `customer:${key ?? ""}`,
  );
}

/**
 * Whether the person may check out, reorder and use quick order: everyone but the marketing
 * role (storefront spec section 6); unknown while the customer loads (false).
 */
export function canOrder(customer: Customer | null | undefined): boolean {
  return !!customer && !customer.roles.includes(ROLE.marketing);
}

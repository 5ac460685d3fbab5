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

/** The signed-in customer, read once per token (roles decide what the chrome offers). */
function loadCustomer(token: string): Promise<Customer | null> {
  let pending = cache.get(token);
  if (!pending) {
    pending = gateway(MeDocument, {}).then((r) => r.me);
    // A failed read is tried again by the next page that asks.
    pending.catch(() => cache.delete(token));
    cache.set(token, pending);
  }
  return pending;
}

/** Forgets the cached customer (after the person changed their own details, say). */
export function forgetCustomer(): void {
  cache.clear();
}

/** The signed-in customer of this browser session (`null` data when signed out). */
export function useCustomer(): QueryState<Customer | null> {
  const token = useStoredSession()?.token ?? null;
  return useGatewayQuery(
    () => (token ? loadCustomer(token) : Promise.resolve(null)),
    `customer:${token ?? ""}`,
  );
}

/**
 * Whether the person may check out, reorder and use quick order: everyone but the marketing
 * role (storefront spec section 6); unknown while the customer loads (false).
 */
export function canOrder(customer: Customer | null | undefined): boolean {
  return !!customer && !customer.roles.includes(ROLE.marketing);
}

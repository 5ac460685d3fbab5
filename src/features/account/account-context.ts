import { createContext, useContext } from "react";
import type { MeQuery } from "../../lib/gql/graphql";

export type AccountCustomer = NonNullable<MeQuery["me"]>;

/** The signed-in customer, loaded once by the account page for every section. */
export const AccountContext = createContext<AccountCustomer | null>(null);

/** The signed-in customer; sections render only inside the account page, once it is loaded. */
export function useAccountCustomer(): AccountCustomer {
  const customer = useContext(AccountContext);
  if (!customer) throw new Error("useAccountCustomer outside the account page");
  return customer;
}

/**
 * Tells the account page that a section changed the person's own details (My information), so
 * the greeting, initials and everything else that shows them follow without a reload.
 */
export const AccountCustomerUpdate = createContext<(patch: Partial<AccountCustomer>) => void>(
  () => {},
);

/** The account page's update function for the signed-in customer's own details. */
export function useUpdateAccountCustomer(): (patch: Partial<AccountCustomer>) => void {
  return useContext(AccountCustomerUpdate);
}

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

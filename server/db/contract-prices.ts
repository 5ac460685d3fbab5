import type { Principal } from "../core/abilities.js";

/** A company's contract terms: the price list its prices come from and its currency. */
export interface CompanyTerms {
  priceList: string;
  currencyCode: string;
}

/**
 * The caller's price list and currency: the principal carries them, read with the session on
 * every request (server/db/sessions.ts), so no statement of their own.
 */
export function companyTerms(p: Pick<Principal, "priceListCode" | "currencyCode">): CompanyTerms {
  return { priceList: p.priceListCode, currencyCode: p.currencyCode };
}

import type { Kysely } from "kysely";
import type { DB } from "./schema.js";

/** A company's contract terms: the price list its prices come from and its currency. */
export interface CompanyTerms {
  priceList: string;
  currencyCode: string;
}

/** The company's price list and currency (the company exists: it signed the caller in). */
export async function companyTerms(db: Kysely<DB>, companyId: number): Promise<CompanyTerms> {
  const c = await db
    .selectFrom("companies")
    .select(["price_list_code", "currency_code"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  return { priceList: c.price_list_code, currencyCode: c.currency_code };
}

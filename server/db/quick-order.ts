import type { Kysely } from "kysely";
import type { DB } from "./schema.js";

/** The company's contract price list and currency, for the exports and the quick-order checks. */
export async function companyPriceList(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom("companies")
    .select(["price_list_code", "currency_code"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
}

/**
 * The first `limit` variants in catalogue order that are enabled, in stock and priced in
 * `priceListCode`: the rows of the quick-order sample file.
 */
export async function quickOrderSampleVariants(
  db: Kysely<DB>,
  priceListCode: string,
  limit: number,
) {
  return db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .innerJoin("variant_prices as vp", (j) =>
      j.onRef("vp.variant_code", "=", "v.code").on("vp.price_list_code", "=", priceListCode),
    )
    .select(["v.code", "v.on_hand"])
    .where("v.enabled", "=", true)
    .where("p.enabled", "=", true)
    .where("v.on_hand", ">", 0)
    .orderBy("p.position")
    .orderBy("p.code")
    .orderBy("v.position")
    .orderBy("v.code")
    .limit(limit)
    .execute();
}

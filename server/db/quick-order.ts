import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.js";
import { variantTiersJson } from "./volume-prices.js";

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

/**
 * The enabled variants of enabled products priced in `priceListCode` whose own code or whose
 * product's code is among `codes` (upper case; decision 051: a product code names its
 * variants), with their names in `lang` (the stored name where untranslated), stock, price,
 * volume tiers and main image, in catalogue order: the quick-order check's one statement.
 */
export async function quickOrderVariants(
  db: Kysely<DB>,
  codes: readonly string[],
  priceListCode: string,
  lang: string,
) {
  if (codes.length === 0) return [];
  return db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .innerJoin("variant_prices as vp", (j) =>
      j.onRef("vp.variant_code", "=", "v.code").on("vp.price_list_code", "=", priceListCode),
    )
    .leftJoin("product_translations as pt", (j) =>
      j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", lang),
    )
    .leftJoin("product_variant_translations as vt", (j) =>
      j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", lang),
    )
    .select([
      "v.code",
      "v.product_code",
      "v.on_hand",
      "vp.price",
      variantTiersJson().as("tiers"),
      sql<string>`coalesce(vt.name, v.name)`.as("name"),
      sql<string>`coalesce(pt.name, p.name)`.as("product_name"),
    ])
    .select((eb) =>
      eb
        .selectFrom("product_images as img")
        .select("img.path")
        .whereRef("img.product_code", "=", "p.code")
        .where("img.type", "=", "main")
        // The variant's own picture where it has one, else the product's (decision 051).
        .where((w) =>
          w.or([w("img.variant_code", "is", null), w("img.variant_code", "=", w.ref("v.code"))]),
        )
        .orderBy(sql`img.variant_code is null`)
        .orderBy("img.position")
        .orderBy("img.id")
        .limit(1)
        .as("image"),
    )
    .where((eb) =>
      eb.or([
        eb(eb.fn<string>("upper", ["v.code"]), "in", [...codes]),
        eb(eb.fn<string>("upper", ["p.code"]), "in", [...codes]),
      ]),
    )
    .where("v.enabled", "=", true)
    .where("p.enabled", "=", true)
    .orderBy("v.product_code")
    .orderBy("v.position")
    .orderBy("v.code")
    .execute();
}

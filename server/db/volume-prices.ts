import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import { tierRanges, type Tier, type TierRange } from "../domain/volume-prices.js";
import type { DB } from "./schema.js";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The unit price the volume tiers of `priceList` give a cart line (`order_items as i`) for its
 * quantity, or null when its entry has no tiers: a scalar subquery, so pricing a cart reads
 * every line's tier in the statement that reads the lines (no statement per line).
 */
export function lineTierPrice(priceList: string): RawBuilder<number | null> {
  return sql<number | null>`(
    select t.price from variant_price_tiers as t
    where t.price_list_code = ${priceList}
      and t.variant_code = i.variant_code
      and t.min_quantity <= i.quantity
    order by t.min_quantity desc
    limit 1)`;
}

/**
 * A variant's tiers in the price list joined as `variant_prices as vp` to `product_variants as
 * v`, as a JSON array ordered by quantity (empty without tiers or without a price list): the
 * catalogue reads them with the variant, in the same statement.
 */
export function variantTiersJson(): RawBuilder<Tier[]> {
  return sql<Tier[]>`coalesce((
    select json_agg(json_build_object('minQuantity', t.min_quantity, 'price', t.price)
                    order by t.min_quantity)
    from variant_price_tiers as t
    where t.price_list_code = vp.price_list_code and t.variant_code = v.code), '[]'::json)`;
}

/** The tiers of many variants in one price list, in one statement, by variant code. */
export async function loadTiers(
  db: Db,
  priceList: string,
  variantCodes: readonly string[],
): Promise<Map<string, TierRange[]>> {
  const byCode = new Map<string, TierRange[]>();
  if (variantCodes.length === 0) return byCode;
  const rows = await db
    .selectFrom("variant_price_tiers")
    .select(["variant_code", "min_quantity", "price"])
    .where("price_list_code", "=", priceList)
    .where("variant_code", "in", [...new Set(variantCodes)])
    .orderBy("variant_code")
    .orderBy("min_quantity")
    .execute();
  const grouped = new Map<string, Tier[]>();
  for (const r of rows) {
    const list = grouped.get(r.variant_code) ?? [];
    list.push({ minQuantity: r.min_quantity, price: r.price });
    grouped.set(r.variant_code, list);
  }
  for (const [code, tiers] of grouped) byCode.set(code, tierRanges(tiers));
  return byCode;
}

/** One contract price list entry with its tiers, for the back office. */
export interface PriceEntry {
  priceListCode: string;
  currencyCode: string;
  variantCode: string;
  productCode: string;
  variantName: string;
  productName: string;
  price: number;
  originalPrice: number;
  rrpPrice: number;
  tiers: TierRange[];
}

/** An entry of a price list, locked for update inside a transaction when `forUpdate`. */
export async function findPriceEntry(
  db: Db,
  priceList: string,
  variantCode: string,
  forUpdate = false,
): Promise<PriceEntry | undefined> {
  let q = db
    .selectFrom("variant_prices as vp")
    .innerJoin("price_lists as pl", "pl.code", "vp.price_list_code")
    .innerJoin("product_variants as v", "v.code", "vp.variant_code")
    .innerJoin("products as p", "p.code", "v.product_code")
    .select([
      "vp.price_list_code",
      "pl.currency_code",
      "vp.variant_code",
      "v.product_code",
      "v.name as variant_name",
      "p.name as product_name",
      "vp.price",
      "vp.original_price",
      "vp.rrp_price",
    ])
    .select(variantTiersJson().as("tiers"))
    .where("vp.price_list_code", "=", priceList)
    .where("vp.variant_code", "=", variantCode);
  if (forUpdate) q = q.forUpdate("vp");
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  return {
    priceListCode: row.price_list_code,
    currencyCode: row.currency_code,
    variantCode: row.variant_code,
    productCode: row.product_code,
    variantName: row.variant_name,
    productName: row.product_name,
    price: row.price,
    originalPrice: row.original_price,
    rrpPrice: row.rrp_price,
    tiers: tierRanges(row.tiers),
  };
}

/**
 * Replaces an entry's tiers (none removes them). With tiers, the entry's own price becomes the
 * first tier's, so listings, quick order and the cart agree on the price of one unit.
 */
export async function replaceTiers(
  tx: Transaction<DB>,
  priceList: string,
  variantCode: string,
  tiers: readonly Tier[],
): Promise<void> {
  await tx
    .deleteFrom("variant_price_tiers")
    .where("price_list_code", "=", priceList)
    .where("variant_code", "=", variantCode)
    .execute();
  if (tiers.length === 0) return;
  await tx
    .insertInto("variant_price_tiers")
    .values(
      tiers.map((t) => ({
        price_list_code: priceList,
        variant_code: variantCode,
        min_quantity: t.minQuantity,
        price: t.price,
      })),
    )
    .execute();
  await tx
    .updateTable("variant_prices")
    .set({ price: tiers[0]!.price })
    .where("price_list_code", "=", priceList)
    .where("variant_code", "=", variantCode)
    .execute();
}

/**
 * A page of a price list's entries with their tiers, by product position and variant code;
 * `search` matches variant and product codes and names (case-insensitive), `tiered` keeps the
 * entries with tiers. Undefined when the price list does not exist.
 */
export async function findPriceEntries(
  db: Db,
  priceList: string,
  o: { search?: string; tiered?: boolean; page: number; itemsPerPage: number },
): Promise<{ entries: PriceEntry[]; total: number } | undefined> {
  const list = await db
    .selectFrom("price_lists")
    .select(["code", "currency_code"])
    .where("code", "=", priceList)
    .executeTakeFirst();
  if (!list) return undefined;
  let base = db
    .selectFrom("variant_prices as vp")
    .innerJoin("product_variants as v", "v.code", "vp.variant_code")
    .innerJoin("products as p", "p.code", "v.product_code")
    .where("vp.price_list_code", "=", priceList);
  if (o.search) {
    const like = `%${o.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb("v.code", "ilike", like),
        eb("v.name", "ilike", like),
        eb("p.code", "ilike", like),
        eb("p.name", "ilike", like),
      ]),
    );
  }
  if (o.tiered) {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("variant_price_tiers as t")
          .select("t.min_quantity")
          .whereRef("t.price_list_code", "=", "vp.price_list_code")
          .whereRef("t.variant_code", "=", "vp.variant_code"),
      ),
    );
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select([
        "vp.variant_code",
        "v.product_code",
        "v.name as variant_name",
        "p.name as product_name",
        "vp.price",
        "vp.original_price",
        "vp.rrp_price",
      ])
      .select(variantTiersJson().as("tiers"))
      .orderBy("p.position")
      .orderBy("p.code")
      .orderBy("v.position")
      .orderBy("v.code")
      .limit(o.itemsPerPage)
      .offset((o.page - 1) * o.itemsPerPage)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    entries: rows.map((row) => ({
      priceListCode: priceList,
      currencyCode: list.currency_code,
      variantCode: row.variant_code,
      productCode: row.product_code,
      variantName: row.variant_name,
      productName: row.product_name,
      price: row.price,
      originalPrice: row.original_price,
      rrpPrice: row.rrp_price,
      tiers: tierRanges(row.tiers),
    })),
  };
}

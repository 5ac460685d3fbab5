import type { Kysely } from "kysely";
import type { Language } from "../core/i18n.js";
import { startCart, type Tx } from "./orders.js";
import { lineTierPrice } from "./volume-prices.js";
import type { DB } from "./schema.js";

/**
 * Saved shopping lists: a company's lists and their lines, and what ordering from a list
 * reads and writes in the caller's cart. A list belongs to the company, so every read is by
 * company.
 */

/** The company's list `id`, or undefined (missing or another company's). */
export async function findCompanyList(db: Kysely<DB>, companyId: number, id: number) {
  return db
    .selectFrom("shopping_lists")
    .selectAll()
    .where("id", "=", id)
    .where("company_id", "=", companyId)
    .executeTakeFirst();
}

/** One page of the company's lists, newest first, and how many it has in all. */
export async function companyListsPage(
  db: Kysely<DB>,
  companyId: number,
  { page, itemsPerPage }: { page: number; itemsPerPage: number },
) {
  const base = db.selectFrom("shopping_lists").where("company_id", "=", companyId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A list by id, which exists (just written). */
export async function getList(db: Kysely<DB>, id: number) {
  return db.selectFrom("shopping_lists").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Writes a list of the company saved by `userId` and its lines in their order; its id. */
export async function insertList(
  tx: Tx,
  list: { companyId: number; userId: number; name: string },
  lines: { code: string; quantity: number }[],
): Promise<number> {
  const row = await tx
    .insertInto("shopping_lists")
    .values({ company_id: list.companyId, shop_user_id: list.userId, name: list.name })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("shopping_list_items")
    .values(
      lines.map((l, position) => ({
        shopping_list_id: row.id,
        variant_code: l.code,
        quantity: l.quantity,
        position,
      })),
    )
    .execute();
  return row.id;
}

/** The list's lines as saved, in their order (what a deletion records in the audit trail). */
export async function shoppingListItems(tx: Tx, listId: number) {
  return tx
    .selectFrom("shopping_list_items")
    .select(["variant_code", "quantity"])
    .where("shopping_list_id", "=", listId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** Deletes the list (its lines go with it); how many rows went: 0 when it was already gone. */
export async function deleteList(tx: Tx, listId: number): Promise<number> {
  const deleted = await tx.deleteFrom("shopping_lists").where("id", "=", listId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Of `codes`, the variants sold to a company of `priceList`: enabled, of an enabled product, priced. */
export async function soldVariantCodes(
  db: Kysely<DB>,
  codes: string[],
  priceList: string,
): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .innerJoin("variant_prices as vp", (j) =>
      j.onRef("vp.variant_code", "=", "v.code").on("vp.price_list_code", "=", priceList),
    )
    .select("v.code")
    .where("v.code", "in", codes)
    .where("v.enabled", "=", true)
    .where("p.enabled", "=", true)
    .execute();
  return rows.map((v) => v.code);
}

/**
 * The lines of all the given lists in one query, at `priceList`'s prices (the volume tier of
 * the line's quantity, `tier_price`, where the entry has tiers), products and variants named
 * in `language`. A product with several main images joins once per image.
 */
export async function listLines(
  db: Kysely<DB>,
  listIds: number[],
  priceList: string,
  language: Language,
) {
  return (
    db
      .selectFrom("shopping_list_items as i")
      .innerJoin("product_variants as v", "v.code", "i.variant_code")
      .innerJoin("products as p", "p.code", "v.product_code")
      .leftJoin("variant_prices as vp", (j) =>
        j.onRef("vp.variant_code", "=", "i.variant_code").on("vp.price_list_code", "=", priceList),
      )
      // The variant's own pictures where it has some, else the product's (decision 051).
      .leftJoin("product_images as img", (j) =>
        j
          .onRef("img.product_code", "=", "p.code")
          .on("img.type", "=", "main")
          .on((eb) =>
            eb.or([
              eb("img.variant_code", "=", eb.ref("v.code")),
              eb.and([
                eb("img.variant_code", "is", null),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom("product_images as own")
                      .select("own.id")
                      .whereRef("own.variant_code", "=", "v.code"),
                  ),
                ),
              ]),
            ]),
          ),
      )
      .leftJoin("product_translations as pt", (j) =>
        j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", language),
      )
      .leftJoin("product_variant_translations as vt", (j) =>
        j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
      )
      .select([
        "i.id",
        "i.shopping_list_id",
        "i.variant_code",
        "i.quantity",
        "v.name as variant_name",
        "v.product_code",
        "v.on_hand",
        "v.enabled as variant_enabled",
        "p.name as product_name",
        "p.enabled as product_enabled",
        "pt.name as product_name_translated",
        "vt.name as variant_name_translated",
        "vp.price",
        // The line's volume price for its quantity, as the cart prices it (decision 040); a
        // list's lines are one per variant, so its quantity is the cart line's.
        lineTierPrice(priceList).as("tier_price"),
        "img.type as image_type",
        "img.path as image_path",
      ])
      .where("i.shopping_list_id", "in", listIds)
      .orderBy("i.shopping_list_id")
      .orderBy("i.position")
      .orderBy("i.id")
      .orderBy("img.position")
      .orderBy("img.id")
      .execute()
  );
}

/** Locks the user's row so that two requests of one person do not both start a cart. */
export async function lockShopUser(tx: Tx, userId: number): Promise<void> {
  await tx
    .selectFrom("shop_users")
    .select("id")
    .where("id", "=", userId)
    .forNoKeyUpdate()
    .execute();
}

/** The user's cart as the storefront chooses it, locked; a new one when there is none. */
export async function callerCart(tx: Tx, userId: number, localeCode: string) {
  const carts = await tx
    .selectFrom("orders")
    .selectAll()
    .where("state", "=", "cart")
    .where("shop_user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .forUpdate()
    .execute();
  return (
    carts.find((c) => c.items_total > 0) ?? carts[0] ?? (await startCart(tx, userId, localeCode))
  );
}

/** The list's lines with what ordering them needs: the variant's state, stock and prices. */
export async function listLinesToOrder(
  tx: Tx,
  listId: number,
  priceList: string,
  language: Language,
) {
  return tx
    .selectFrom("shopping_list_items as i")
    .innerJoin("product_variants as v", "v.code", "i.variant_code")
    .innerJoin("products as p", "p.code", "v.product_code")
    .leftJoin("variant_prices as vp", (j) =>
      j.onRef("vp.variant_code", "=", "i.variant_code").on("vp.price_list_code", "=", priceList),
    )
    .leftJoin("product_translations as pt", (j) =>
      j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", language),
    )
    .leftJoin("product_variant_translations as vt", (j) =>
      j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
    )
    .select([
      "i.variant_code",
      "i.quantity",
      "v.name as variant_name",
      "v.product_code",
      "v.on_hand",
      "v.enabled as variant_enabled",
      "p.name as product_name",
      "p.enabled as product_enabled",
      "pt.name as product_name_translated",
      "vt.name as variant_name_translated",
      "vp.price",
      "vp.rrp_price",
    ])
    .where("i.shopping_list_id", "=", listId)
    .orderBy("i.position")
    .orderBy("i.id")
    .execute();
}

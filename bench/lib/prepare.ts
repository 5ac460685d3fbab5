import { sql, type Kysely } from "kysely";
import { migrateToLatest } from "../../server/db/migrate.js";
import type { DB } from "../../server/db/schema.js";
import { seed } from "../../server/db/seed/seed.js";
import { SHOP_AUDIENCE, signToken } from "../../server/http/auth.js";

/** Pieces of one variant each checkout orders. */
export const CHECKOUT_QUANTITY = 20;

export interface Fixture {
  /** Bearer tokens of bench users of Demo Spa GmbH, one per simulated client. */
  tokens: string[];
  /** Enabled, priced variants (add to cart rotates over them). */
  variants: string[];
  /** Variants of which `CHECKOUT_QUANTITY` pieces pass the company's minimum order value. */
  checkoutVariants: string[];
  /** The taxon with the most products: the category page. */
  taxon: string;
  taxonProducts: number;
  /** A product with related products and a main taxon: the product page. */
  product: string;
  /** The company's default shipping address (an id of its address book). */
  shippingAddressId: number;
}

/**
 * Migrates and seeds the demo data, then adds `users` bench users to Demo Spa GmbH (so each
 * simulated client has its own cart and no two clients contend for one row) and gives every
 * variant enough stock for the checkout runs. Tokens are signed with the server's secret.
 */
export async function prepare(db: Kysely<DB>, secret: string, users: number): Promise<Fixture> {
  await migrateToLatest(db);
  await seed(db, { brandName: "Lumé Atelier" });
  const admin = await db
    .selectFrom("shop_users")
    .selectAll()
    .where("email", "=", "admin@demo-spa.example")
    .executeTakeFirstOrThrow();
  const company = await db
    .selectFrom("companies")
    .selectAll()
    .where("id", "=", admin.company_id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto("shop_users")
    .values(
      Array.from({ length: users }, (_, n) => ({
        company_id: admin.company_id,
        email: `bench-${n}@demo-spa.example`,
        password_hash: admin.password_hash,
        first_name: "Bench",
        last_name: `User ${n}`,
        roles: admin.roles,
      })),
    )
    .returning("id")
    .execute();
  await db.updateTable("product_variants").set({ on_hand: 1_000_000_000 }).execute();
  const key = new TextEncoder().encode(secret);
  const tokens = await Promise.all(rows.map((r) => signToken(key, r.id, SHOP_AUDIENCE, 0)));
  const variants = await db
    .selectFrom("product_variants")
    .innerJoin("variant_prices", "variant_prices.variant_code", "product_variants.code")
    .innerJoin("products", "products.code", "product_variants.product_code")
    .select(["product_variants.code", "variant_prices.price"])
    .where("variant_prices.price_list_code", "=", company.price_list_code)
    .where("product_variants.enabled", "=", true)
    .where("products.enabled", "=", true)
    .orderBy("product_variants.code")
    .execute();
  const taxon = await db
    .selectFrom("product_taxons")
    .select(["taxon_code", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("taxon_code")
    .orderBy(sql`count(*)`, "desc")
    .orderBy("taxon_code")
    .executeTakeFirstOrThrow();
  const product = await db
    .selectFrom("product_associations")
    .select("product_code")
    .orderBy("product_code")
    .executeTakeFirstOrThrow();
  return {
    tokens,
    variants: variants.slice(0, 60).map((v) => v.code),
    checkoutVariants: variants
      .filter((v) => v.price * CHECKOUT_QUANTITY >= company.minimal_order_value)
      .map((v) => v.code),
    taxon: taxon.taxon_code,
    taxonProducts: Number(taxon.n),
    product: product.product_code,
    shippingAddressId: company.default_shipping_address_id!,
  };
}

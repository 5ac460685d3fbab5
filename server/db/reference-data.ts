import type { Kysely } from "kysely";
import type { DB } from "./schema.js";

/**
 * Reference data: countries with their provinces, channels, currencies, payment and shipping
 * methods.
 */

/** Enabled countries by name (only `codes` when given), and the provinces of those countries. */
export async function findCountries(db: Kysely<DB>, codes?: string[]) {
  let q = db.selectFrom("countries").selectAll().where("enabled", "=", true).orderBy("name");
  if (codes) q = q.where("code", "in", codes);
  const countries = await q.execute();
  const provinces = countries.length
    ? await db
        .selectFrom("provinces")
        .selectAll()
        .where(
          "country_code",
          "in",
          countries.map((r) => r.code),
        )
        .orderBy("name")
        .execute()
    : [];
  return { countries, provinces };
}

/** The enabled country `code`, or undefined. */
export async function enabledCountry(db: Kysely<DB>, code: string) {
  return db
    .selectFrom("countries")
    .select("code")
    .where("code", "=", code)
    .where("enabled", "=", true)
    .executeTakeFirst();
}

/** The provinces of the country `code` (none for most countries). */
export async function provincesOf(db: Kysely<DB>, code: string) {
  return db
    .selectFrom("provinces")
    .select(["code", "name"])
    .where("country_code", "=", code)
    .execute();
}

/** Every channel, or with `companyId` only that company's channel. */
export async function findChannels(db: Kysely<DB>, companyId?: number) {
  let q = db.selectFrom("channels").selectAll().orderBy("code");
  if (companyId !== undefined) {
    q = q.where("code", "=", (eb) =>
      eb.selectFrom("companies").select("channel_code").where("id", "=", companyId),
    );
  }
  return q.execute();
}

export async function findChannel(db: Kysely<DB>, code: string) {
  return db.selectFrom("channels").selectAll().where("code", "=", code).executeTakeFirst();
}

export async function findCurrency(db: Kysely<DB>, code: string) {
  return db.selectFrom("currencies").selectAll().where("code", "=", code).executeTakeFirst();
}

/** The enabled payment methods in their order. */
export async function enabledPaymentMethods(db: Kysely<DB>) {
  return db
    .selectFrom("payment_methods")
    .selectAll()
    .where("enabled", "=", true)
    .orderBy("position")
    .execute();
}

/** An enabled payment method; undefined for an unknown or disabled one. */
export async function enabledPaymentMethod(db: Kysely<DB>, code: string) {
  return db
    .selectFrom("payment_methods")
    .selectAll()
    .where("code", "=", code)
    .where("enabled", "=", true)
    .executeTakeFirst();
}

/** The enabled shipping methods in their order. */
export async function enabledShippingMethods(db: Kysely<DB>) {
  return db
    .selectFrom("shipping_methods")
    .selectAll()
    .where("enabled", "=", true)
    .orderBy("position")
    .execute();
}

/** An enabled shipping method; undefined for an unknown or disabled one. */
export async function enabledShippingMethod(db: Kysely<DB>, code: string) {
  return db
    .selectFrom("shipping_methods")
    .selectAll()
    .where("code", "=", code)
    .where("enabled", "=", true)
    .executeTakeFirst();
}

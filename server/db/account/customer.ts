import type { Kysely, Transaction, Updateable } from "kysely";
import type { DB } from "../schema.js";

type Tx = Transaction<DB>;

/**
 * "My information": the signed-in user's personal details, the company's details, the
 * password, and who holds an e-mail address.
 */

/**
 * Who holds `email` (any case) besides `exceptUserId`: nobody, a user (or invitation) of
 * `companyId`, or a registered user of another company. Only the first two may be told to the caller (issue 18, finding 5).
 */
export async function emailHolder(
  db: Kysely<DB>,
  email: string,
  companyId: number,
  exceptUserId?: number,
): Promise<"free" | "ownCompany" | "elsewhere"> {
  // Several rows may hold one address: a registered user and invitations of other companies
  // (migration 0014). The caller's own company decides first.
  let q = db
    .selectFrom("shop_users")
    .select(["company_id", "password_hash"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()));
  if (exceptUserId !== undefined) q = q.where("id", "!=", exceptUserId);
  const rows = await q.execute();
  if (rows.some((r) => r.company_id === companyId)) return "ownCompany";
  // Elsewhere only a registered user holds it; another company's pending invitation does not.
  return rows.some((r) => r.password_hash !== null) ? "elsewhere" : "free";
}

/**
 * Whether `email` is the sign-in e-mail of a user who registered (has a password) outside
 * `companyId`: an invitation of that address cannot be accepted (finding 5, migration 0014).
 */
export async function registeredElsewhere(db: Kysely<DB>, email: string, companyId: number) {
  const row = await db
    .selectFrom("shop_users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("password_hash", "is not", null)
    .where("company_id", "!=", companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's stored password hash; `lock` locks the row for the caller's transaction. */
export async function passwordHashOf(db: Kysely<DB>, userId: number, lock = false) {
  let q = db.selectFrom("shop_users").select("password_hash").where("id", "=", userId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirstOrThrow();
  return row.password_hash;
}

/**
 * Sets a new password hash; every token issued before stops working (the token version goes
 * up). Answers the new token version.
 */
export async function setPasswordHash(tx: Tx, userId: number, hash: string): Promise<number> {
  const changed = await tx
    .updateTable("shop_users")
    .set((eb) => ({ password_hash: hash, token_version: eb("token_version", "+", 1) }))
    .where("id", "=", userId)
    .returning("token_version")
    .executeTakeFirstOrThrow();
  return changed.token_version;
}

/** The user's personal details, locked until the transaction ends. */
export async function lockPersonalDetails(tx: Tx, userId: number) {
  return tx
    .selectFrom("shop_users")
    .select(["email", "first_name", "last_name", "phone_number", "job_title"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function updatePersonalDetails(
  tx: Tx,
  userId: number,
  details: Updateable<DB["shop_users"]>,
) {
  await tx.updateTable("shop_users").set(details).where("id", "=", userId).execute();
}

/** The company's details a customer may change, locked until the transaction ends. */
export async function lockCompanyDetails(tx: Tx, companyId: number) {
  return tx
    .selectFrom("companies")
    .select(["name", "tax_number", "po_number_required"])
    .where("id", "=", companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function updateCompanyDetails(
  tx: Tx,
  companyId: number,
  details: Updateable<DB["companies"]>,
) {
  await tx.updateTable("companies").set(details).where("id", "=", companyId).execute();
}

/**
 * The country of the company's default billing address (its registered address), whose VAT
 * number format its tax number must fit; null without one.
 */
export async function billingCountryOf(db: Kysely<DB>, companyId: number) {
  const row = await db
    .selectFrom("companies as c")
    .innerJoin("addresses as a", "a.id", "c.default_billing_address_id")
    .select("a.country_code")
    .where("c.id", "=", companyId)
    .executeTakeFirst();
  return row?.country_code ?? null;
}

/** The shop user `userId` with their company's details, for the customer resource. */
export async function customerWithCompany(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom("shop_users as u")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select([
      "u.id",
      "u.company_id",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.phone_number",
      "u.job_title",
      "u.roles",
      "u.order_limit",
      "u.monthly_limit",
      "c.name as company_name",
      "c.legal_name as company_legal_name",
      "c.email as company_email",
      "c.phone as company_phone",
      "c.tax_number",
      "c.currency_code",
      "c.minimal_order_value",
      "c.channel_code",
      "c.default_billing_address_id",
      "c.default_shipping_address_id",
      "c.sales_agent_name",
      "c.sales_agent_email",
      "c.po_number_required",
    ])
    .where("u.id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** The ids of the company's users, in id order. */
export async function colleagueIds(db: Kysely<DB>, companyId: number) {
  return (
    db
      .selectFrom("shop_users")
      .select("id")
      .where("company_id", "=", companyId)
      // Removed users kept for their order history (disabled) are no longer colleagues.
      .where("enabled", "=", true)
      .orderBy("id")
      .execute()
  );
}

import type { Kysely, Transaction, Updateable } from "kysely";
import type { DB } from "../schema.js";

type Tx = Transaction<DB>;

/**
 * "My information": the signed-in user's personal details, the company's details, the
 * password, and who holds an e-mail address.
 */

/**
 * Who holds `email` (any case) besides `exceptUserId`: nobody, a user of `companyId`, or a user
 * of another company. Only the first two may be told to the caller (issue 18, finding 5).
 */
export async function emailHolder(
  db: Kysely<DB>,
  email: string,
  companyId: number,
  exceptUserId?: number,
): Promise<"free" | "ownCompany" | "elsewhere"> {
  let q = db
    .selectFrom("shop_users")
    .select("company_id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()));
  if (exceptUserId !== undefined) q = q.where("id", "!=", exceptUserId);
  const row = await q.executeTakeFirst();
  if (!row) return "free";
  return row.company_id === companyId ? "ownCompany" : "elsewhere";
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

import type { Kysely } from "kysely";
import { hashToken } from "./invitations.js";
import type { DB } from "./schema.js";

/**
 * The enabled user with a password (in an enabled company) who asks for a reset of this
 * e-mail (any case), locked: one request of a user at a time, so the hourly limit cannot be
 * raced past. Invited colleagues without a password are not found.
 */
export async function lockResetRequester(tx: Kysely<DB>, email: string) {
  return tx
    .selectFrom("shop_users as u")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select(["u.id", "u.email", "u.company_id"])
    .where((eb) => eb(eb.fn("lower", ["u.email"]), "=", email.toLowerCase()))
    .where("u.enabled", "=", true)
    .where("u.password_hash", "is not", null)
    .where("c.enabled", "=", true)
    .forUpdate("u")
    .executeTakeFirst();
}

/** How many resets the user asked for after `since`. */
export async function resetsSince(tx: Kysely<DB>, userId: number, since: Date): Promise<number> {
  const recent = await tx
    .selectFrom("password_resets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("shop_user_id", "=", userId)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

/** Stores a reset (only its token's hash); answers its id. */
export async function insertPasswordReset(
  tx: Kysely<DB>,
  reset: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  return tx
    .insertInto("password_resets")
    .values({
      shop_user_id: reset.userId,
      token_hash: reset.tokenHash,
      expires_at: reset.expiresAt,
      created_at: reset.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/**
 * The reset of `token` if it still works: unused, not expired, its user enabled with a
 * password and the company enabled. `lock` locks the reset row for the caller's transaction.
 */
export async function openReset(db: Kysely<DB>, token: string, now: Date, lock: boolean) {
  let query = db
    .selectFrom("password_resets as r")
    .innerJoin("shop_users as u", "u.id", "r.shop_user_id")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select([
      "r.id as resetId",
      "r.used_at",
      "r.expires_at",
      "u.id as userId",
      "u.email",
      "u.locale_code as localeCode",
      "u.company_id as companyId",
    ])
    .where("r.token_hash", "=", hashToken(token))
    .where("u.enabled", "=", true)
    .where("u.password_hash", "is not", null)
    .where("c.enabled", "=", true);
  if (lock) query = query.forUpdate("r");
  const row = await query.executeTakeFirst();
  // Checked after locking: a link used by a concurrent request is seen as used here.
  if (!row || row.used_at !== null || new Date(row.expires_at) <= now) return undefined;
  return row;
}

/**
 * Sets the user's new password hash through a reset and marks the reset used. A reset also
 * ends every session signed in with the old password (the token version goes up).
 */
export async function usePasswordReset(
  tx: Kysely<DB>,
  reset: { userId: number; resetId: number },
  passwordHash: string,
  now: Date,
) {
  await tx
    .updateTable("shop_users")
    .set((eb) => ({ password_hash: passwordHash, token_version: eb("token_version", "+", 1) }))
    .where("id", "=", reset.userId)
    .execute();
  await tx
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("id", "=", reset.resetId)
    .execute();
}

/** Ends the user's open resets: only the newest link works. */
export async function expireOpenResets(tx: Kysely<DB>, userId: number, now: Date) {
  await tx
    .updateTable("password_resets")
    .set({ expires_at: now })
    .where("shop_user_id", "=", userId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .execute();
}

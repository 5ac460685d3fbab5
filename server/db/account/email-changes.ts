import type { Kysely } from "kysely";
import { hashToken } from "../invitations.js";
import type { DB } from "../schema.js";

/** Ends the user's open e-mail changes: a newer request ends the older links. */
export async function expireOpenEmailChanges(tx: Kysely<DB>, userId: number, now: Date) {
  await tx
    .updateTable("email_changes")
    .set({ expires_at: now })
    .where("shop_user_id", "=", userId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .execute();
}

/** Stores a requested change (only its token's hash); answers its id. */
export async function insertEmailChange(
  tx: Kysely<DB>,
  change: { userId: number; newEmail: string; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  return tx
    .insertInto("email_changes")
    .values({
      shop_user_id: change.userId,
      new_email: change.newEmail,
      token_hash: change.tokenHash,
      expires_at: change.expiresAt,
      created_at: change.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/**
 * The change of `token` if it still works (unused, not expired, its user and company
 * enabled); `lock` locks it for the caller's transaction.
 */
export async function openEmailChange(db: Kysely<DB>, token: string, now: Date, lock: boolean) {
  let q = db
    .selectFrom("email_changes as e")
    .innerJoin("shop_users as u", "u.id", "e.shop_user_id")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select([
      "e.id",
      "e.new_email",
      "e.used_at",
      "e.expires_at",
      "u.id as userId",
      "u.email",
      "u.locale_code as localeCode",
      "u.company_id as companyId",
    ])
    .where("e.token_hash", "=", hashToken(token))
    .where("u.enabled", "=", true)
    .where("c.enabled", "=", true);
  if (lock) q = q.forUpdate("e");
  const row = await q.executeTakeFirst();
  if (!row || row.used_at !== null || new Date(row.expires_at) <= now) return undefined;
  return row;
}

/** Whether a user other than `userId` signs in with `email` (any case). */
export async function emailTakenByOther(tx: Kysely<DB>, email: string, userId: number) {
  // Held by a registered user anywhere, or by anyone (an invitation too) of the user's company;
  // a pending invitation of another company does not hold it (migration 0014).
  const row = await tx
    .selectFrom("shop_users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("id", "!=", userId)
    .where((eb) =>
      eb.or([
        eb("password_hash", "is not", null),
        eb(
          "company_id",
          "=",
          eb.selectFrom("shop_users as me").select("me.company_id").where("me.id", "=", userId),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The user signs in with the change's new e-mail from now on, signed out everywhere; the change
 * is used.
 */
export async function applyEmailChange(
  tx: Kysely<DB>,
  change: { id: number; userId: number; newEmail: string },
  now: Date,
) {
  // The token version goes up: every session of the account ends, as after a new password
  // (security round three; decision 060), so a session of whoever had the old mailbox ends too.
  await tx
    .updateTable("shop_users")
    .set((eb) => ({ email: change.newEmail, token_version: eb("token_version", "+", 1) }))
    .where("id", "=", change.userId)
    .execute();
  await tx.updateTable("email_changes").set({ used_at: now }).where("id", "=", change.id).execute();
}

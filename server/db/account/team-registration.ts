import type { Kysely, Transaction } from "kysely";
import { hashToken } from "../invitations.js";
import type { DB } from "../schema.js";

type Tx = Transaction<DB>;

/**
 * The invitation of `token` with its invitee and company, for the registration page's check:
 * found only while the invitee is enabled without a password and the company is enabled
 * (whether it is used or expired is the caller's to check).
 */
export async function invitationOfToken(db: Kysely<DB>, token: string) {
  return db
    .selectFrom("invitations as i")
    .innerJoin("shop_users as u", "u.id", "i.shop_user_id")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select(["u.email", "u.company_id", "c.name as company_name", "i.expires_at", "i.used_at"])
    .where("i.token_hash", "=", hashToken(token))
    .where("u.enabled", "=", true)
    .where("u.password_hash", "is", null)
    .where("c.enabled", "=", true)
    .executeTakeFirst();
}

/** The newest approved application of the company by this contact e-mail (any case). */
export async function approvedApplicationOf(db: Kysely<DB>, companyId: number, email: string) {
  return db
    .selectFrom("partner_applications")
    .select("payload")
    .where("company_id", "=", companyId)
    .where("status", "=", "approved")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** The invitation of `token`, locked until the transaction ends. */
export async function lockInvitation(tx: Tx, token: string) {
  return tx
    .selectFrom("invitations")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .forUpdate()
    .executeTakeFirst();
}

/** The invited user with whether their company is enabled, the user's row locked. */
export async function lockInvitee(tx: Tx, userId: number) {
  return tx
    .selectFrom("shop_users")
    .innerJoin("companies", "companies.id", "shop_users.company_id")
    .selectAll("shop_users")
    .select("companies.enabled as company_enabled")
    .where("shop_users.id", "=", userId)
    .forUpdate("shop_users")
    .executeTakeFirst();
}

/** The invitee's name and password are set and the invitation is used; answers the user's row. */
export async function completeRegistration(
  tx: Tx,
  ids: { userId: number; invitationId: number },
  user: { firstName: string; lastName: string; passwordHash: string },
) {
  const row = await tx
    .updateTable("shop_users")
    .set({
      first_name: user.firstName,
      last_name: user.lastName,
      password_hash: user.passwordHash,
    })
    .where("id", "=", ids.userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .updateTable("invitations")
    .set({ used_at: new Date() })
    .where("id", "=", ids.invitationId)
    .execute();
  return row;
}

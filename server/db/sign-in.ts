import type { Kysely } from "kysely";
import type { Language } from "../core/i18n.js";
import { USER_LOCALES } from "./invitations.js";
import type { DB } from "./schema.js";

/**
 * The shop user signing in with this e-mail (any case), with what the sign-in checks: the
 * password hash, the token version and whether the user and the company are enabled.
 */
export async function findSignInUser(db: Kysely<DB>, email: string) {
  return (
    db
      .selectFrom("shop_users")
      .innerJoin("companies", "companies.id", "shop_users.company_id")
      .select([
        "shop_users.id",
        "shop_users.token_version",
        "shop_users.password_hash",
        "shop_users.enabled",
        "companies.enabled as company_enabled",
      ])
      .where((eb) => eb(eb.fn("lower", ["shop_users.email"]), "=", email.toLowerCase()))
      // Only a registered user signs in; invitations of other companies may hold the same
      // address (migration 0014), and an invitee without a password could not anyway.
      .where("shop_users.password_hash", "is not", null)
      .executeTakeFirst()
  );
}

/**
 * Remembers the language a shop user works in (decision 053): the one they signed in with or
 * chose. Mails to them (approvals, rejections, order confirmations) are written in it.
 */
export async function storeUserLanguage(
  db: Kysely<DB>,
  userId: number,
  language: Language,
): Promise<void> {
  const code = USER_LOCALES[language];
  await db
    .updateTable("shop_users")
    .set({ locale_code: code })
    .where("id", "=", userId)
    .where("locale_code", "<>", code)
    .execute();
}

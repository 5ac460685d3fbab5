import type { Kysely } from "kysely";
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

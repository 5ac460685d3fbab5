import type { Kysely } from "kysely";
import type { DB } from "../schema.js";

/** The staff member signing in with `email` (any case), with what the sign-in checks. */
export async function findStaffByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom("staff_users")
    .select(["id", "password_hash", "enabled"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
}

/**
 * The registration module's statements (issue 33): the only file of the module that builds SQL.
 */
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

/** Enabled countries with their EMEA flag, and every province: the registration rules' facts. */
export async function registrationCountries(db: Kysely<DB>) {
  const [countries, provinces] = await Promise.all([
    db.selectFrom("countries").select(["code", "emea"]).where("enabled", "=", true).execute(),
    db.selectFrom("provinces").select(["code", "name", "country_code"]).execute(),
  ]);
  return { countries, provinces };
}

/**
 * A registered shop user (with a password) with this e-mail (any case). A pending invitation
 * of another company does not hold the address (migration 0014): the applicant may apply.
 */
export async function userWithEmail(tx: Kysely<DB>, email: string) {
  return tx
    .selectFrom("shop_users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("password_hash", "is not", null)
    .executeTakeFirst();
}

/** A pending partner application of this e-mail (any case). */
export async function pendingApplicationOf(tx: Kysely<DB>, email: string) {
  return tx
    .selectFrom("partner_applications")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("status", "=", "pending")
    .executeTakeFirst();
}

/** A company named so (any case), by its name or its legal name. */
export async function companyNamed(tx: Kysely<DB>, companyName: string) {
  const name = companyName.toLowerCase();
  return tx
    .selectFrom("companies")
    .select("id")
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["name"]), "=", name),
        eb(eb.fn("lower", ["legal_name"]), "=", name),
      ]),
    )
    .executeTakeFirst();
}

/** Stores a partner application, pending; answers its id. */
export async function insertPartnerApplication(
  tx: Kysely<DB>,
  application: {
    email: string;
    companyName: string;
    countryCode: string;
    language: string;
    payload: string;
  },
) {
  return tx
    .insertInto("partner_applications")
    .values({
      email: application.email,
      company_name: application.companyName,
      country_code: application.countryCode,
      language: application.language,
      payload: application.payload,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

import type { Kysely } from "kysely";
import type { ServerConfig } from "../../config.js";
import { recordAudit } from "../../db/audit.js";
import type { DB } from "../../db/schema.js";
import { Problem } from "../../core/problem.js";
import type { Language } from "../../core/i18n.js";
import { registrationReceivedMail } from "../../mail/messages.js";
import { queueMail } from "../../mail/outbox.js";
import type { CountryFacts, PartnerRegistration } from "../../../rules/registration.js";
import {
  companyNamed,
  insertPartnerApplication,
  pendingApplicationOf,
  registrationCountries,
  userWithEmail,
} from "./queries.js";

/**
 * Partner registration (account spec section 7; issue 33's first module): the rules and the
 * workflow of an application, with no HTTP in sight. The routes parse and answer; the
 * statements are in queries.ts.
 */

const SYSTEM = { type: "system", id: null } as const;
const EMAIL_PATH = "relationships.default_contact.email";

/** 409 for an application that would duplicate a partner, a user or a pending application. */
function duplicate(key: string, propertyPath: string, params: Record<string, string> = {}) {
  return new Problem(409, "/problems/duplicate-registration", key, params, [
    { propertyPath, message: key, params },
  ]);
}

/** Enabled countries with their EMEA flag and provinces: the facts the registration rules read. */
export async function registrationFacts(db: Kysely<DB>): Promise<Map<string, CountryFacts>> {
  const { countries, provinces } = await registrationCountries(db);
  const provincesOf = new Map<string, { code: string; name: string }[]>();
  for (const p of provinces) {
    const list = provincesOf.get(p.country_code) ?? [];
    list.push({ code: p.code, name: p.name });
    provincesOf.set(p.country_code, list);
  }
  const map = new Map<string, CountryFacts>();
  for (const c of countries) {
    map.set(c.code, { code: c.code, emea: c.emea, provinces: provincesOf.get(c.code) ?? [] });
  }
  return map;
}

/**
 * Refuses an applicant e-mail that already has an account or a pending application, with the
 * same 409 and words the application itself would get (issue 30).
 */
export async function checkApplicantEmail(db: Kysely<DB>, email: string): Promise<void> {
  if (await userWithEmail(db, email)) throw duplicate("partnerRegistration.emailTaken", EMAIL_PATH);
  if (await pendingApplicationOf(db, email))
    throw duplicate("partnerRegistration.applicationPending", EMAIL_PATH);
}

/**
 * Stores a company's application, pending until the brand's staff decide, in one transaction
 * with the mail that tells the contact so (in their language) and the audit entry. Refused
 * (409) for a known e-mail, a pending application or an existing company name.
 */
export async function applyForPartnership(
  db: Kysely<DB>,
  config: ServerConfig,
  reg: PartnerRegistration,
  language: Language,
): Promise<void> {
  const contact = reg.relationships.default_contact;
  try {
    await db.transaction().execute(async (tx) => {
      await checkApplicantEmail(tx, contact.email);
      if (await companyNamed(tx, reg.companyName)) {
        throw duplicate("partnerRegistration.companyExists", "companyName", {
          supportEmail: config.supportEmail,
        });
      }
      const application = await insertPartnerApplication(tx, {
        email: contact.email,
        companyName: reg.companyName,
        countryCode: reg.relationships.billing_address.country,
        language,
        // Kept in the wire shape the storefront sends (evaluation as a JSON string).
        payload: JSON.stringify({ ...reg, evaluation: JSON.stringify(reg.evaluation) }),
      });
      await queueMail(
        tx,
        registrationReceivedMail(language, {
          to: contact.email,
          name: contact.name,
          company: reg.companyName,
          brandName: config.brandName,
          supportEmail: config.supportEmail,
        }),
      );
      await recordAudit(tx, {
        actor: SYSTEM,
        companyId: null,
        entityType: "partner_application",
        entityId: application.id,
        action: "create",
        after: {
          status: "pending",
          email: contact.email,
          companyName: reg.companyName,
          countryCode: reg.relationships.billing_address.country,
          businessModel: reg.evaluation.business_model,
        },
      });
    });
  } catch (error) {
    // Two submissions of one e-mail at once: the pending-e-mail unique index lets one in.
    if ((error as { code?: unknown }).code === "23505")
      throw duplicate("partnerRegistration.applicationPending", EMAIL_PATH);
    throw error;
  }
}

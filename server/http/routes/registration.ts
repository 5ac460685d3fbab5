import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { recordAudit } from "../../db/audit.js";
import {
  companyNamed,
  insertPartnerApplication,
  pendingApplicationOf,
  registrationCountries,
  userWithEmail,
} from "../../db/registration.js";
import type { DB } from "../../db/schema.js";
import {
  readRegistration,
  readRegistrationEmail,
  type CountryFacts,
} from "../../../rules/registration.js";
import { registrationReceivedMail } from "../../mail/messages.js";
import { queueMail } from "../../mail/outbox.js";
import type { AppContext } from "../context.js";
import { languageOf } from "../problem.js";
import { translate } from "../../core/i18n.js";
import { Problem, unprocessable } from "../../core/problem.js";

const SYSTEM = { type: "system", id: null } as const;

/** 409 for an application that would duplicate a partner, a user or a pending application. */
function duplicate(key: string, propertyPath: string, params: Record<string, string> = {}) {
  return new Problem(409, "/problems/duplicate-registration", key, params, [
    { propertyPath, message: key, params },
  ]);
}

/**
 * `POST /form/customer`: a company applies to become a partner (account spec section 7). The
 * application waits for the brand's staff; the contact gets a mail saying so.
 */
export function registerPartnerRegistration(app: FastifyInstance, { db, config }: AppContext) {
  /**
   * `POST /form/customer/email-check`: whether an application with this contact e-mail would
   * be refused for it, asked when the first step is left (issue 30). It answers exactly what
   * the application's own refusal would say of the e-mail (the same 409 and words; 204 when
   * nothing is known), and counts on the same per-address budget as the applications, so it
   * reveals nothing the final submit does not, no faster.
   */
  app.post("/form/customer/email-check", async (request, reply) => {
    const result = readRegistrationEmail(request.body);
    if (!("email" in result)) throw unprocessable(result.violations);
    const emailPath = "relationships.default_contact.email";
    if (await userWithEmail(db, result.email))
      throw duplicate("partnerRegistration.emailTaken", emailPath);
    if (await pendingApplicationOf(db, result.email))
      throw duplicate("partnerRegistration.applicationPending", emailPath);
    return reply.code(204).send();
  });

  app.post("/form/customer", async (request, reply) => {
    const result = readRegistration(request.body, await enabledCountries(db));
    if (!("registration" in result)) throw unprocessable(result.violations);
    const reg = result.registration;
    const contact = reg.relationships.default_contact;
    const lang = languageOf(request);
    const emailPath = "relationships.default_contact.email";
    try {
      await db.transaction().execute(async (tx) => {
        if (await userWithEmail(tx, contact.email))
          throw duplicate("partnerRegistration.emailTaken", emailPath);
        if (await pendingApplicationOf(tx, contact.email))
          throw duplicate("partnerRegistration.applicationPending", emailPath);
        if (await companyNamed(tx, reg.companyName)) {
          throw duplicate("partnerRegistration.companyExists", "companyName", {
            supportEmail: config.supportEmail,
          });
        }
        const application = await insertPartnerApplication(tx, {
          email: contact.email,
          companyName: reg.companyName,
          countryCode: reg.relationships.billing_address.country,
          language: lang,
          // Kept in the wire shape the storefront sends (evaluation as a JSON string).
          payload: JSON.stringify({ ...reg, evaluation: JSON.stringify(reg.evaluation) }),
        });
        await queueMail(
          tx,
          registrationReceivedMail(lang, {
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
      if ((error as { code?: unknown }).code === "23505") {
        throw duplicate("partnerRegistration.applicationPending", emailPath);
      }
      throw error;
    }
    return reply.code(201).send({ message: translate(lang, "partnerRegistration.received") });
  });
}

/** Enabled countries with their EMEA flag and provinces, for the registration rules. */
async function enabledCountries(db: Kysely<DB>): Promise<Map<string, CountryFacts>> {
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

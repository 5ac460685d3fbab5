import type { FastifyInstance } from "fastify";
import { readRegistration, readRegistrationEmail } from "../../../rules/registration.js";
import type { AppContext } from "../../http/context.js";
import { languageOf } from "../../http/problem.js";
import { translate } from "../../core/i18n.js";
import { unprocessable } from "../../core/problem.js";
import { applyForPartnership, checkApplicantEmail, registrationFacts } from "./service.js";

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
    await checkApplicantEmail(db, result.email);
    return reply.code(204).send();
  });

  app.post("/form/customer", async (request, reply) => {
    const result = readRegistration(request.body, await registrationFacts(db));
    if (!("registration" in result)) throw unprocessable(result.violations);
    const language = languageOf(request);
    await applyForPartnership(db, config, result.registration, language);
    return reply.code(201).send({ message: translate(language, "partnerRegistration.received") });
  });
}

import type { Kysely } from "kysely";
import type { ServerConfig } from "../../config.js";
import type { DB } from "../../db/schema.js";
import { translate } from "../../core/i18n.js";
import { queueMail } from "../../mail/outbox.js";
import type { SupportRequestInput } from "./form.js";
import { insertSupportRequest, supportCompany } from "./queries.js";

/** Who sent a support request: a signed-in user of a company, or a visitor (all null). */
export interface SupportSender {
  companyId: number | null;
  userId: number | null;
  /** The signed-in user's e-mail, named in the staff's mail beside the company. */
  email: string | null;
}

/**
 * Support (help page's form; issue 33's module layout): stores the request with its attachment
 * and queues the mail, in one transaction, to the company's sales agent when a partner sent it,
 * else to the brand's support address. Staff read these mails: they are written in English
 * whatever the sender's language. Answers the request's id.
 */
export async function sendSupportRequest(
  db: Kysely<DB>,
  config: ServerConfig,
  sender: SupportSender,
  input: SupportRequestInput,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const company =
      sender.companyId === null ? undefined : await supportCompany(tx, sender.companyId);
    const saved = await insertSupportRequest(tx, sender, input);
    const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
    const params = {
      id: saved.id,
      name: oneLine(input.name),
      email: input.email,
      subject: input.subject ?? "Other",
      company: company
        ? `${company.name} (${sender.email})`
        : translate("en", "supportForm.visitor"),
      attachment: input.attachment
        ? `${input.attachment.name} (${input.attachment.type}, ${input.attachment.data.length} bytes)`
        : "-",
      question: input.question,
    };
    await queueMail(tx, {
      kind: "support_request",
      to: company?.sales_agent_email || config.supportEmail,
      subject: translate("en", "supportForm.mailSubject", params),
      text: translate("en", "supportForm.mailText", params),
    });
    return saved.id;
  });
}

import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

export interface Mail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues a mail in the outbox, in the caller's transaction: the mail exists exactly when the
 * change that caused it was committed. A sender delivers pending mails (SMTP when configured);
 * without one they stay in the outbox, readable in development.
 */
export async function queueMail(db: Kysely<DB>, mail: Mail): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

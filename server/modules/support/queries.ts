import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import type { SupportRequestInput } from "./form.js";

type Tx = Transaction<DB>;

// The support module's statements (issue 33): the only file of the module that builds SQL.

/** The sender's company: its name for the mail and its sales agent, who receives it. */
export async function supportCompany(tx: Tx, companyId: number) {
  return tx
    .selectFrom("companies")
    .select(["name", "sales_agent_email"])
    .where("id", "=", companyId)
    .executeTakeFirst();
}

/** Stores a support request with its attachment; answers its id. */
export async function insertSupportRequest(
  tx: Tx,
  sender: { companyId: number | null; userId: number | null },
  input: SupportRequestInput,
) {
  return tx
    .insertInto("support_requests")
    .values({
      company_id: sender.companyId,
      shop_user_id: sender.userId,
      name: input.name,
      email: input.email,
      subject: input.subject,
      question: input.question,
      attachment_name: input.attachment?.name ?? null,
      attachment_type: input.attachment?.type ?? null,
      attachment: input.attachment?.data ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

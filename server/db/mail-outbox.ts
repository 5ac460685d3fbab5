import type { Kysely } from "kysely";
import type { DB } from "./schema.js";

/** The newest `limit` mails of the outbox, newest first, and how many it holds in all. */
export async function newestOutboxMails(db: Kysely<DB>, limit: number) {
  const [rows, count] = await Promise.all([
    db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").limit(limit).execute(),
    db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

import type { Kysely } from "kysely";
import type { Tx } from "../orders.js";
import type { DB } from "../schema.js";

/**
 * The back office's reads and writes of companies: the company list, a company with its users
 * and default addresses, and the sales agent staff assign.
 */

/** One page of the companies by id, and how many there are in all. */
export async function companiesPage(
  db: Kysely<DB>,
  { page, itemsPerPage }: { page: number; itemsPerPage: number },
) {
  const base = db.selectFrom("companies");
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("id")
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The address book rows `ids` (none asked, none read). */
export async function addressesByIds(db: Kysely<DB>, ids: number[]) {
  return ids.length > 0
    ? await db.selectFrom("addresses").selectAll().where("id", "in", ids).execute()
    : [];
}

/** The company `id`, or undefined. */
export async function findCompany(db: Kysely<DB>, id: number) {
  return db.selectFrom("companies").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The company's users by id, with what the back office shows of them. */
export async function companyUsers(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom("shop_users")
    .select(["id", "email", "first_name", "last_name", "roles", "enabled"])
    .where("company_id", "=", companyId)
    .orderBy("id")
    .execute();
}

/** The company's current sales agent, its row locked for the change; undefined if none. */
export async function lockCompanySalesAgent(tx: Tx, id: number) {
  return tx
    .selectFrom("companies")
    .select(["id", "sales_agent_name", "sales_agent_email"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Assigns the company's sales agent. */
export async function setSalesAgent(
  tx: Tx,
  id: number,
  agent: { name: string; email: string },
): Promise<void> {
  await tx
    .updateTable("companies")
    .set({ sales_agent_name: agent.name, sales_agent_email: agent.email })
    .where("id", "=", id)
    .execute();
}

/** The names of the companies `ids`. */
export async function companyNames(db: Kysely<DB>, ids: number[]) {
  return db.selectFrom("companies").select(["id", "name"]).where("id", "in", ids).execute();
}

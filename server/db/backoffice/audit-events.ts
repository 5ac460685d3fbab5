import type { Kysely } from "kysely";
import type { DB } from "../schema.js";

/** What the audit trail is filtered by: a company (its own trail), an entity, an action. */
export interface AuditFilter {
  companyId?: number;
  entityType?: string;
  entityId?: string;
  action?: string;
}

/** One page of audit events, newest first, and how many match in all. */
export async function auditEventsPage(
  db: Kysely<DB>,
  filter: AuditFilter,
  { page, itemsPerPage }: { page: number; itemsPerPage: number },
) {
  let base = db.selectFrom("audit_events");
  if (filter.companyId !== undefined) base = base.where("company_id", "=", filter.companyId);
  if (filter.entityType !== undefined) base = base.where("entity_type", "=", filter.entityType);
  if (filter.entityId !== undefined) base = base.where("entity_id", "=", filter.entityId);
  if (filter.action !== undefined) base = base.where("action", "=", filter.action);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("id", "desc")
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The audit event `id` (of the company `companyId` when given), or undefined. */
export async function findAuditEvent(db: Kysely<DB>, id: number, companyId: number | undefined) {
  let q = db.selectFrom("audit_events").selectAll().where("id", "=", id);
  if (companyId !== undefined) q = q.where("company_id", "=", companyId);
  return q.executeTakeFirst();
}

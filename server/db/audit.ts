import type { Kysely, QueryCreator } from "kysely";
import type { DB } from "./schema.js";

export interface Actor {
  type: "user" | "staff" | "system";
  id: number | null;
}

export interface AuditEntry {
  actor: Actor;
  companyId: number | null;
  entityType:
    | "order"
    | "address"
    | "shop_user"
    | "company"
    | "customer"
    | "shopping_list"
    | "partner_application"
    | "payment"
    | "price_list_entry";
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records who changed what, when, with the state before and after. Call it inside the same
 * transaction as the change, so a rolled-back change leaves no audit line and a committed one
 * always has one. Secrets (password hashes, tokens) must be left out of before/after.
 */
export async function recordAudit(db: Kysely<DB>, e: AuditEntry): Promise<void> {
  await auditInsert(db, e).execute();
}

/** The insert of an audit line, for a statement that writes it with others (a WITH part). */
export function auditInsert(db: QueryCreator<DB>, e: AuditEntry) {
  return db.insertInto("audit_events").values({
    actor_type: e.actor.type,
    actor_id: e.actor.id,
    company_id: e.companyId,
    entity_type: e.entityType,
    entity_id: String(e.entityId),
    action: e.action,
    before: e.before === undefined ? null : JSON.stringify(e.before),
    after: e.after === undefined ? null : JSON.stringify(e.after),
  });
}

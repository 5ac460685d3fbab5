import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  auditEventsPage,
  findAuditEvent,
  type AuditFilter,
} from "../../../db/backoffice/audit-events.js";
import type { DB } from "../../../db/schema.js";
import { ROLES } from "../../../../rules/permissions.js";
import { requirePrincipal, requireStaff } from "../../auth.js";
import type { AppContext } from "../../context.js";
import { paging, queryString } from "../../validate.js";
import { ADMIN, adminIri, companyFilter, SHOP } from "./common.js";
import { collection, numericId } from "../../../core/iri.js";
import { forbidden, notFound } from "../../../core/problem.js";

const auditEvents = async (
  db: Kysely<DB>,
  request: FastifyRequest,
  scope: Pick<AuditFilter, "companyId">,
  toIri: (id: number) => string,
) => {
  const q = request.query as Record<string, unknown>;
  const { page, itemsPerPage } = paging(q);
  const entityType = queryString(q, "entityType", 40);
  const entityId = queryString(q, "entityId", 100);
  const action = queryString(q, "action", 60);
  const { rows, total } = await auditEventsPage(
    db,
    { companyId: scope.companyId, entityType, entityId, action },
    { page, itemsPerPage },
  );
  return collection(
    rows.map((e) => auditResource(e, toIri)),
    total,
  );
};

const oneAuditEvent = async (db: Kysely<DB>, rawId: string, companyId: number | undefined) => {
  const id = numericId(rawId);
  if (id === undefined) throw notFound();
  const row = await findAuditEvent(db, id, companyId);
  if (!row) throw notFound();
  return row;
};

/** A company's own trail: its ADMIN only (team management is theirs too, spec 6). */
const companyAdmin = (request: FastifyRequest) => {
  const principal = requirePrincipal(request);
  if (!principal.roles.includes(ROLES.admin)) throw forbidden();
  return principal;
};
const shopAuditIri = (id: number) => `${SHOP}/audit-events/${id}`;

/**
 * The audit trail: all of it for staff, and a company's own for that company's ADMIN
 * (`/api/v2/shop/audit-events`).
 */
export function registerAuditTrail(app: FastifyInstance, { db }: AppContext): void {
  app.get(`${ADMIN}/audit-events`, async (request) => {
    requireStaff(request);
    const company = companyFilter(request.query as Record<string, unknown>);
    return auditEvents(db, request, { companyId: company }, adminIri.auditEvent);
  });

  app.get(`${ADMIN}/audit-events/:id`, async (request) => {
    requireStaff(request);
    const row = await oneAuditEvent(db, (request.params as { id: string }).id, undefined);
    return auditResource(row, adminIri.auditEvent);
  });

  app.get(`${SHOP}/audit-events`, async (request) => {
    const principal = companyAdmin(request);
    return auditEvents(db, request, { companyId: principal.companyId }, shopAuditIri);
  });

  app.get(`${SHOP}/audit-events/:id`, async (request) => {
    const principal = companyAdmin(request);
    const row = await oneAuditEvent(db, (request.params as { id: string }).id, principal.companyId);
    return auditResource(row, shopAuditIri);
  });
}

function auditResource(
  e: {
    id: number;
    actor_type: string;
    actor_id: number | null;
    company_id: number | null;
    entity_type: string;
    entity_id: string;
    action: string;
    before: unknown;
    after: unknown;
    created_at: Date;
  },
  toIri: (id: number) => string,
) {
  // bigserial: a number on both backends (int8 is parsed as a number, see db/database.ts).
  const id = Number(e.id);
  return {
    "@id": toIri(id),
    "@type": "AuditEvent",
    id,
    actorType: e.actor_type,
    actorId: e.actor_id,
    companyId: e.company_id,
    entityType: e.entity_type,
    entityId: e.entity_id,
    action: e.action,
    before: e.before,
    after: e.after,
    createdAt: new Date(e.created_at).toISOString(),
  };
}

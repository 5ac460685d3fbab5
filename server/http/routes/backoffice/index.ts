import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { registerApplicationReview } from "./applications.js";
import { registerAuditTrail } from "./audit.js";
import { registerCompanies } from "./companies.js";
import { registerOrderDesk } from "./orders.js";
import { registerStaffToken } from "./staff-token.js";

/**
 * The brand's back office (`/api/v2/admin/*`, staff tokens only) and the audit trail, which a
 * company's ADMIN may also read for their own company (`/api/v2/shop/audit-events`). The
 * registrars run in this order, so the route table is the one of the former single file.
 */
export async function registerBackOfficeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  registerStaffToken(app, ctx);
  registerApplicationReview(app, ctx);
  registerOrderDesk(app, ctx);
  registerCompanies(app, ctx);
  registerAuditTrail(app, ctx);
}

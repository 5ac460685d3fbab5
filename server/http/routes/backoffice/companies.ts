import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { addressSnapshot } from "../../../db/account/addresses.js";
import {
  addressesByIds,
  companiesPage,
  companyUsers,
  findCompany,
  lockCompanySalesAgent,
  setSalesAgent,
} from "../../../db/backoffice/companies.js";
import { recordAudit } from "../../../db/audit.js";
import type { CompanyRow, DB } from "../../../db/schema.js";
import { requireStaff } from "../../auth.js";
import type { AppContext } from "../../context.js";
import { BodyReader, paging } from "../../validate.js";
import { ADMIN, actorOf, adminIri } from "./common.js";
import { collection, numericId } from "../../../core/iri.js";
import { notFound } from "../../../core/problem.js";

const companyResources = async (dbx: Kysely<DB>, rows: CompanyRow[]) => {
  const addressIds = rows.flatMap((c) =>
    [c.default_billing_address_id, c.default_shipping_address_id].filter(
      (x): x is number => x !== null,
    ),
  );
  const addresses = await addressesByIds(dbx, addressIds);
  const address = (id: number | null) => {
    const a = addresses.find((x) => x.id === id);
    return a ? { id: a.id, ...addressSnapshot(a) } : null;
  };
  return rows.map((c) => ({
    "@id": adminIri.company(c.id),
    "@type": "Company",
    id: c.id,
    name: c.name,
    legalName: c.legal_name,
    email: c.email,
    phone: c.phone,
    taxNumber: c.tax_number,
    registrationNumber: c.registration_number,
    channelCode: c.channel_code,
    priceListCode: c.price_list_code,
    currencyCode: c.currency_code,
    minimalOrderValue: c.minimal_order_value,
    paymentTermsDays: c.payment_terms_days,
    salesAgent: { name: c.sales_agent_name, email: c.sales_agent_email },
    defaultBillingAddress: address(c.default_billing_address_id),
    defaultShippingAddress: address(c.default_shipping_address_id),
    enabled: c.enabled,
    createdAt: new Date(c.created_at).toISOString(),
  }));
};

const companyDetail = async (dbx: Kysely<DB>, id: number) => {
  const row = await findCompany(dbx, id);
  if (!row) throw notFound();
  const users = await companyUsers(dbx, id);
  const [resource] = await companyResources(dbx, [row]);
  return {
    ...resource!,
    users: users.map((u) => ({
      id: u.id,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      roles: u.roles,
      enabled: u.enabled,
      // Company users are Pending until they registered a name (account spec 3).
      status: u.first_name ? "active" : "pending",
    })),
  };
};

/** The partner companies: the list, one company with its users, and its sales agent. */
export function registerCompanies(app: FastifyInstance, { db }: AppContext): void {
  app.get(`${ADMIN}/companies`, async (request) => {
    requireStaff(request);
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
    const { rows, total } = await companiesPage(db, { page, itemsPerPage });
    return collection(await companyResources(db, rows), total);
  });

  app.get(`${ADMIN}/companies/:id`, async (request) => {
    requireStaff(request);
    const id = numericId((request.params as { id: string }).id);
    if (id === undefined) throw notFound();
    return companyDetail(db, id);
  });

  app.put(`${ADMIN}/companies/:id/sales-agent`, async (request) => {
    const staff = requireStaff(request);
    const id = numericId((request.params as { id: string }).id);
    if (id === undefined) throw notFound();
    const r = new BodyReader(request.body, ["name", "email"]);
    const name = r.string("name", { required: true, min: 2 });
    const email = r.string("email", { required: true, email: true });
    r.done();
    await db.transaction().execute(async (tx) => {
      const company = await lockCompanySalesAgent(tx, id);
      if (!company) throw notFound();
      await setSalesAgent(tx, id, { name: name!, email: email! });
      await recordAudit(tx, {
        actor: actorOf(staff),
        companyId: id,
        entityType: "company",
        entityId: id,
        action: "sales_agent_assigned",
        before: {
          salesAgent: { name: company.sales_agent_name, email: company.sales_agent_email },
        },
        after: { salesAgent: { name, email } },
      });
    });
    return companyDetail(db, id);
  });
}

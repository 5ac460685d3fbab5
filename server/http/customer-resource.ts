import type { Kysely } from "kysely";
import { colleagueIds, customerWithCompany } from "../db/account/customer.js";
import type { DB } from "../db/schema.js";
import { can } from "../../rules/permissions.js";
import { limitsApply } from "../domain/spending-limits.js";
import { spentThisMonth } from "../db/spending.js";
import { iri } from "../core/iri.js";

/**
 * The customer resource of GET /api/v2/shop/customers/{id}: the signed-in shop user with their
 * company's details. Shared by every route that answers with the customer after a change, so
 * the shape is defined once.
 *
 * Every role reads its own customer (the session needs name, roles, company name, tax number
 * and person responsible), but the Company details section is not every role's (account spec
 * 6): without `account.companyDetails` the company's legal name, e-mail and phone are left out
 * (absent, unlike null, which means never entered).
 */
export async function customerResource(db: Kysely<DB>, userId: number) {
  const row = await customerWithCompany(db, userId);
  const colleagues = await colleagueIds(db, row.company_id);
  const fullName = [row.first_name, row.last_name].filter(Boolean).join(" ");
  // A limited buyer's own limits: checkout says beforehand that an order over them waits for
  // approval (decision 043); the month's orders are summed only under a monthly limit.
  const limited =
    limitsApply(row.roles) && (row.order_limit !== null || row.monthly_limit !== null);
  const spendingLimits = limited
    ? {
        orderLimit: row.order_limit,
        monthlyLimit: row.monthly_limit,
        spentThisMonth: row.monthly_limit === null ? 0 : await spentThisMonth(db, row.id),
      }
    : null;
  return {
    "@id": iri.customer(row.id),
    "@type": "Customer",
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName,
    phoneNumber: row.phone_number,
    jobTitle: row.job_title,
    companyName: row.company_name,
    ...(can(row.roles, "account.companyDetails")
      ? {
          // Company details (account spec 2); a value never entered (stored as "") is null.
          companyLegalName: row.company_legal_name || null,
          companyEmail: row.company_email || null,
          companyPhoneNumber: row.company_phone || null,
        }
      : {}),
    taxNumber: row.tax_number,
    // Every role reads it: checkout asks for the purchase-order number when it is required.
    poNumberRequired: row.po_number_required,
    spendingLimits,
    currencyCode: row.currency_code,
    minimalOrderValue: row.minimal_order_value,
    channel: iri.channel(row.channel_code),
    defaultBillingAddress: row.default_billing_address_id
      ? iri.address(row.default_billing_address_id)
      : null,
    defaultShippingAddress: row.default_shipping_address_id
      ? iri.address(row.default_shipping_address_id)
      : null,
    userRoles: row.roles,
    shopUserId: row.id,
    shopUsers: colleagues.map((c) => iri.shopUser(c.id)),
    personResponsible: { name: row.sales_agent_name, email: row.sales_agent_email },
  };
}

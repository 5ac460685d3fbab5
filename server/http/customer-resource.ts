import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { can } from "../domain/permissions.js";
import { iri } from "./iri.js";

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
  const row = await db
    .selectFrom("shop_users as u")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select([
      "u.id",
      "u.company_id",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.phone_number",
      "u.job_title",
      "u.roles",
      "c.name as company_name",
      "c.legal_name as company_legal_name",
      "c.email as company_email",
      "c.phone as company_phone",
      "c.tax_number",
      "c.currency_code",
      "c.minimal_order_value",
      "c.channel_code",
      "c.default_billing_address_id",
      "c.default_shipping_address_id",
      "c.sales_agent_name",
      "c.sales_agent_email",
      "c.po_number_required",
    ])
    .where("u.id", "=", userId)
    .executeTakeFirstOrThrow();
  const colleagues = await db
    .selectFrom("shop_users")
    .select("id")
    .where("company_id", "=", row.company_id)
    // Removed users kept for their order history (disabled) are no longer colleagues.
    .where("enabled", "=", true)
    .orderBy("id")
    .execute();
  const fullName = [row.first_name, row.last_name].filter(Boolean).join(" ");
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

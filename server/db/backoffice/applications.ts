import type { Violation } from "../../../rules/violations.js";
import { ROLES } from "../../../rules/permissions.js";
import { supportedLanguage } from "../../core/i18n.js";
import { applicationApprovedMail, applicationRejectedMail } from "../../mail/messages.js";
import { queueMail } from "../../mail/outbox.js";
import { addressColumns } from "../account/addresses.js";
import { recordAudit, type Actor } from "../audit.js";
import { createInvitation, INVITATION_TTL_DAYS } from "../invitations.js";
import type { Tx } from "../orders.js";
import type { AddressSnapshot, DB } from "../schema.js";
import type { Kysely, Selectable } from "kysely";

export type ApplicationRow = Selectable<DB["partner_applications"]>;

/** What the reviewing staff member decides when approving: the contract terms. */
export interface ApprovalTerms {
  priceListCode: string;
  currencyCode: string;
  channelCode: string;
  minimalOrderValue: number;
  salesAgentName: string;
  salesAgentEmail: string;
  paymentTermsDays: number | undefined;
}

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The application `id`, locked for the review when `lock`; undefined if there is none. */
export async function findApplication(db: Kysely<DB>, id: number, lock = false) {
  let q = db.selectFrom("partner_applications").selectAll().where("id", "=", id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** One page of the applications (of one status when given), newest first, and their number. */
export async function applicationsPage(
  db: Kysely<DB>,
  status: ApplicationStatus | undefined,
  { page, itemsPerPage }: { page: number; itemsPerPage: number },
) {
  let base = db.selectFrom("partner_applications");
  if (status !== undefined) base = base.where("status", "=", status);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The price list `code`, or undefined. */
export async function findPriceList(db: Kysely<DB>, code: string) {
  return db.selectFrom("price_lists").selectAll().where("code", "=", code).executeTakeFirst();
}

/** The channel selling in `currency` (the first by code), or undefined. */
export async function channelSellingIn(db: Kysely<DB>, currency: string) {
  return db
    .selectFrom("channels")
    .select("code")
    .where("base_currency_code", "=", currency)
    .orderBy("code")
    .executeTakeFirst();
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};
const text = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;

/**
 * An address of the registration payload (account spec 7: country, street, street2, company,
 * post_code, town, state, phone_number, name, surname, email) as an address of the address
 * book. The contact's name, phone and e-mail fill what the address leaves out; `state` is
 * matched to one of the country's provinces by code or name.
 */
async function payloadAddress(
  tx: Tx,
  raw: unknown,
  path: string,
  fallback: {
    firstName?: string;
    lastName?: string;
    company: string;
    phone?: string;
    email?: string;
  },
): Promise<{ address?: AddressSnapshot; violations: Violation[] }> {
  const a = obj(raw);
  const violations: Violation[] = [];
  const need = (value: string | undefined, key: string) => {
    if (!value) violations.push({ propertyPath: `${path}.${key}`, message: "field.required" });
    return value ?? "";
  };
  const firstName = need(text(a.name) ?? fallback.firstName, "name");
  const lastName = need(text(a.surname) ?? fallback.lastName, "surname");
  const street = need(
    [text(a.street), text(a.street2)].filter(Boolean).join(", ") || undefined,
    "street",
  );
  const city = need(text(a.town), "town");
  const postcode = need(text(a.post_code), "post_code");
  const countryCode = need(text(a.country)?.toUpperCase(), "country");
  let provinceCode: string | null = null;
  let provinceName: string | null = text(a.state) ?? null;
  if (countryCode) {
    const country = await tx
      .selectFrom("countries")
      .select("code")
      .where("code", "=", countryCode)
      .executeTakeFirst();
    if (!country) {
      violations.push({ propertyPath: `${path}.country`, message: "address.countryUnknown" });
    } else if (provinceName) {
      const wanted = provinceName.toLowerCase();
      const provinces = await tx
        .selectFrom("provinces")
        .select(["code", "name"])
        .where("country_code", "=", countryCode)
        .execute();
      const match = provinces.find(
        (p) =>
          p.code.toLowerCase() === wanted ||
          p.code.toLowerCase() === `${countryCode.toLowerCase()}-${wanted}` ||
          p.name.toLowerCase() === wanted,
      );
      if (match) {
        provinceCode = match.code;
        provinceName = match.name;
      }
    }
  }
  if (violations.length > 0) return { violations };
  return {
    address: {
      firstName,
      lastName,
      company: text(a.company) ?? fallback.company,
      street,
      city,
      postcode,
      countryCode,
      provinceCode,
      provinceName,
      phoneNumber: text(a.phone_number) ?? fallback.phone ?? null,
      email: text(a.email) ?? fallback.email ?? null,
    },
    violations: [],
  };
}

async function insertAddress(tx: Tx, companyId: number, a: AddressSnapshot) {
  const row = await tx
    .insertInto("addresses")
    .values({ company_id: companyId, ...addressColumns(a) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ApprovalResult =
  | { ok: true; companyId: number; invitedUserId: number }
  | { ok: false; kind: "payload"; violations: Violation[] }
  | { ok: false; kind: "emailTaken" };

/**
 * Approves a locked, pending application: creates the company from the registration payload
 * with the staff member's terms, its billing address (and shipping address when one was
 * given) as defaults, marks the application approved and invites the contact as the company's
 * ADMIN (the invitation mail is queued). Everything is audited. Nothing is written when the
 * payload lacks what a company needs or the contact's e-mail already has an account.
 */
export async function approveApplication(
  tx: Tx,
  application: ApplicationRow,
  terms: ApprovalTerms,
  actor: Actor & { type: "staff"; id: number },
  portal: { publicUrl: string; brandName: string; supportEmail: string },
): Promise<ApprovalResult> {
  const payload = obj(application.payload);
  const relationships = obj(payload.relationships);
  const contact = obj(relationships.default_contact);
  const companyName = text(payload.companyName) ?? application.company_name;
  const fallback = {
    firstName: text(contact.name),
    lastName: text(contact.surname),
    company: companyName,
    phone: text(contact.phone),
    email: application.email,
  };
  const billing = await payloadAddress(
    tx,
    relationships.billing_address,
    "payload.relationships.billing_address",
    fallback,
  );
  const shipping =
    relationships.shipping_address === undefined || relationships.shipping_address === null
      ? { address: undefined, violations: [] }
      : await payloadAddress(
          tx,
          relationships.shipping_address,
          "payload.relationships.shipping_address",
          fallback,
        );
  const violations = [...billing.violations, ...shipping.violations];
  if (violations.length > 0) return { ok: false, kind: "payload", violations };

  // Only a registered user holds an address; the new company's invitation may share it with
  // pending invitations of other companies (migration 0014).
  const taken = await tx
    .selectFrom("shop_users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", application.email.toLowerCase()))
    .where("password_hash", "is not", null)
    .executeTakeFirst();
  if (taken) return { ok: false, kind: "emailTaken" };

  const companyValues = {
    name: companyName,
    legal_name: text(payload.legalName) ?? companyName,
    email: application.email,
    phone: text(contact.phone) ?? "",
    tax_number: text(payload.taxNumber) ?? null,
    registration_number: text(payload.corporateRegistrationNumber) ?? null,
    channel_code: terms.channelCode,
    price_list_code: terms.priceListCode,
    currency_code: terms.currencyCode,
    minimal_order_value: terms.minimalOrderValue,
    sales_agent_name: terms.salesAgentName,
    sales_agent_email: terms.salesAgentEmail,
    ...(terms.paymentTermsDays === undefined ? {} : { payment_terms_days: terms.paymentTermsDays }),
  };
  const company = await tx
    .insertInto("companies")
    .values(companyValues)
    .returning(["id", "payment_terms_days"])
    .executeTakeFirstOrThrow();
  const billingId = await insertAddress(tx, company.id, billing.address!);
  const shippingId = shipping.address
    ? await insertAddress(tx, company.id, shipping.address)
    : null;
  await tx
    .updateTable("companies")
    .set({ default_billing_address_id: billingId, default_shipping_address_id: shippingId })
    .where("id", "=", company.id)
    .execute();
  const invitation = await createInvitation(tx, {
    companyId: company.id,
    email: application.email,
    roles: [ROLES.admin],
    publicUrl: portal.publicUrl,
    brandName: portal.brandName,
    // The applicant works in the language they applied in: their mails follow it.
    language: supportedLanguage(application.language) ?? "en",
    // Not "your company has invited you": the applicant's own application was approved.
    mail: (link) =>
      applicationApprovedMail(supportedLanguage(application.language) ?? "en", {
        to: application.email,
        name: text(contact.name) ?? "",
        company: companyName,
        link,
        days: INVITATION_TTL_DAYS,
        brandName: portal.brandName,
        supportEmail: portal.supportEmail,
      }),
  });
  // What the applicant told about themselves is kept; the name is set when they register.
  await tx
    .updateTable("shop_users")
    .set({ job_title: text(payload.jobTitle) ?? null, phone_number: text(contact.phone) ?? null })
    .where("id", "=", invitation.userId)
    .execute();
  const reviewedAt = new Date();
  await tx
    .updateTable("partner_applications")
    .set({
      status: "approved",
      company_id: company.id,
      reviewed_by: actor.id,
      reviewed_at: reviewedAt,
    })
    .where("id", "=", application.id)
    .execute();

  const audit = (entry: Omit<Parameters<typeof recordAudit>[1], "actor" | "companyId">) =>
    recordAudit(tx, { actor, companyId: company.id, ...entry });
  await audit({
    entityType: "partner_application",
    entityId: application.id,
    action: "approved",
    before: { status: application.status },
    after: { status: "approved", companyId: company.id, reviewedBy: actor.id },
  });
  await audit({
    entityType: "company",
    entityId: company.id,
    action: "created",
    after: {
      ...companyValues,
      payment_terms_days: company.payment_terms_days,
      default_billing_address_id: billingId,
      default_shipping_address_id: shippingId,
      application: application.id,
    },
  });
  await audit({
    entityType: "address",
    entityId: billingId,
    action: "created",
    after: billing.address,
  });
  if (shipping.address && shippingId !== null)
    await audit({
      entityType: "address",
      entityId: shippingId,
      action: "created",
      after: shipping.address,
    });
  await audit({
    entityType: "shop_user",
    entityId: invitation.userId,
    action: "invited",
    after: { email: application.email, roles: [ROLES.admin] },
  });
  return { ok: true, companyId: company.id, invitedUserId: invitation.userId };
}

/**
 * Rejects a locked, pending application with the reviewer's reason (kept for the brand, not
 * sent: the applicant gets a polite, general answer), and queues that answer.
 */
export async function rejectApplication(
  tx: Tx,
  application: ApplicationRow,
  reason: string,
  actor: Actor & { type: "staff"; id: number },
  portal: { brandName: string; supportEmail: string },
) {
  await tx
    .updateTable("partner_applications")
    .set({
      status: "rejected",
      rejection_reason: reason,
      reviewed_by: actor.id,
      reviewed_at: new Date(),
    })
    .where("id", "=", application.id)
    .execute();
  const contact = obj(obj(obj(application.payload).relationships).default_contact);
  const name = [text(contact.name), text(contact.surname)].filter(Boolean).join(" ");
  await queueMail(
    tx,
    applicationRejectedMail(supportedLanguage(application.language) ?? "en", {
      to: application.email,
      // The contact's name is required by the application; the company stands in for it.
      name: name || application.company_name,
      company: application.company_name,
      brandName: portal.brandName,
      supportEmail: portal.supportEmail,
    }),
  );
  await recordAudit(tx, {
    actor,
    companyId: null,
    entityType: "partner_application",
    entityId: application.id,
    action: "rejected",
    before: { status: application.status },
    after: { status: "rejected", reason, reviewedBy: actor.id },
  });
}

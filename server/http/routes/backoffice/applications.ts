import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  applicationsPage,
  approveApplication,
  channelSellingIn,
  findApplication as findApplicationRow,
  findPriceList,
  rejectApplication,
} from "../../../db/backoffice/applications.js";
import type { DB } from "../../../db/schema.js";
import { requireStaff } from "../../auth.js";
import type { AppContext } from "../../context.js";
import { BodyReader, paging, queryString } from "../../validate.js";
import { ADMIN, adminIri, badQuery, integerField } from "./common.js";
import { collection, numericId } from "../../../core/iri.js";
import { conflict, notFound, unprocessable } from "../../../core/problem.js";

/** Default minimum order value per currency when the reviewer names none (spec 9: 500 EUR). */
const DEFAULT_MINIMUM: Record<string, number> = { EUR: 50_000, USD: 55_000 };
const MAX_REASON = 2000;
/** The largest amount a field in minor units takes: 10 million in major units. */
const MAX_AMOUNT = 1_000_000_000;

const findApplication = async (dbx: Kysely<DB>, rawId: string, lock = false) => {
  const id = numericId(rawId);
  if (id === undefined) throw notFound();
  const row = await findApplicationRow(dbx, id, lock);
  if (!row) throw notFound();
  return row;
};

/** Partner applications: the review queue, approval (which creates the company) and rejection. */
export function registerApplicationReview(app: FastifyInstance, { db, config }: AppContext): void {
  app.get(`${ADMIN}/partner-applications`, async (request) => {
    requireStaff(request);
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
    const status = queryString(q, "status", 20);
    if (status !== undefined && !(APPLICATION_STATUSES as readonly string[]).includes(status))
      throw badQuery("status", APPLICATION_STATUSES.join("|"));
    const { rows, total } = await applicationsPage(db, status as ApplicationStatus | undefined, {
      page,
      itemsPerPage,
    });
    return collection(rows.map(applicationResource), total);
  });

  app.get(`${ADMIN}/partner-applications/:id`, async (request) => {
    requireStaff(request);
    return applicationResource(await findApplication(db, (request.params as { id: string }).id));
  });

  app.post(`${ADMIN}/partner-applications/:id/approve`, async (request) => {
    const staff = requireStaff(request);
    const { id } = request.params as { id: string };
    if (numericId(id) === undefined) throw notFound();
    const r = new BodyReader(request.body, [
      "priceListCode",
      "currencyCode",
      "minimalOrderValue",
      "salesAgentName",
      "salesAgentEmail",
      "paymentTermsDays",
    ]);
    const priceListCode = r.string("priceListCode", { required: true, max: 64 });
    const currencyCode = r.string("currencyCode", { max: 3 })?.toUpperCase();
    const minimalOrderValue = integerField(r, "minimalOrderValue", 0, MAX_AMOUNT);
    const salesAgentName = r.string("salesAgentName", { required: true, min: 2 });
    const salesAgentEmail = r.string("salesAgentEmail", { required: true, email: true });
    const paymentTermsDays = integerField(r, "paymentTermsDays", 0, 365);
    const priceList = priceListCode ? await findPriceList(db, priceListCode) : undefined;
    if (priceListCode && !priceList)
      r.add({
        propertyPath: "priceListCode",
        message: "backoffice.priceListUnknown",
        params: { code: priceListCode },
      });
    if (priceList && currencyCode && currencyCode !== priceList.currency_code)
      r.add({
        propertyPath: "currencyCode",
        message: "backoffice.currencyMismatch",
        params: { currency: priceList.currency_code },
      });
    const currency = priceList?.currency_code;
    // A company buys in one currency: the channel is the one selling in it.
    const channel = currency ? await channelSellingIn(db, currency) : undefined;
    if (currency && !channel)
      r.add({
        propertyPath: "currencyCode",
        message: "backoffice.noChannel",
        params: { currency },
      });
    r.done();

    const approve = db.transaction().execute(async (tx) => {
      const application = await findApplication(tx, id, true);
      if (application.status !== "pending") throw conflict("backoffice.applicationNotPending");
      const outcome = await approveApplication(
        tx,
        application,
        {
          priceListCode: priceList!.code,
          currencyCode: currency!,
          channelCode: channel!.code,
          minimalOrderValue: minimalOrderValue ?? DEFAULT_MINIMUM[currency!] ?? 50_000,
          salesAgentName: salesAgentName!,
          salesAgentEmail: salesAgentEmail!,
          paymentTermsDays,
        },
        { type: "staff", id: staff.staffId },
        {
          publicUrl: config.publicUrl,
          brandName: config.brandName,
          supportEmail: config.supportEmail,
        },
      );
      if (!outcome.ok && outcome.kind === "payload") throw unprocessable(outcome.violations);
      if (!outcome.ok) throw conflict("backoffice.emailTaken");
      return findApplication(tx, id);
    });
    // The e-mail check and the invitation are not atomic against a colleague invited with the
    // same address at that very moment; the unique index decides, and the loser gets the 409.
    const result = await approve.catch((error: unknown) => {
      if ((error as { code?: unknown }).code === "23505") throw conflict("backoffice.emailTaken");
      throw error;
    });
    return applicationResource(result);
  });

  app.post(`${ADMIN}/partner-applications/:id/reject`, async (request) => {
    const staff = requireStaff(request);
    const { id } = request.params as { id: string };
    if (numericId(id) === undefined) throw notFound();
    const r = new BodyReader(request.body, ["reason"]);
    const reason = r.string("reason", { required: true, max: MAX_REASON });
    r.done();
    const result = await db.transaction().execute(async (tx) => {
      const application = await findApplication(tx, id, true);
      if (application.status !== "pending") throw conflict("backoffice.applicationNotPending");
      await rejectApplication(
        tx,
        application,
        reason!,
        { type: "staff", id: staff.staffId },
        { brandName: config.brandName, supportEmail: config.supportEmail },
      );
      return findApplication(tx, id);
    });
    return applicationResource(result);
  });
}

function applicationResource(a: {
  id: number;
  status: string;
  email: string;
  company_name: string;
  country_code: string;
  payload: unknown;
  company_id: number | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  rejection_reason: string | null;
  created_at: Date;
}) {
  return {
    "@id": adminIri.application(a.id),
    "@type": "PartnerApplication",
    id: a.id,
    status: a.status,
    email: a.email,
    companyName: a.company_name,
    countryCode: a.country_code,
    payload: a.payload,
    company: a.company_id === null ? null : adminIri.company(a.company_id),
    reviewedBy: a.reviewed_by,
    reviewedAt: a.reviewed_at ? new Date(a.reviewed_at).toISOString() : null,
    rejectionReason: a.rejection_reason,
    createdAt: new Date(a.created_at).toISOString(),
  };
}

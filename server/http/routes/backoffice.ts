import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { approveApplication, rejectApplication } from "../../db/backoffice/applications.js";
import {
  cancelOpenPayments,
  receivePayment,
  returnStock,
  splitOrder,
} from "../../db/backoffice/orders.js";
import { recordAudit } from "../../db/audit.js";
import { findOrderByToken } from "../../db/orders.js";
import type { AddressRow, CompanyRow, DB, OrderRow } from "../../db/schema.js";
import {
  ORDER_STATES,
  normalizeOrderState,
  paymentStateAfterCancel,
  resolveTransition,
  TRANSITION_NAMES,
  isTransitionName,
} from "../../domain/order-states.js";
import { planSplit } from "../../domain/order-splitting.js";
import { ROLES } from "../../domain/permissions.js";
import { totalUnpaidAmount } from "../../domain/payment-status.js";
import {
  requirePrincipal,
  requireStaff,
  revokeToken,
  signToken,
  STAFF_AUDIENCE,
  verifyPassword,
  type StaffPrincipal,
} from "../auth.js";
import type { AppContext } from "../context.js";
import { collection, idFromReference, numericId } from "../iri.js";
import { orderResources } from "../order-resource.js";
import { conflict, forbidden, notFound, Problem, unauthorized, unprocessable } from "../problem.js";
import { BodyReader, paging, queryString } from "../validate.js";

const ADMIN = "/api/v2/admin";
const SHOP = "/api/v2/shop";

/** IRIs of the back office's resources. */
const adminIri = {
  application: (id: number) => `${ADMIN}/partner-applications/${id}`,
  company: (id: number) => `${ADMIN}/companies/${id}`,
  auditEvent: (id: number) => `${ADMIN}/audit-events/${id}`,
};

/** Default minimum order value per currency when the reviewer names none (spec 9: 500 EUR). */
const DEFAULT_MINIMUM: Record<string, number> = { EUR: 50_000, USD: 55_000 };
const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
const MAX_REASON = 2000;
/** The largest amount a field in minor units takes: 10 million in major units. */
const MAX_AMOUNT = 1_000_000_000;

const badQuery = (name: string, type: string) =>
  new Problem(400, "/problems/bad-request", "field.type", { type }, [
    { propertyPath: name, message: "field.type", params: { type } },
  ]);

/**
 * The brand's back office (`/api/v2/admin/*`, staff tokens only) and the audit trail, which a
 * company's ADMIN may also read for their own company (`/api/v2/shop/audit-events`).
 */
export async function registerBackOfficeRoutes(
  app: FastifyInstance,
  { db, config }: AppContext,
): Promise<void> {
  const actorOf = (staff: StaffPrincipal) => ({ type: "staff" as const, id: staff.staffId });

  // ---------------------------------------------------------------- sign-in

  app.post(`${ADMIN}/token`, async (request) => {
    const r = new BodyReader(request.body, ["email", "password"]);
    const email = r.string("email", { required: true, email: true });
    const password = r.raw("password");
    if (typeof password !== "string" || password === "")
      r.add({ propertyPath: "password", message: "field.required" });
    r.done();
    const staff = await db
      .selectFrom("staff_users")
      .select(["id", "password_hash", "enabled"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email!.toLowerCase()))
      .executeTakeFirst();
    const ok = await verifyPassword(password as string, staff?.password_hash ?? null);
    if (!staff || !ok || !staff.enabled) throw unauthorized("error.invalidCredentials");
    return { token: await signToken(config.jwtSecret, staff.id, STAFF_AUDIENCE) };
  });

  // Sign-out (issue 18): the staff token the request carries is revoked on the server until it
  // expires, so a copy of it (a shared machine, a forgotten tab) opens nothing any more. The
  // back office reads the bearer header only; without a valid one there is nothing to revoke.
  app.delete(`${ADMIN}/token`, async (request, reply) => {
    if (request.staff)
      await revokeToken(db, request.staff.token.jti, request.staff.token.expiresAt);
    return reply.code(204).send();
  });

  // ---------------------------------------------------------------- partner applications

  const findApplication = async (dbx: Kysely<DB>, rawId: string, lock = false) => {
    const id = numericId(rawId);
    if (id === undefined) throw notFound();
    let q = dbx.selectFrom("partner_applications").selectAll().where("id", "=", id);
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  app.get(`${ADMIN}/partner-applications`, async (request) => {
    requireStaff(request);
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
    const status = queryString(q, "status", 20);
    if (status !== undefined && !(APPLICATION_STATUSES as readonly string[]).includes(status))
      throw badQuery("status", APPLICATION_STATUSES.join("|"));
    let base = db.selectFrom("partner_applications");
    if (status !== undefined)
      base = base.where("status", "=", status as (typeof APPLICATION_STATUSES)[number]);
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
    return collection(rows.map(applicationResource), Number(count.n));
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
    const priceList = priceListCode
      ? await db
          .selectFrom("price_lists")
          .selectAll()
          .where("code", "=", priceListCode)
          .executeTakeFirst()
      : undefined;
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
    const channel = currency
      ? await db
          .selectFrom("channels")
          .select("code")
          .where("base_currency_code", "=", currency)
          .orderBy("code")
          .executeTakeFirst()
      : undefined;
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

  // ---------------------------------------------------------------- orders

  /** Placed orders with the company they belong to, for staff eyes. */
  const adminOrders = async (dbx: Kysely<DB>, rows: OrderRow[]) => {
    if (rows.length === 0) return [];
    const companyIds = [...new Set(rows.map((o) => o.company_id))];
    const [resources, companies] = await Promise.all([
      // Staff read English, the names the lines recorded (decision 030).
      orderResources(dbx, rows, "en"),
      dbx.selectFrom("companies").select(["id", "name"]).where("id", "in", companyIds).execute(),
    ]);
    return resources.map((resource, n) => {
      const companyId = rows[n]!.company_id;
      return {
        ...resource,
        company: adminIri.company(companyId),
        companyName: companies.find((c) => c.id === companyId)?.name ?? null,
      };
    });
  };
  const showOrder = async (dbx: Kysely<DB>, token: string) =>
    (await adminOrders(dbx, [(await findOrderByToken(dbx, token))!]))[0]!;

  /** A placed order by token, locked when changing it; carts are the shop's, not ours: 404. */
  const placedOrder = async (dbx: Kysely<DB>, token: string, lock = false) => {
    const order = await findOrderByToken(dbx, token, lock);
    if (!order || order.state === "cart") throw notFound();
    return order;
  };

  app.get(`${ADMIN}/orders`, async (request) => {
    requireStaff(request);
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
    const rawState = queryString(q, "state", 40);
    const state = rawState === undefined ? undefined : normalizeOrderState(rawState);
    if (rawState !== undefined && !state) throw badQuery("state", ORDER_STATES.join("|"));
    const company = companyFilter(q);
    const number = queryString(q, "number", 40);
    let base = db.selectFrom("orders").where("state", "!=", "cart");
    if (state) base = base.where("state", "=", state);
    if (company !== undefined) base = base.where("company_id", "=", company);
    if (number !== undefined) base = base.where("number", "=", number);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy("checkout_completed_at", "desc")
        .orderBy("id", "desc")
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage)
        .execute(),
    ]);
    return collection(await adminOrders(db, rows), Number(count.n));
  });

  app.get(`${ADMIN}/orders/:token`, async (request) => {
    requireStaff(request);
    const order = await placedOrder(db, (request.params as { token: string }).token);
    return (await adminOrders(db, [order]))[0];
  });

  app.post(`${ADMIN}/orders/:token/transitions`, async (request) => {
    const staff = requireStaff(request);
    const { token } = request.params as { token: string };
    const r = new BodyReader(request.body, ["transition", "to"]);
    const transition = r.string("transition", { max: 40 });
    const to = r.string("to", { max: 40 });
    if (r.violations.length === 0) {
      if ((transition === undefined) === (to === undefined))
        r.add({ propertyPath: "transition", message: "backoffice.transitionRequired" });
      else if (transition !== undefined && !isTransitionName(transition))
        r.add({
          propertyPath: "transition",
          message: "backoffice.transitionUnknown",
          params: { transitions: TRANSITION_NAMES.join(", ") },
        });
      else if (to !== undefined && !normalizeOrderState(to))
        r.add({
          propertyPath: "to",
          message: "backoffice.stateUnknown",
          params: { states: ORDER_STATES.join(", ") },
        });
    }
    r.done();
    await db.transaction().execute(async (tx) => {
      const order = await placedOrder(tx, token, true);
      const move = resolveTransition(
        order.state,
        transition !== undefined ? { transition } : { to: to! },
      );
      if (!move.ok) {
        const target = transition ?? normalizeOrderState(to!)!;
        throw move.allowed.length === 0
          ? new Problem(409, "/problems/order-state", "backoffice.transitionFinal", {
              from: order.state,
            })
          : new Problem(409, "/problems/order-state", "backoffice.transitionNotAllowed", {
              from: order.state,
              to: target,
              allowed: move.allowed.join(", "),
            });
      }
      const actor = actorOf(staff);
      const set: Partial<Pick<OrderRow, "state" | "payment_state" | "shipping_state">> = {
        state: move.to,
      };
      let returned: { variant_code: string; quantity: number }[] = [];
      if (move.effects.returnStock) returned = await returnStock(tx, order.id);
      if (move.effects.cancelUnpaidPayments) {
        const before = await cancelOpenPayments(tx, order, actor);
        await cancelProcessingPayments(tx, order, actor);
        set.payment_state = paymentStateAfterCancel(before);
      }
      if (move.effects.shippingState) {
        set.shipping_state = move.effects.shippingState;
        await tx
          .updateTable("shipments")
          .set({ state: move.effects.shippingState })
          .where("order_id", "=", order.id)
          .execute();
      }
      await tx
        .updateTable("orders")
        .set({ ...set, updated_at: new Date() })
        .where("id", "=", order.id)
        .execute();
      await recordOrderAudit(tx, order, actor, `transition.${move.transition}`, {
        before: {
          state: order.state,
          paymentState: order.payment_state,
          shippingState: order.shipping_state,
        },
        after: {
          state: move.to,
          paymentState: set.payment_state ?? order.payment_state,
          shippingState: set.shipping_state ?? order.shipping_state,
          ...(returned.length > 0
            ? {
                returnedStock: returned.map((i) => ({
                  variant: i.variant_code,
                  quantity: i.quantity,
                })),
              }
            : {}),
        },
      });
    });
    return showOrder(db, token);
  });

  app.post(`${ADMIN}/orders/:token/split`, async (request, reply) => {
    const staff = requireStaff(request);
    const { token } = request.params as { token: string };
    const r = new BodyReader(request.body, ["parts"]);
    if (!r.has("parts")) r.add({ propertyPath: "parts", message: "field.required" });
    r.done();
    const ids = await db.transaction().execute(async (tx) => {
      const order = await placedOrder(tx, token, true);
      if (order.state === "cancelled" || order.state === "fulfilled")
        throw new Problem(409, "/problems/order-state", "backoffice.splitState", {
          state: order.state,
        });
      if (order.parent_order_id !== null || order.split_count !== null)
        throw conflict("backoffice.alreadySplit");
      const payments = await tx
        .selectFrom("payments")
        .select("state")
        .where("order_id", "=", order.id)
        .execute();
      // Money already received belongs to the order as a whole; dividing it is accounting's call.
      if (payments.some((p) => p.state === "completed")) throw conflict("backoffice.splitPaid");
      const items = await tx
        .selectFrom("order_items")
        .select(["id", "quantity"])
        .where("order_id", "=", order.id)
        .orderBy("id")
        .execute();
      const planned = planSplit(items, r.raw("parts"));
      if (!planned.ok) throw unprocessable(planned.violations);
      const parts = await splitOrder(tx, order, planned.plan, actorOf(staff));
      return parts.map((p) => p.id);
    });
    const rows = await db.selectFrom("orders").selectAll().where("id", "in", ids).execute();
    rows.sort((a, b) => (a.split_index ?? 0) - (b.split_index ?? 0));
    return reply.code(201).send(collection(await adminOrders(db, rows)));
  });

  app.post(`${ADMIN}/orders/:token/payments`, async (request) => {
    const staff = requireStaff(request);
    const { token } = request.params as { token: string };
    const r = new BodyReader(request.body, ["amount", "method"]);
    const amount = r.raw("amount");
    if (amount === undefined || amount === null)
      r.add({ propertyPath: "amount", message: "field.required" });
    else if (typeof amount !== "number" || !Number.isSafeInteger(amount))
      r.add({ propertyPath: "amount", message: "field.type", params: { type: "integer" } });
    else if (amount <= 0) r.add({ propertyPath: "amount", message: "backoffice.amountPositive" });
    let methodCode: string | undefined;
    if (r.has("method") && r.raw("method") !== null) {
      const code = idFromReference(r.raw("method"), "payment-methods");
      const method = code
        ? await db
            .selectFrom("payment_methods")
            .select("code")
            .where("code", "=", code)
            .where("enabled", "=", true)
            .executeTakeFirst()
        : undefined;
      if (!method) r.add({ propertyPath: "method", message: "paymentMethod.unknown" });
      else methodCode = method.code;
    }
    r.done();
    await db.transaction().execute(async (tx) => {
      const order = await placedOrder(tx, token, true);
      if (order.state === "cancelled") throw conflict("backoffice.orderCancelled");
      const payments = await tx
        .selectFrom("payments")
        .select(["state", "amount"])
        .where("order_id", "=", order.id)
        .execute();
      const unpaid = totalUnpaidAmount(payments);
      if (unpaid === 0) throw conflict("backoffice.nothingToPay");
      if ((amount as number) > unpaid)
        throw unprocessable([
          {
            propertyPath: "amount",
            message: "backoffice.amountTooLarge",
            params: { unpaid: `${(unpaid / 100).toFixed(2)} ${order.currency_code}` },
          },
        ]);
      await receivePayment(tx, order, amount as number, methodCode, actorOf(staff));
    });
    return showOrder(db, token);
  });

  // ---------------------------------------------------------------- companies

  const companyResources = async (dbx: Kysely<DB>, rows: CompanyRow[]) => {
    const addressIds = rows.flatMap((c) =>
      [c.default_billing_address_id, c.default_shipping_address_id].filter(
        (x): x is number => x !== null,
      ),
    );
    const addresses =
      addressIds.length > 0
        ? await dbx.selectFrom("addresses").selectAll().where("id", "in", addressIds).execute()
        : [];
    const address = (id: number | null) => {
      const a = addresses.find((x) => x.id === id);
      return a ? addressOut(a) : null;
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
    const row = await dbx
      .selectFrom("companies")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw notFound();
    const users = await dbx
      .selectFrom("shop_users")
      .select(["id", "email", "first_name", "last_name", "roles", "enabled"])
      .where("company_id", "=", id)
      .orderBy("id")
      .execute();
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

  app.get(`${ADMIN}/companies`, async (request) => {
    requireStaff(request);
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
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
    return collection(await companyResources(db, rows), Number(count.n));
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
      const company = await tx
        .selectFrom("companies")
        .select(["id", "sales_agent_name", "sales_agent_email"])
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!company) throw notFound();
      await tx
        .updateTable("companies")
        .set({ sales_agent_name: name!, sales_agent_email: email! })
        .where("id", "=", id)
        .execute();
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

  // ---------------------------------------------------------------- audit trail

  const auditEvents = async (
    request: FastifyRequest,
    scope: { companyId?: number },
    toIri: (id: number) => string,
  ) => {
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
    const entityType = queryString(q, "entityType", 40);
    const entityId = queryString(q, "entityId", 100);
    const action = queryString(q, "action", 60);
    let base = db.selectFrom("audit_events");
    if (scope.companyId !== undefined) base = base.where("company_id", "=", scope.companyId);
    if (entityType !== undefined) base = base.where("entity_type", "=", entityType);
    if (entityId !== undefined) base = base.where("entity_id", "=", entityId);
    if (action !== undefined) base = base.where("action", "=", action);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy("id", "desc")
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage)
        .execute(),
    ]);
    return collection(
      rows.map((e) => auditResource(e, toIri)),
      Number(count.n),
    );
  };

  const oneAuditEvent = async (rawId: string, companyId: number | undefined) => {
    const id = numericId(rawId);
    if (id === undefined) throw notFound();
    let q = db.selectFrom("audit_events").selectAll().where("id", "=", id);
    if (companyId !== undefined) q = q.where("company_id", "=", companyId);
    const row = await q.executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  app.get(`${ADMIN}/audit-events`, async (request) => {
    requireStaff(request);
    const company = companyFilter(request.query as Record<string, unknown>);
    return auditEvents(request, { companyId: company }, adminIri.auditEvent);
  });

  app.get(`${ADMIN}/audit-events/:id`, async (request) => {
    requireStaff(request);
    const row = await oneAuditEvent((request.params as { id: string }).id, undefined);
    return auditResource(row, adminIri.auditEvent);
  });

  /** A company's own trail: its ADMIN only (team management is theirs too, spec 6). */
  const companyAdmin = (request: FastifyRequest) => {
    const principal = requirePrincipal(request);
    if (!principal.roles.includes(ROLES.admin)) throw forbidden();
    return principal;
  };
  const shopAuditIri = (id: number) => `${SHOP}/audit-events/${id}`;

  app.get(`${SHOP}/audit-events`, async (request) => {
    const principal = companyAdmin(request);
    return auditEvents(request, { companyId: principal.companyId }, shopAuditIri);
  });

  app.get(`${SHOP}/audit-events/:id`, async (request) => {
    const principal = companyAdmin(request);
    const row = await oneAuditEvent((request.params as { id: string }).id, principal.companyId);
    return auditResource(row, shopAuditIri);
  });
}

/**
 * A card payment still `processing` (Pending/Received, its webhook not yet in) is no longer
 * owed by a cancelled order: it is cancelled with the open ones. Should the authorisation
 * still arrive, the payment service gives the money back instead of settling the order
 * (server/payments/service.ts), so a cancelled order is never marked paid behind staff's back.
 */
async function cancelProcessingPayments(
  tx: Kysely<DB>,
  order: OrderRow,
  actor: { type: "staff"; id: number },
) {
  const rows = await tx
    .updateTable("payments")
    .set({ state: "cancelled", updated_at: new Date() })
    .where("order_id", "=", order.id)
    .where("state", "=", "processing")
    .returning(["id", "amount", "provider_reference"])
    .execute();
  for (const p of rows)
    await recordAudit(tx, {
      actor,
      companyId: order.company_id,
      entityType: "payment",
      entityId: p.id,
      action: "cancelled",
      before: { state: "processing", amount: p.amount, psp: p.provider_reference },
      after: { state: "cancelled", amount: p.amount },
    });
}

/** Records a change to an order, keyed by the order's id. */
async function recordOrderAudit(
  tx: Kysely<DB>,
  order: OrderRow,
  actor: { type: "staff"; id: number },
  action: string,
  change: { before: unknown; after: unknown },
) {
  await recordAudit(tx, {
    actor,
    companyId: order.company_id,
    entityType: "order",
    entityId: order.id,
    action,
    before: { number: order.number, ...(change.before as object) },
    after: change.after,
  });
}

/** `?company=` as an id or a company IRI; anything else is a bad request. */
function companyFilter(q: Record<string, unknown>): number | undefined {
  const raw = queryString(q, "company", 100);
  if (raw === undefined) return undefined;
  const value = raw.startsWith(`${ADMIN}/companies/`)
    ? raw.slice(`${ADMIN}/companies/`.length)
    : raw;
  const id = numericId(value);
  if (id === undefined) throw badQuery("company", "integer");
  return id;
}

/**
 * An optional whole number within bounds; a wrong type or range is a violation. Strings of
 * digits are refused too: amounts are JSON numbers in minor units.
 */
function integerField(r: BodyReader, key: string, min: number, max: number): number | undefined {
  const value = r.raw(key);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    r.add({ propertyPath: key, message: "field.type", params: { type: "integer" } });
    return undefined;
  }
  if (value < min || value > max) {
    r.add({ propertyPath: key, message: "backoffice.range", params: { min, max } });
    return undefined;
  }
  return value;
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

function addressOut(a: AddressRow) {
  return {
    id: a.id,
    firstName: a.first_name,
    lastName: a.last_name,
    company: a.company,
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    countryCode: a.country_code,
    provinceCode: a.province_code,
    provinceName: a.province_name,
    phoneNumber: a.phone_number,
    email: a.email,
  };
}

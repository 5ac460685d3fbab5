import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { companyNames } from "../../../db/backoffice/companies.js";
import {
  cancelOpenPayments,
  cancelProcessingPayments,
  enabledPaymentMethod,
  itemQuantitiesOf,
  ordersByIds,
  paymentAmountsOf,
  paymentStatesOf,
  placedOrdersPage,
  receivePayment,
  recordOrderAudit,
  releaseCouponUse,
  returnStock,
  setShipmentsState,
  splitOrder,
  updateOrderStates,
} from "../../../db/backoffice/orders.js";
import { endHeldOrder } from "../../../db/approvals.js";
import { findOrderByToken } from "../../../db/orders.js";
import type { DB, OrderRow } from "../../../db/schema.js";
import {
  ORDER_STATES,
  normalizeOrderState,
  paymentStateAfterCancel,
  resolveTransition,
  TRANSITION_NAMES,
  isTransitionName,
} from "../../../domain/order-states.js";
import { planSplit } from "../../../domain/order-splitting.js";
import { totalUnpaidAmount } from "../../../../rules/payment-status.js";
import { AWAITING_APPROVAL, MAX_REASON_LENGTH } from "../../../domain/spending-limits.js";
import { requireStaff } from "../../auth.js";
import type { AppContext } from "../../context.js";
import { BodyReader, paging, queryString } from "../../validate.js";
import { ADMIN, actorOf, adminIri, badQuery, companyFilter } from "./common.js";
import { collection, idFromReference } from "../../../core/iri.js";
import { orderResources } from "../../../core/order-resource.js";
import { conflict, notFound, Problem, unprocessable } from "../../../core/problem.js";

/** Placed orders with the company they belong to, for staff eyes. */
const adminOrders = async (dbx: Kysely<DB>, rows: OrderRow[]) => {
  if (rows.length === 0) return [];
  const companyIds = [...new Set(rows.map((o) => o.company_id))];
  const [resources, companies] = await Promise.all([
    // Staff read English, the names the lines recorded (decision 030).
    orderResources(dbx, rows, "en"),
    companyNames(dbx, companyIds),
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

/** Placed orders: the list, one order, its state transitions, splitting and received money. */
/** The back office does not move an order that awaits its company's approval (decision 043). */
const awaitingApproval = () =>
  new Problem(409, "/problems/order-state", "backoffice.awaitingApproval");

export function registerOrderDesk(app: FastifyInstance, { db, config }: AppContext): void {
  const mail = { publicUrl: config.publicUrl, brandName: config.brandName };
  app.get(`${ADMIN}/orders`, async (request) => {
    requireStaff(request);
    const q = request.query as Record<string, unknown>;
    const { page, itemsPerPage } = paging(q);
    const rawState = queryString(q, "state", 40);
    const state = rawState === undefined ? undefined : normalizeOrderState(rawState);
    if (rawState !== undefined && !state) throw badQuery("state", ORDER_STATES.join("|"));
    const company = companyFilter(q);
    const number = queryString(q, "number", 40);
    const { rows, total } = await placedOrdersPage(
      db,
      { state, companyId: company, number },
      { page, itemsPerPage },
    );
    return collection(await adminOrders(db, rows), total);
  });

  app.get(`${ADMIN}/orders/:token`, async (request) => {
    requireStaff(request);
    const order = await placedOrder(db, (request.params as { token: string }).token);
    return (await adminOrders(db, [order]))[0];
  });

  app.post(`${ADMIN}/orders/:token/transitions`, async (request) => {
    const staff = requireStaff(request);
    const { token } = request.params as { token: string };
    const r = new BodyReader(request.body, ["transition", "to", "reason"]);
    const transition = r.string("transition", { max: 40 });
    const to = r.string("to", { max: 40 });
    // Why staff cancel an order awaiting approval (the buyer and the company's ADMINs read it).
    const reason = r.string("reason", { max: MAX_REASON_LENGTH }) ?? null;
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
      // Only the buyer's company approves or rejects an order over a spending limit (decision
      // 043); staff may only withdraw it, which cancels it and gives its stock and coupon use
      // back (issue 32, finding B: a held order must not lock stock for good).
      if (order.state === AWAITING_APPROVAL) {
        const cancels =
          transition === "cancel" || (to !== undefined && normalizeOrderState(to) === "cancelled");
        if (!cancels) throw awaitingApproval();
        const ended = await endHeldOrder(
          tx,
          order,
          { kind: "withdrawn", staff: actorOf(staff), reason },
          mail,
        );
        // Under the row lock it cannot have been decided meanwhile; should it be, say so.
        if (!ended) throw awaitingApproval();
        return;
      }
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
      let couponReleased: string | null = null;
      if (move.effects.returnStock) {
        // First: it locks the split family's first order, before any variant row is locked.
        couponReleased = await releaseCouponUse(tx, order);
        returned = await returnStock(tx, order.id);
      }
      if (move.effects.cancelUnpaidPayments) {
        const before = await cancelOpenPayments(tx, order, actor);
        await cancelProcessingPayments(tx, order, actor);
        set.payment_state = paymentStateAfterCancel(before);
      }
      if (move.effects.shippingState) {
        set.shipping_state = move.effects.shippingState;
        await setShipmentsState(tx, order.id, move.effects.shippingState);
      }
      await updateOrderStates(tx, order.id, set);
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
          ...(couponReleased ? { couponReleased } : {}),
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
      if (order.state === AWAITING_APPROVAL) throw awaitingApproval();
      if (order.state === "cancelled" || order.state === "fulfilled")
        throw new Problem(409, "/problems/order-state", "backoffice.splitState", {
          state: order.state,
        });
      if (order.parent_order_id !== null || order.split_count !== null)
        throw conflict("backoffice.alreadySplit");
      const payments = await paymentStatesOf(tx, order.id);
      // Money already received belongs to the order as a whole; dividing it is accounting's call.
      if (payments.some((p) => p.state === "completed")) throw conflict("backoffice.splitPaid");
      const items = await itemQuantitiesOf(tx, order.id);
      const planned = planSplit(items, r.raw("parts"));
      if (!planned.ok) throw unprocessable(planned.violations);
      const parts = await splitOrder(tx, order, planned.plan, actorOf(staff));
      return parts.map((p) => p.id);
    });
    const rows = await ordersByIds(db, ids);
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
      const method = code ? await enabledPaymentMethod(db, code) : undefined;
      if (!method) r.add({ propertyPath: "method", message: "paymentMethod.unknown" });
      else methodCode = method.code;
    }
    r.done();
    await db.transaction().execute(async (tx) => {
      const order = await placedOrder(tx, token, true);
      if (order.state === "cancelled") throw conflict("backoffice.orderCancelled");
      if (order.state === AWAITING_APPROVAL) throw conflict("backoffice.awaitingApproval");
      const payments = await paymentAmountsOf(tx, order.id);
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
}

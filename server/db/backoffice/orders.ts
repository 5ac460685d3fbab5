import { sql, type Kysely } from "kysely";
import { allocateReceivedAmount } from "../../domain/order-states.js";
import {
  rowAssignments,
  splitAmounts,
  splitOrderNumber,
  type SplitPlan,
} from "../../domain/order-splitting.js";
import { recordAudit, type Actor } from "../audit.js";
import { newToken, recordPaymentState, type Tx } from "../orders.js";
import type { DB, OrderRow } from "../schema.js";

/**
 * Puts the quantities of an order's items back on hand (a cancelled order releases what its
 * placement took). Variants are updated in code order, the order placement takes them in, so
 * a cancellation and a checkout never deadlock.
 */
export async function returnStock(tx: Tx, orderId: number) {
  const items = await tx
    .selectFrom("order_items")
    .select(["variant_code", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("variant_code")
    .execute();
  for (const item of items) {
    await tx
      .updateTable("product_variants")
      .set((eb) => ({ on_hand: eb("on_hand", "+", item.quantity) }))
      .where("code", "=", item.variant_code)
      .execute();
  }
  return items;
}

/**
 * Gives back the use of the order's coupon when the order is cancelled (back office or a
 * rejected approval): placing it counted one use (`coupons.used`, which a usage limit is
 * checked against). The parts of a split order share their coupon: the use goes back only with
 * the last part still standing. The first order of the family is locked first, so that two
 * parts cancelled at once see each other: call it before anything locks variant rows
 * (`returnStock`), or two parts holding one variant deadlock. Returns the coupon's code when a
 * use was given back.
 */
export async function releaseCouponUse(
  tx: Tx,
  order: Pick<OrderRow, "id" | "coupon_code" | "parent_order_id">,
): Promise<string | null> {
  if (!order.coupon_code) return null;
  const first = order.parent_order_id ?? order.id;
  await tx.selectFrom("orders").select("id").where("id", "=", first).forUpdate().execute();
  const standing = await tx
    .selectFrom("orders")
    .select("id")
    .where((eb) => eb.or([eb("id", "=", first), eb("parent_order_id", "=", first)]))
    .where("id", "!=", order.id)
    .where("state", "!=", "cancelled")
    .limit(1)
    .executeTakeFirst();
  if (standing) return null;
  await tx
    .updateTable("coupons")
    .set((eb) => ({ used: sql<number>`greatest(${eb.ref("used")} - 1, 0)` }))
    .where("code", "=", order.coupon_code)
    .execute();
  return order.coupon_code;
}

/** Cancels an order's open payments, each audited; returns the payments as they were before. */
export async function cancelOpenPayments(tx: Tx, order: OrderRow, actor: Actor) {
  const before = await tx
    .selectFrom("payments")
    .select(["id", "state", "amount"])
    .where("order_id", "=", order.id)
    .orderBy("id")
    .execute();
  for (const p of before.filter((x) => x.state === "new")) {
    await tx
      .updateTable("payments")
      .set({ state: "cancelled", updated_at: sql`now()` })
      .where("id", "=", p.id)
      .execute();
    await recordAudit(tx, {
      actor,
      companyId: order.company_id,
      entityType: "payment",
      entityId: p.id,
      action: "cancelled",
      before: { state: p.state, amount: p.amount },
      after: { state: "cancelled", amount: p.amount },
    });
  }
  return before;
}

/**
 * Carries out a checked split plan on a locked order: part 1 stays with the order, parts
 * 2..N become orders numbered `{number}-{k}` with the same company, user, addresses, currency,
 * coupon and states; items are moved (or copied when a line's units are divided), each part
 * given its share of the placed amounts (decision 028), and the open payments replaced by one
 * per part for that part's total, with the same method and due date. The caller has refused orders with payments received.
 */
export async function splitOrder(tx: Tx, parent: OrderRow, plan: SplitPlan, actor: Actor) {
  const count = plan.length;
  const parentItems = await tx
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "=", parent.id)
    .execute();
  const oldPayments = await tx
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", parent.id)
    .orderBy("id")
    .execute();
  const shipments = await tx
    .selectFrom("shipments")
    .selectAll()
    .where("order_id", "=", parent.id)
    .orderBy("id")
    .execute();
  const before = {
    number: parent.number,
    splitCount: null,
    total: parent.total,
    items: parentItems.map((i) => ({ id: i.id, quantity: i.quantity })),
    payments: oldPayments.map((p) => ({ id: p.id, state: p.state, amount: p.amount })),
  };

  const orderIds: number[] = [parent.id];
  const numbers: string[] = [parent.number!];
  for (let k = 2; k <= count; k++) {
    const child = await tx
      .insertInto("orders")
      .values({
        token_value: newToken(),
        number: splitOrderNumber(parent.number!, k),
        company_id: parent.company_id,
        shop_user_id: parent.shop_user_id,
        state: parent.state,
        checkout_state: parent.checkout_state,
        payment_state: parent.payment_state,
        shipping_state: parent.shipping_state,
        currency_code: parent.currency_code,
        locale_code: parent.locale_code,
        notes: parent.notes,
        po_number: parent.po_number,
        coupon_code: parent.coupon_code,
        billing_address: JSON.stringify(parent.billing_address),
        shipping_address: JSON.stringify(parent.shipping_address),
        minimal_order_value: parent.minimal_order_value,
        parent_order_id: parent.id,
        split_index: k,
        split_count: count,
        created_at: parent.created_at,
        checkout_completed_at: parent.checkout_completed_at,
      })
      .returning(["id", "number"])
      .executeTakeFirstOrThrow();
    orderIds.push(child.id);
    numbers.push(child.number!);
    for (const s of shipments) {
      await tx
        .insertInto("shipments")
        .values({ order_id: child.id, method_code: s.method_code, state: s.state })
        .execute();
    }
  }
  await tx
    .updateTable("orders")
    .set({ split_index: 1, split_count: count })
    .where("id", "=", parent.id)
    .execute();

  // What each part costs: a share of the placed order's amounts, never a new price
  // (decision 028): the parts add up to the order's total.
  const amounts = splitAmounts(
    parentItems.map((i) => ({
      id: i.id,
      quantity: i.quantity,
      unitPrice: i.unit_price,
      total: i.total,
      taxTotal: i.tax_total,
    })),
    { shippingTotal: parent.shipping_total, shippingTaxTotal: parent.shipping_tax_total },
    plan,
  );
  const byId = new Map(parentItems.map((i) => [i.id, i]));
  const positions = new Map<number, number>();
  for (const a of rowAssignments(plan)) {
    const orderId = orderIds[a.part]!;
    const position = positions.get(orderId) ?? 0;
    positions.set(orderId, position + 1);
    const line = amounts[a.part]!.lines.find((l) => l.itemId === a.itemId)!;
    const lineAmounts = {
      quantity: a.quantity,
      subtotal: line.subtotal,
      total: line.total,
      tax_total: line.taxTotal,
      discounted_unit_price: line.discountedUnitPrice,
    };
    if (a.reuseRow) {
      await tx
        .updateTable("order_items")
        .set({ order_id: orderId, position, ...lineAmounts })
        .where("id", "=", a.itemId)
        .execute();
    } else {
      const { id: _id, ...copy } = byId.get(a.itemId)!;
      await tx
        .insertInto("order_items")
        .values({ ...copy, order_id: orderId, position, ...lineAmounts })
        .execute();
    }
  }

  const template = oldPayments.find((p) => p.state === "new") ?? oldPayments[0];
  await tx
    .deleteFrom("payments")
    .where("order_id", "=", parent.id)
    .where("state", "=", "new")
    .execute();
  const parts: { id: number; number: string; total: number; paymentId: number | null }[] = [];
  for (const [n, orderId] of orderIds.entries()) {
    const part = amounts[n]!;
    const total = part.total;
    await tx
      .updateTable("orders")
      .set({
        items_subtotal: part.itemsSubtotal,
        items_total: part.itemsTotal,
        order_promotion_total: part.orderPromotionTotal,
        shipping_total: part.shippingTotal,
        shipping_tax_total: part.shippingTaxTotal,
        tax_total: part.taxTotal,
        total,
        updated_at: sql`now()`,
      })
      .where("id", "=", orderId)
      .execute();
    let paymentId: number | null = null;
    if (template) {
      const row = await tx
        .insertInto("payments")
        .values({
          order_id: orderId,
          method_code: template.method_code,
          state: "new",
          amount: total,
          currency_code: template.currency_code,
          due_date: template.due_date,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      paymentId = row.id;
    }
    parts.push({ id: orderId, number: numbers[n]!, total, paymentId });
  }

  const items = await tx
    .selectFrom("order_items")
    .select(["id", "order_id", "quantity"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
  const partsAfter = parts.map((p, n) => ({
    id: p.id,
    number: p.number,
    splitIndex: n + 1,
    total: p.total,
    payment: p.paymentId,
    items: items
      .filter((i) => i.order_id === p.id)
      .map((i) => ({ id: i.id, quantity: i.quantity })),
  }));
  await recordAudit(tx, {
    actor,
    companyId: parent.company_id,
    entityType: "order",
    entityId: parent.id,
    action: "split",
    before,
    after: { splitCount: count, parts: partsAfter },
  });
  for (const part of partsAfter.slice(1)) {
    await recordAudit(tx, {
      actor,
      companyId: parent.company_id,
      entityType: "order",
      entityId: part.id,
      action: "created_by_split",
      after: { parent: parent.number, ...part, splitCount: count },
    });
  }
  return parts;
}

/**
 * Records money received for an order: open payments are settled oldest due first, the last
 * one split into a paid part and an open remainder when the amount does not cover it; the
 * order's payment state follows. The caller checked `0 < amount <= open total`.
 */
export async function receivePayment(
  tx: Tx,
  order: OrderRow,
  amount: number,
  methodCode: string | undefined,
  actor: Actor,
) {
  const open = await tx
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", order.id)
    .where("state", "=", "new")
    .orderBy(sql`due_date asc nulls last`)
    .orderBy("id")
    .execute();
  const { settled, partial } = allocateReceivedAmount(open, amount);
  const now = new Date();
  const audit = (id: number, before: object, after: object) =>
    recordAudit(tx, {
      actor,
      companyId: order.company_id,
      entityType: "payment",
      entityId: id,
      action: "received",
      before,
      after,
    });
  for (const id of settled) {
    const p = open.find((x) => x.id === id)!;
    await tx
      .updateTable("payments")
      .set({ state: "completed", method_code: methodCode ?? p.method_code, updated_at: now })
      .where("id", "=", id)
      .execute();
    await audit(
      id,
      { state: p.state, amount: p.amount, method: p.method_code },
      { state: "completed", amount: p.amount, method: methodCode ?? p.method_code },
    );
  }
  if (partial) {
    const p = open.find((x) => x.id === partial.id)!;
    await tx
      .updateTable("payments")
      .set({
        state: "completed",
        amount: partial.paid,
        method_code: methodCode ?? p.method_code,
        updated_at: now,
      })
      .where("id", "=", p.id)
      .execute();
    const rest = await tx
      .insertInto("payments")
      .values({
        order_id: order.id,
        method_code: p.method_code,
        state: "new",
        amount: partial.remaining,
        currency_code: p.currency_code,
        due_date: p.due_date,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(
      p.id,
      { state: p.state, amount: p.amount, method: p.method_code },
      {
        state: "completed",
        amount: partial.paid,
        method: methodCode ?? p.method_code,
        remainder: { id: rest.id, state: "new", amount: partial.remaining },
      },
    );
  }
  return recordPaymentState(
    tx,
    order,
    actor,
    { amount, method: methodCode ?? null },
    { before: order.payment_state, now },
  );
}

/** One page of placed orders (no carts), newest placed first, and how many match in all. */
export async function placedOrdersPage(
  db: Kysely<DB>,
  filter: { state?: OrderRow["state"]; companyId?: number; number?: string },
  { page, itemsPerPage }: { page: number; itemsPerPage: number },
) {
  let base = db.selectFrom("orders").where("state", "!=", "cart");
  if (filter.state) base = base.where("state", "=", filter.state);
  if (filter.companyId !== undefined) base = base.where("company_id", "=", filter.companyId);
  if (filter.number !== undefined) base = base.where("number", "=", filter.number);
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
  return { rows, total: Number(count.n) };
}

/** The orders `ids`, in no particular order. */
export async function ordersByIds(db: Kysely<DB>, ids: number[]) {
  return db.selectFrom("orders").selectAll().where("id", "in", ids).execute();
}

/**
 * A card payment still `processing` (Pending/Received, its webhook not yet in) is no longer
 * owed by a cancelled order: it is cancelled with the open ones. Should the authorisation
 * still arrive, the payment service gives the money back instead of settling the order
 * (server/payments/service.ts), so a cancelled order is never marked paid behind staff's back.
 */
export async function cancelProcessingPayments(tx: Tx, order: OrderRow, actor: Actor) {
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

/** Sets the state of the order's shipments. */
export async function setShipmentsState(
  tx: Tx,
  orderId: number,
  state: OrderRow["shipping_state"],
): Promise<void> {
  await tx.updateTable("shipments").set({ state }).where("order_id", "=", orderId).execute();
}

/** Writes an order's new state, payment state and shipping state (those given). */
export async function updateOrderStates(
  tx: Tx,
  orderId: number,
  set: Partial<Pick<OrderRow, "state" | "payment_state" | "shipping_state">>,
): Promise<void> {
  await tx
    .updateTable("orders")
    .set({ ...set, updated_at: new Date() })
    .where("id", "=", orderId)
    .execute();
}

/** The states of the order's payments. */
export async function paymentStatesOf(tx: Tx, orderId: number) {
  return tx.selectFrom("payments").select("state").where("order_id", "=", orderId).execute();
}

/** The states and amounts of the order's payments. */
export async function paymentAmountsOf(tx: Tx, orderId: number) {
  return tx
    .selectFrom("payments")
    .select(["state", "amount"])
    .where("order_id", "=", orderId)
    .execute();
}

/** The order's items (id and quantity) in id order, what a split divides. */
export async function itemQuantitiesOf(tx: Tx, orderId: number) {
  return tx
    .selectFrom("order_items")
    .select(["id", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

/** The enabled payment method `code`, or undefined. */
export async function enabledPaymentMethod(db: Kysely<DB>, code: string) {
  return db
    .selectFrom("payment_methods")
    .select("code")
    .where("code", "=", code)
    .where("enabled", "=", true)
    .executeTakeFirst();
}

/** Records a change to an order, keyed by the order's id. */
export async function recordOrderAudit(
  tx: Tx,
  order: OrderRow,
  actor: Actor,
  action: string,
  change: { before: unknown; after: unknown },
): Promise<void> {
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

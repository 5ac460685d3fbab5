import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { isOverdue, paymentDisplayStatus, totalUnpaidAmount } from "../../rules/payment-status.js";
import type { AddressSnapshot, DB, OrderItemRow, OrderRow } from "../db/schema.js";
import { iri } from "./iri.js";

/**
 * Orders in the Sylius shop shape (REST-CONVENTIONS.md), several at once: at most four queries
 * whatever the number of orders (orders are given, then items, payments, shipments, and, for
 * placed orders, the split relatives: children of the given orders and parents of the given
 * children).
 *
 * Split orders (account spec 2): a parent (1/N) lists its children (k/N) in `splitOrders`;
 * `splitTotal` and `statuses` describe the order together with its children, so for an order
 * without children they are its own total and state. A child names its parent in `parentOrder`.
 */
export async function orderResources(db: Kysely<DB>, orders: OrderRow[], language: string) {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [items, payments, shipments, relatives] = await Promise.all([
    db
      .selectFrom("order_items as i")
      .selectAll("i")
      .select((eb) => mainImage(eb).as("image_path"))
      .select((eb) => translatedNames(eb, language))
      .where("i.order_id", "in", ids)
      .orderBy("i.id")
      .execute(),
    db.selectFrom("payments").selectAll().where("order_id", "in", ids).orderBy("id").execute(),
    db.selectFrom("shipments").selectAll().where("order_id", "in", ids).orderBy("id").execute(),
    relativesOf(db, orders),
  ]);
  return orders.map((o) => {
    const own = <T extends { order_id: number }>(list: T[]) =>
      list.filter((x) => x.order_id === o.id);
    return toResource(o, own(items), own(payments), own(shipments), relatives);
  });
}

/**
 * The order with this token (its row, to check who may see it, and its resource in the shape
 * of orderResources) in one statement: its lines, payments and shipments come along as JSON.
 * Every cart change answers with it.
 */
export async function orderResourceByToken(db: Kysely<DB>, token: string, language: string) {
  const row = await db
    .selectFrom("orders")
    .selectAll("orders")
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom("order_items as i")
          .selectAll("i")
          .select((e) => mainImage(e).as("image_path"))
          .select((e) => translatedNames(e, language))
          .whereRef("i.order_id", "=", "orders.id")
          .orderBy("i.id"),
      ).as("items"),
      jsonArrayFrom(
        eb
          .selectFrom("payments as p")
          .selectAll("p")
          .whereRef("p.order_id", "=", "orders.id")
          .orderBy("p.id"),
      ).as("payments"),
      jsonArrayFrom(
        eb
          .selectFrom("shipments as s")
          .selectAll("s")
          .whereRef("s.order_id", "=", "orders.id")
          .orderBy("s.id"),
      ).as("shipments"),
    ])
    .where("token_value", "=", token)
    .executeTakeFirst();
  if (!row) return undefined;
  const { items, payments, shipments, ...order } = row;
  // JSON carries the timestamps of payments as text; the resource reads them with new Date().
  const resource = toResource(
    order,
    items,
    payments as unknown as PaymentRow[],
    shipments,
    await relativesOf(db, [order]),
  );
  return { order, resource };
}

type PaymentRow = Parameters<typeof paymentResource>[0];

/**
 * The path of a line's first main image: its variant's own picture where it has one, else
 * its product's (decision 051).
 */
function mainImage(eb: ExpressionBuilder<DB & { i: DB["order_items"] }, "i">) {
  return eb
    .selectFrom("product_images as img")
    .select("img.path")
    .whereRef("img.product_code", "=", "i.product_code")
    .where("img.type", "=", "main")
    .where((w) =>
      w.or([
        w("img.variant_code", "is", null),
        w("img.variant_code", "=", w.ref("i.variant_code")),
      ]),
    )
    .orderBy(sql`img.variant_code is null`)
    .orderBy("img.position")
    .orderBy("img.id")
    .limit(1);
}

/**
 * A line's product and variant names in `language` from the catalogue's translations (decision
 * 030), null where there is none: the line's recorded English names stand in (toResource).
 * Scalar subqueries, so the statement count stays the same.
 */
function translatedNames(
  eb: ExpressionBuilder<DB & { i: DB["order_items"] }, "i">,
  language: string,
) {
  return [
    eb
      .selectFrom("product_translations as pt")
      .select("pt.name")
      .whereRef("pt.product_code", "=", "i.product_code")
      .where("pt.locale", "=", language)
      .as("product_name_translated"),
    eb
      .selectFrom("product_variant_translations as vt")
      .select("vt.name")
      .whereRef("vt.variant_code", "=", "i.variant_code")
      .where("vt.locale", "=", language)
      .as("variant_name_translated"),
  ];
}

/** Split relatives: children of the given orders and parents of the given children. */
async function relativesOf(db: Kysely<DB>, orders: OrderRow[]) {
  // Only a split order has relatives: its parts carry the parent's id, and the split gives
  // the parent its part count (server/db/backoffice/orders.ts). A cart or an order never split
  // has none to look for.
  if (orders.every((o) => o.parent_order_id === null && o.split_count === null)) return [];
  const ids = orders.map((o) => o.id);
  const parentIds = [
    ...new Set(orders.flatMap((o) => (o.parent_order_id === null ? [] : [o.parent_order_id]))),
  ];
  return db
    .selectFrom("orders")
    .select([
      "id",
      "token_value",
      "number",
      "state",
      "payment_state",
      "total",
      "company_id",
      "parent_order_id",
      "split_index",
      "split_count",
    ])
    .where((eb) =>
      parentIds.length > 0
        ? eb.or([eb("parent_order_id", "in", ids), eb("id", "in", parentIds)])
        : eb("parent_order_id", "in", ids),
    )
    .orderBy("split_index")
    .orderBy("id")
    .execute();
}

type Relative = Awaited<ReturnType<typeof relativesOf>>[number];

function toResource(
  o: OrderRow,
  items: (OrderItemRow & {
    image_path: string | null;
    product_name_translated: string | null;
    variant_name_translated: string | null;
  })[],
  orderPayments: PaymentRow[],
  orderShipments: { id: number; method_code: string; state: string }[],
  relatives: Relative[],
  now: Date = new Date(),
) {
  // A split never crosses companies; the check keeps a bad row from leaking one.
  const children = relatives.filter(
    (r) => r.parent_order_id === o.id && r.company_id === o.company_id,
  );
  const parent = relatives.find((r) => r.id === o.parent_order_id && r.company_id === o.company_id);
  return {
    "@id": iri.order(o.token_value),
    "@type": "Order",
    id: o.id,
    tokenValue: o.token_value,
    number: o.number,
    state: o.state,
    checkoutState: o.checkout_state,
    paymentState: o.payment_state,
    paymentStatus: paymentDisplayStatus(o.payment_state),
    shippingState: o.shipping_state,
    currencyCode: o.currency_code,
    localeCode: o.locale_code,
    customer: iri.customer(o.shop_user_id),
    notes: o.notes,
    poNumber: o.po_number,
    // An order placed over the buyer's spending limit (decision 043): pending, then approved or
    // rejected (with the ADMIN's reason); null for every other order.
    approval: o.approval_state
      ? {
          state: o.approval_state,
          reason: o.approval_reason,
          decidedBy: o.approval_decided_by === null ? null : iri.shopUser(o.approval_decided_by),
          decidedAt: o.approval_decided_at ? new Date(o.approval_decided_at).toISOString() : null,
        }
      : null,
    couponCode: o.coupon_code,
    minimalOrderValue: o.minimal_order_value,
    items: items.map((i) => ({
      "@id": iri.orderItem(o.token_value, i.id),
      id: i.id,
      variant: iri.variant(i.variant_code),
      productCode: i.product_code,
      productName: i.product_name_translated ?? i.product_name,
      variantName: i.variant_name_translated ?? i.variant_name,
      quantity: i.quantity,
      unitPrice: i.unit_price,
      originalUnitPrice: i.original_unit_price,
      discountedUnitPrice: i.discounted_unit_price,
      subtotal: i.subtotal,
      total: i.total,
      taxTotal: i.tax_total,
      productImages: i.image_path ? [{ type: "main", path: i.image_path }] : [],
    })),
    itemsTotal: o.items_total,
    itemsSubtotal: o.items_subtotal,
    shippingTotal: o.shipping_total,
    shippingTaxTotal: o.shipping_tax_total,
    taxTotal: o.tax_total,
    orderPromotionTotal: o.order_promotion_total,
    manualDiscount: o.manual_discount,
    total: o.total,
    billingAddress: addressOut(o.billing_address as AddressSnapshot | null),
    shippingAddress: addressOut(o.shipping_address as AddressSnapshot | null),
    payments: orderPayments.map((p) => paymentResource(p, now)),
    totalUnpaidAmount: o.state === "cart" ? 0 : totalUnpaidAmount(orderPayments),
    // A placed order with an open payment due before today (issue 30).
    overdue: o.state !== "cart" && orderPayments.some((p) => isOverdue(p, now)),
    shipments: orderShipments.map((s) => ({
      "@id": iri.shipment(s.id),
      id: s.id,
      method: iri.shippingMethod(s.method_code),
      state: s.state,
    })),
    parentOrder: parent ? iri.order(parent.token_value) : null,
    splitIndex: o.split_index,
    splitCount: o.split_count,
    splitOrders: children.map((c) => ({
      "@id": iri.order(c.token_value),
      "@type": "Order",
      tokenValue: c.token_value,
      number: c.number,
      state: c.state,
      paymentState: c.payment_state,
      paymentStatus: paymentDisplayStatus(c.payment_state),
      total: c.total,
      splitIndex: c.split_index,
      splitCount: c.split_count,
    })),
    splitTotal: children.reduce((sum, c) => sum + c.total, o.total),
    statuses: [...new Set([o.state, ...children.map((c) => c.state)])],
    createdAt: new Date(o.created_at).toISOString(),
    updatedAt: new Date(o.updated_at).toISOString(),
    checkoutCompletedAt: o.checkout_completed_at
      ? new Date(o.checkout_completed_at).toISOString()
      : null,
  };
}

export function paymentResource(
  p: {
    id: number;
    method_code: string;
    state: string;
    amount: number;
    currency_code: string;
    due_date: Date | null;
    created_at: Date;
    updated_at: Date;
  },
  now: Date = new Date(),
) {
  return {
    "@id": iri.payment(p.id),
    id: p.id,
    method: iri.paymentMethod(p.method_code),
    state: p.state,
    amount: p.amount,
    currencyCode: p.currency_code,
    dueDate: p.due_date ? new Date(p.due_date).toISOString() : null,
    // Open and due before today (issue 30): the server's word, so every screen agrees.
    overdue: isOverdue(p, now),
    createdAt: new Date(p.created_at).toISOString(),
    updatedAt: new Date(p.updated_at).toISOString(),
    // No separate settlement timestamp is kept: a completed payment last changed when it was paid.
    paidAt: p.state === "completed" ? new Date(p.updated_at).toISOString() : null,
  };
}

export function addressOut(a: AddressSnapshot | null) {
  return a ? { ...a } : null;
}

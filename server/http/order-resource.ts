import type { Kysely } from "kysely";
import { totalUnpaidAmount } from "../domain/payment-status.js";
import type { AddressSnapshot, DB, OrderRow } from "../db/schema.js";
import { iri } from "./iri.js";

/**
 * Orders in the Sylius shop shape (REST-CONVENTIONS.md), several at once: four queries
 * whatever the number of orders (orders are given, then items, payments, shipments).
 */
export async function orderResources(db: Kysely<DB>, orders: OrderRow[]) {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [items, payments, shipments] = await Promise.all([
    db
      .selectFrom("order_items as i")
      .leftJoin("product_images as img", (j) =>
        j.onRef("img.product_code", "=", "i.product_code").on("img.type", "=", "main"),
      )
      .selectAll("i")
      .select(["img.path as image_path"])
      .where("i.order_id", "in", ids)
      .orderBy("i.id")
      .execute(),
    db.selectFrom("payments").selectAll().where("order_id", "in", ids).orderBy("id").execute(),
    db.selectFrom("shipments").selectAll().where("order_id", "in", ids).orderBy("id").execute(),
  ]);
  return orders.map((o) => {
    const own = <T extends { order_id: number }>(list: T[]) =>
      list.filter((x) => x.order_id === o.id);
    const orderPayments = own(payments);
    return {
      "@id": iri.order(o.token_value),
      "@type": "Order",
      id: o.id,
      tokenValue: o.token_value,
      number: o.number,
      state: o.state,
      checkoutState: o.checkout_state,
      paymentState: o.payment_state,
      shippingState: o.shipping_state,
      currencyCode: o.currency_code,
      localeCode: o.locale_code,
      customer: iri.customer(o.shop_user_id),
      notes: o.notes,
      couponCode: o.coupon_code,
      minimalOrderValue: o.minimal_order_value,
      items: dedupe(own(items)).map((i) => ({
        "@id": iri.orderItem(o.token_value, i.id),
        id: i.id,
        variant: iri.variant(i.variant_code),
        productCode: i.product_code,
        productName: i.product_name,
        variantName: i.variant_name,
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
      payments: orderPayments.map(paymentResource),
      totalUnpaidAmount: o.state === "cart" ? 0 : totalUnpaidAmount(orderPayments),
      shipments: own(shipments).map((s) => ({
        "@id": iri.shipment(s.id),
        id: s.id,
        method: iri.shippingMethod(s.method_code),
        state: s.state,
      })),
      parentOrder: null as string | null,
      splitIndex: o.split_index,
      splitCount: o.split_count,
      createdAt: new Date(o.created_at).toISOString(),
      updatedAt: new Date(o.updated_at).toISOString(),
      checkoutCompletedAt: o.checkout_completed_at
        ? new Date(o.checkout_completed_at).toISOString()
        : null,
    };
  });
}

/** A product with several main images joins once per image; keep the first. */
function dedupe<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((i) => !seen.has(i.id) && seen.add(i.id));
}

export function paymentResource(p: {
  id: number;
  method_code: string;
  state: string;
  amount: number;
  currency_code: string;
  due_date: Date | null;
  created_at: Date;
  updated_at: Date;
}) {
  return {
    "@id": iri.payment(p.id),
    id: p.id,
    method: iri.paymentMethod(p.method_code),
    state: p.state,
    amount: p.amount,
    currencyCode: p.currency_code,
    dueDate: p.due_date ? new Date(p.due_date).toISOString() : null,
    createdAt: new Date(p.created_at).toISOString(),
    updatedAt: new Date(p.updated_at).toISOString(),
  };
}

export function addressOut(a: AddressSnapshot | null) {
  return a ? { ...a } : null;
}

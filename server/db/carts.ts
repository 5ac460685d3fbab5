import { addressSnapshot } from "./account/addresses.js";
import type { Tx } from "./orders.js";
import type { AddressSnapshot, OrderRow } from "./schema.js";

/**
 * What a cart change reads and writes: its lines, its details (addresses, coupon, purchase-order
 * number, note), the methods of its shipment and payment, and what the audit trail keeps of it.
 * The caller locks the cart first (`findOrderByToken(tx, token, true)`) and recalculates after.
 */

/** A cart's lines as they were before a change. */
export type CartLine = { id: number; variant_code: string; quantity: number };

/** The cart's lines, in the order they were added. */
export async function cartLinesInOrder(tx: Tx, orderId: number): Promise<CartLine[]> {
  return tx
    .selectFrom("order_items")
    .select(["id", "variant_code", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

/** The order's line `id`; undefined for another order's or an unknown id. */
export async function cartLine(tx: Tx, orderId: number, id: number) {
  return tx
    .selectFrom("order_items")
    .selectAll()
    .where("id", "=", id)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

/**
 * The enabled variants of enabled products among `codes` that `priceList` prices, with their
 * stock, price and names (the English ones a line records, the `language` ones messages use).
 */
export async function variantsToAdd(tx: Tx, codes: string[], priceList: string, language: string) {
  return tx
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .innerJoin("variant_prices as vp", (j) =>
      j.onRef("vp.variant_code", "=", "v.code").on("vp.price_list_code", "=", priceList),
    )
    .leftJoin("product_translations as pt", (j) =>
      j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", language),
    )
    .leftJoin("product_variant_translations as vt", (j) =>
      j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
    )
    .select([
      "v.code",
      "v.name",
      "v.product_code",
      "v.on_hand",
      "p.name as product_name",
      "pt.name as product_name_translated",
      "vt.name as variant_name_translated",
      "vp.price",
      "vp.rrp_price",
    ])
    .where("v.code", "in", codes)
    .where("v.enabled", "=", true)
    .where("p.enabled", "=", true)
    .execute();
}

/** A variant's stock and its names in `language` (null where untranslated); the variant exists. */
export async function variantStock(tx: Tx, variantCode: string, language: string) {
  return tx
    .selectFrom("product_variants as v")
    .leftJoin("product_translations as pt", (j) =>
      j.onRef("pt.product_code", "=", "v.product_code").on("pt.locale", "=", language),
    )
    .leftJoin("product_variant_translations as vt", (j) =>
      j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
    )
    .select(["v.on_hand", "pt.name as product_name", "vt.name as variant_name"])
    .where("v.code", "=", variantCode)
    .executeTakeFirstOrThrow();
}

/** Sets a cart line's quantity (the caller recalculates the cart). */
export async function setCartLineQuantity(tx: Tx, itemId: number, quantity: number) {
  await tx.updateTable("order_items").set({ quantity }).where("id", "=", itemId).execute();
}

/** Removes a cart line (the caller recalculates the cart). */
export async function deleteCartLine(tx: Tx, itemId: number) {
  await tx.deleteFrom("order_items").where("id", "=", itemId).execute();
}

/**
 * Adds a line to the cart priced as an add-to-cart prices it (the caller recalculates the
 * cart, which settles every amount).
 */
export async function addCartLine(
  tx: Tx,
  line: {
    cartId: number;
    variantCode: string;
    productCode: string;
    productName: string;
    variantName: string;
    quantity: number;
    price: number;
    rrpPrice: number;
    position: number;
  },
) {
  await tx
    .insertInto("order_items")
    .values({
      order_id: line.cartId,
      variant_code: line.variantCode,
      product_code: line.productCode,
      product_name: line.productName,
      variant_name: line.variantName,
      quantity: line.quantity,
      unit_price: line.price,
      original_unit_price: line.rrpPrice,
      discounted_unit_price: line.price,
      subtotal: line.price * line.quantity,
      total: line.price * line.quantity,
      position: line.position,
    })
    .execute();
}

/** The coupon whose code is `code` in any case, or undefined. */
export async function couponByCode(tx: Tx, code: string) {
  return tx
    .selectFrom("coupons")
    .selectAll()
    .where((eb) => eb(eb.fn("upper", ["code"]), "=", code.toUpperCase()))
    .executeTakeFirst();
}

/** The cart details a PUT may change (addresses as their JSON snapshots). */
export interface CartDetails {
  billing_address?: string;
  shipping_address?: string;
  coupon_code?: string | null;
  po_number?: string | null;
}

/** Writes the cart's changed details (the caller recalculates the cart). */
export async function setCartDetails(tx: Tx, orderId: number, set: CartDetails) {
  await tx.updateTable("orders").set(set).where("id", "=", orderId).execute();
}

/** Sets or removes (null) the cart's note. */
export async function setCartNotes(tx: Tx, orderId: number, notes: string | null) {
  await tx.updateTable("orders").set({ notes }).where("id", "=", orderId).execute();
}

/** Deletes a cart; its lines, shipment and payment go with it. */
export async function deleteCart(tx: Tx, orderId: number) {
  await tx.deleteFrom("orders").where("id", "=", orderId).execute();
}

/** The company's registered (default billing) address as orders keep it, if it has one. */
export async function companyBillingAddress(
  tx: Tx,
  companyId: number,
): Promise<AddressSnapshot | undefined> {
  const row = await tx
    .selectFrom("companies")
    .innerJoin("addresses", "addresses.id", "companies.default_billing_address_id")
    .selectAll("addresses")
    .where("companies.id", "=", companyId)
    .executeTakeFirst();
  return row ? addressSnapshot(row) : undefined;
}

/** The order's shipment or payment `id` (undefined for another order's or an unknown id). */
export async function orderMethodLine(
  tx: Tx,
  lines: "shipments" | "payments",
  orderId: number,
  id: number,
) {
  return tx
    .selectFrom(lines)
    .select("id")
    .where("id", "=", id)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

/** The enabled shipping or payment method `code`, or undefined. */
export async function enabledMethod(
  tx: Tx,
  methods: "shipping_methods" | "payment_methods",
  code: string,
) {
  return tx
    .selectFrom(methods)
    .select("code")
    .where("code", "=", code)
    .where("enabled", "=", true)
    .executeTakeFirst();
}

/** Chooses the method of a shipment or payment line. */
export async function setLineMethod(
  tx: Tx,
  lines: "shipments" | "payments",
  lineId: number,
  methodCode: string,
) {
  await tx.updateTable(lines).set({ method_code: methodCode }).where("id", "=", lineId).execute();
}

type SummaryOrder = Pick<
  OrderRow,
  "coupon_code" | "notes" | "shipping_address" | "total" | "currency_code"
> & { po_number?: string | null };

/** What an audit line keeps of a cart: its lines, coupon, note, destination and total. */
export function summaryOf(
  order: SummaryOrder,
  items: { variant_code: string; quantity: number }[],
) {
  const shipping = order.shipping_address as AddressSnapshot | null;
  return {
    items: items.map((i) => ({ variant: i.variant_code, quantity: i.quantity })),
    couponCode: order.coupon_code,
    notes: order.notes,
    poNumber: order.po_number ?? null,
    shippingTo: shipping ? `${shipping.city}, ${shipping.countryCode}` : null,
    total: order.total,
    currencyCode: order.currency_code,
  };
}

/** The audit summary of the order `orderId` as it is now; null when there is none. */
export async function orderSummary(tx: Tx, orderId: number) {
  const order = await tx
    .selectFrom("orders")
    .select(["coupon_code", "notes", "po_number", "shipping_address", "total", "currency_code"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  return summaryOf(order, await cartLinesInOrder(tx, orderId));
}

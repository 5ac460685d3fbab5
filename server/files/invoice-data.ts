import type { Kysely } from "kysely";
import { findOrderByToken } from "../db/orders.js";
import type { AddressSnapshot, DB } from "../db/schema.js";
import { totalUnpaidAmount } from "../../rules/payment-status.js";
import { conflict, notFound } from "../core/problem.js";
import { AWAITING_APPROVAL } from "../domain/spending-limits.js";
import type { InvoiceData } from "./invoice-pdf.js";

const CANCELLED = ["cancelled", "canceled"];

/** Invoice numbers follow the order numbers, so each order has exactly one invoice number. */
export const invoiceNumber = (orderNumber: string) => `INV-${orderNumber}`;

/**
 * The invoice of a placed order of `companyId`. A cart, an unknown token and another
 * company's order are all 404. An order awaiting approval, rejected or cancelled is 409 (issue
 * 32, finding I: it was never invoiced; a split one's lines are invoiced by its split orders);
 * the storefront offers no invoice for them.
 */
export async function loadInvoice(
  db: Kysely<DB>,
  token: string,
  companyId: number,
  seller: Seller,
  /** The language of the product and variant names (decision 034); English where none. */
  language: string = "en",
): Promise<InvoiceData> {
  return loadOrderDocument(db, token, companyId, seller, language, { invoice: true });
}

type Seller = { name: string; email: string; address: string[]; vatId: string };

/**
 * A placed order of `companyId` as a document's data: its lines, totals, addresses and payments.
 * With `invoice`, only an order that was invoiced (see loadInvoice); without, any placed order
 * (the order confirmation lists an order awaiting approval too).
 */
export async function loadOrderDocument(
  db: Kysely<DB>,
  token: string,
  companyId: number,
  seller: Seller,
  language: string,
  { invoice }: { invoice: boolean },
): Promise<InvoiceData> {
  const order = token.length <= 64 ? await findOrderByToken(db, token) : undefined;
  if (!order || order.state === "cart" || order.company_id !== companyId || !order.number)
    throw notFound();
  if (invoice) await refuseUninvoiced(db, order);
  const billing = order.billing_address as AddressSnapshot | null;
  const shipping = order.shipping_address as AddressSnapshot | null;
  const countryCodes = [
    ...new Set([billing?.countryCode, shipping?.countryCode].filter((c) => c !== undefined)),
  ];
  const [items, company, payments, countries] = await Promise.all([
    db
      .selectFrom("order_items as i")
      .leftJoin("product_translations as pt", (j) =>
        j.onRef("pt.product_code", "=", "i.product_code").on("pt.locale", "=", language),
      )
      .leftJoin("product_variant_translations as vt", (j) =>
        j.onRef("vt.variant_code", "=", "i.variant_code").on("vt.locale", "=", language),
      )
      .selectAll("i")
      .select(["pt.name as product_name_translated", "vt.name as variant_name_translated"])
      .where("i.order_id", "=", order.id)
      .orderBy("i.position")
      .orderBy("i.id")
      .execute(),
    db
      .selectFrom("companies")
      .select(["name", "legal_name", "tax_number", "registration_number", "payment_terms_days"])
      .where("id", "=", order.company_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("payments")
      .innerJoin("payment_methods", "payment_methods.code", "payments.method_code")
      .select([
        "payments.state",
        "payments.amount",
        "payments.due_date",
        "payment_methods.name",
        "payment_methods.kind",
      ])
      .where("payments.order_id", "=", order.id)
      .orderBy("payments.id")
      .execute(),
    countryCodes.length
      ? db
          .selectFrom("countries")
          .select(["code", "name", "tax_rate_bp"])
          .where("code", "in", countryCodes)
          .execute()
      : Promise.resolve([]),
  ]);
  const first = payments[0];
  const completedAt = new Date(order.checkout_completed_at ?? order.created_at);
  return {
    sellerName: seller.name,
    sellerEmail: seller.email,
    sellerAddress: seller.address,
    sellerVatId: seller.vatId,
    invoiceNumber: invoiceNumber(order.number),
    orderNumber: order.number,
    orderDate: completedAt,
    // Invoices are not stored: the document is dated by the order, so it never changes.
    invoiceDate: completedAt,
    dueDate: first?.due_date ? new Date(first.due_date) : null,
    currencyCode: order.currency_code,
    buyer: {
      name: company.name,
      legalName: company.legal_name,
      taxNumber: company.tax_number,
      registrationNumber: company.registration_number,
    },
    billingAddress: billing,
    shippingAddress: shipping,
    lines: items.map((i) => ({
      productName: i.product_name_translated ?? i.product_name,
      variantName: i.variant_name_translated ?? i.variant_name,
      sku: i.variant_code,
      quantity: i.quantity,
      unitPrice: i.unit_price,
      discountedUnitPrice: i.discounted_unit_price,
      total: i.total,
    })),
    itemsSubtotal: order.items_subtotal,
    couponCode: order.coupon_code,
    promotionTotal: order.order_promotion_total,
    manualDiscount: order.manual_discount,
    shippingTotal: order.shipping_total,
    shippingTaxTotal: order.shipping_tax_total,
    itemsTaxTotal: order.tax_total,
    taxRateBp: countries.find((c) => c.code === shipping?.countryCode)?.tax_rate_bp ?? 0,
    total: order.total,
    balanceDue: totalUnpaidAmount(payments),
    paymentMethodName: first?.name ?? null,
    paymentKind: first?.kind ?? null,
    paymentTermsDays: company.payment_terms_days,
    notes: order.notes,
    poNumber: order.po_number,
  };
}

/**
 * No invoice for what was never invoiced (issue 32, finding I): an order awaiting its company's
 * approval owes nothing yet, a rejected or cancelled one nothing at all (a split one's lines are
 * invoiced by its split orders).
 */
async function refuseUninvoiced(
  db: Kysely<DB>,
  order: { id: number; state: string; approval_state: string | null },
) {
  if (order.state === AWAITING_APPROVAL) throw conflict("invoicePdf.awaitingApproval");
  if (!CANCELLED.includes(order.state)) return;
  const split = await db
    .selectFrom("orders")
    .select("id")
    .where("parent_order_id", "=", order.id)
    .executeTakeFirst();
  if (split) throw conflict("invoicePdf.cancelledSplit");
  throw conflict(
    order.approval_state === "rejected" ? "invoicePdf.rejected" : "invoicePdf.cancelled",
  );
}

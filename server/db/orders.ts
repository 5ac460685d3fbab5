import { randomBytes } from "node:crypto";
import { sql, type Kysely, type QueryCreator, type Transaction } from "kysely";
import { completionViolations, ORDER_NUMBER_DIGITS, paymentDueDate } from "../domain/checkout.js";
import { orderPaymentState } from "../domain/order-states.js";
import { PAY_AFTER_APPROVAL, type SpendingLimits } from "../../rules/spending-limits.js";
import { AWAITING_APPROVAL } from "../domain/spending-limits.js";
import { computeTotals } from "../domain/totals.js";
import type { Violation } from "../../rules/violations.js";
import { auditInsert, recordAudit, type Actor, type AuditEntry } from "./audit.js";
import { checkSpending, heldOrdersOf, requestApproval, type MailContext } from "./spending.js";
import type { AddressSnapshot, DB, OrderRow } from "./schema.js";
import { lineTierPrice } from "./volume-prices.js";

export type Tx = Transaction<DB>;

/** 128 random bits, URL-safe: order tokens are the capability in cart and invoice links. */
export function newToken(): string {
  return randomBytes(16).toString("base64url");
}

export async function findOrderByToken(db: Kysely<DB> | Tx, token: string, forUpdate = false) {
  let q = db.selectFrom("orders").selectAll().where("token_value", "=", token);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** An order by id, which exists. */
export async function getOrder(db: Kysely<DB>, id: number) {
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Opens a new empty cart for a user, in the company's currency and with its minimum order value. */
export async function startCart(db: Kysely<DB>, userId: number, localeCode: string) {
  const company = await db
    .selectFrom("shop_users")
    .innerJoin("companies", "companies.id", "shop_users.company_id")
    .select(["companies.id", "companies.currency_code", "companies.minimal_order_value"])
    .where("shop_users.id", "=", userId)
    .executeTakeFirstOrThrow();
  return db
    .insertInto("orders")
    .values({
      token_value: newToken(),
      company_id: company.id,
      shop_user_id: userId,
      currency_code: company.currency_code,
      locale_code: localeCode,
      minimal_order_value: company.minimal_order_value,
      billing_address: JSON.stringify(null),
      shipping_address: JSON.stringify(null),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Recomputes every amount of a cart from the current contract prices, the coupon and the
 * destination, and writes them back with the payment's amount. Called inside the transaction
 * of every cart change, after the order row was locked, so concurrent changes to one cart
 * serialize and totals always equal the sum of the lines.
 *
 * `opts.terms`: the locked order and its terms, read in this transaction by a caller whose
 * change left the order row as it was (only its lines changed): then they are not read again.
 * `opts.audit`: the audit line of the change, written with the new totals (same statement).
 */
export async function recalculate(
  tx: Tx,
  orderId: number,
  opts: { terms?: OrderTerms; audit?: (recomputed: Recomputed) => AuditEntry } = {},
) {
  const recomputed = await recomputeTotals(tx, orderId, "current", opts);
  await ensurePaymentAndShipment(
    tx,
    recomputed.order,
    recomputed.totals.total,
    recomputed.lineCount > 0,
    recomputed.paymentsUpdated,
  );
  return recomputed;
}

/** An order row with the terms its amounts depend on (what recomputeTotals reads first). */
export type OrderTerms = OrderRow & {
  price_list_code: string;
  company_minimal_order_value: number;
  coupon_percentage_bp: number | null;
  country_tax_rate_bp: number | null;
};

/**
 * A locked cart's lines and terms in one statement, for a change that touches only its lines:
 * the order row as locked is still the order's, so recalculate need not read it again.
 */
export async function linesAndTerms(
  tx: Tx,
  order: OrderRow,
): Promise<{ terms: OrderTerms; lines: { id: number; variant_code: string; quantity: number }[] }> {
  const { lines, ...terms } = await orderTermsQuery(tx)
    .select(
      sql<{ id: number; variant_code: string; quantity: number }[]>`(
        select coalesce(json_agg(json_build_object(
          'id', i.id, 'variant_code', i.variant_code, 'quantity', i.quantity) order by i.id), '[]')
        from order_items as i where i.order_id = orders.id)`.as("lines"),
    )
    .where("orders.id", "=", order.id)
    .executeTakeFirstOrThrow();
  return { terms: { ...order, ...terms }, lines };
}

/** What recomputeTotals answers. */
export type Recomputed = Awaited<ReturnType<typeof recomputeTotals>>;

/** The order's terms: its company's price list and minimum, its coupon's and destination's rates. */
export function orderTermsQuery(db: Kysely<DB> | Tx) {
  return db
    .selectFrom("orders")
    .innerJoin("companies", "companies.id", "orders.company_id")
    .leftJoin("coupons", "coupons.code", "orders.coupon_code")
    .leftJoin("countries", (j) =>
      j.on(sql<boolean>`countries.code = orders.shipping_address->>'countryCode'`),
    )
    .select([
      "companies.price_list_code",
      "companies.minimal_order_value as company_minimal_order_value",
      "coupons.percentage_bp as coupon_percentage_bp",
      "countries.tax_rate_bp as country_tax_rate_bp",
    ]);
}

/**
 * Computes an order's amounts from its lines and writes them to the lines and the order.
 * `current` prices a cart from the company's price list today; `placed` keeps the prices the
 * order was placed at (a placed order whose lines changed, e.g. after a split). Answers the
 * order as read before the new amounts (with its company's terms), the totals and the lines.
 */
export async function recomputeTotals(
  tx: Tx,
  orderId: number,
  prices: "current" | "placed",
  opts: { terms?: OrderTerms; audit?: (recomputed: Recomputed) => AuditEntry } = {},
) {
  // The order with its company's terms, its coupon's percentage and its destination's tax rate.
  const {
    price_list_code,
    company_minimal_order_value,
    coupon_percentage_bp,
    country_tax_rate_bp,
    ...order
  }: OrderTerms =
    opts.terms ??
    (await orderTermsQuery(tx)
      .selectAll("orders")
      .where("orders.id", "=", orderId)
      .executeTakeFirstOrThrow());
  const company = { price_list_code, minimal_order_value: company_minimal_order_value };
  const items = await tx
    .selectFrom("order_items as i")
    .innerJoin("product_variants as v", "v.code", "i.variant_code")
    .leftJoin("variant_prices as vp", (j) =>
      j
        .onRef("vp.variant_code", "=", "i.variant_code")
        .on("vp.price_list_code", "=", company.price_list_code),
    )
    .select([
      "i.id",
      "i.variant_code",
      "i.quantity",
      "i.unit_price",
      "i.original_unit_price",
      "i.discounted_unit_price",
      "i.subtotal",
      "i.total",
      "i.tax_total",
      "v.weight_grams",
      "vp.price",
      "vp.rrp_price",
      // The line's volume price for its whole quantity, when its entry has tiers (decision 040).
      lineTierPrice(company.price_list_code).as("tier_price"),
    ])
    .where("i.order_id", "=", order.id)
    .orderBy("i.id")
    .execute();
  const shipping = order.shipping_address as AddressSnapshot | null;
  const country = shipping?.countryCode ?? null;
  const coupon = order.coupon_code ? { percentage_bp: coupon_percentage_bp ?? 0 } : undefined;
  const tax = country ? { tax_rate_bp: country_tax_rate_bp ?? 0 } : undefined;
  const current = prices === "current";
  const lines = items.map((i) => ({
    quantity: i.quantity,
    unitPrice: current ? (i.tier_price ?? i.price ?? i.unit_price) : i.unit_price,
    originalUnitPrice: current ? (i.rrp_price ?? i.original_unit_price) : i.original_unit_price,
    weightGrams: i.weight_grams,
  }));
  const totals = computeTotals({
    lines,
    promotionBp: coupon?.percentage_bp ?? 0,
    shippingCountry: country,
    taxRateBp: tax?.tax_rate_bp ?? 0,
  });
  // One statement for the lines whose amounts changed (usually none but the new one): an
  // update per line made every cart change cost one more round trip per line
  // (tests/server/statement-count.test.ts).
  const values = items.flatMap((item, n) => {
    const t = totals.lines[n]!;
    const l = lines[n]!;
    const same =
      item.unit_price === l.unitPrice &&
      item.original_unit_price === l.originalUnitPrice &&
      item.discounted_unit_price === t.discountedUnitPrice &&
      item.subtotal === t.subtotal &&
      item.total === t.total &&
      item.tax_total === t.taxTotal;
    return same
      ? []
      : [
          sql`(${item.id}::int, ${l.unitPrice}::int, ${l.originalUnitPrice}::int, ${t.discountedUnitPrice}::int, ${t.subtotal}::int, ${t.total}::int, ${t.taxTotal}::int)`,
        ];
  });
  if (values.length > 0) {
    await sql`
      update order_items as i set
        unit_price = v.unit_price,
        original_unit_price = v.original_unit_price,
        discounted_unit_price = v.discounted_unit_price,
        subtotal = v.subtotal,
        total = v.total,
        tax_total = v.tax_total
      from (values ${sql.join(values)}) as v(
        id, unit_price, original_unit_price, discounted_unit_price, subtotal, total, tax_total
      )
      where i.id = v.id`.execute(tx);
  }
  const updateOrder = (db: QueryCreator<DB>) =>
    db
      .updateTable("orders")
      .set({
        items_subtotal: totals.itemsSubtotal,
        items_total: totals.itemsTotal,
        order_promotion_total: totals.orderPromotionTotal,
        shipping_total: totals.shippingTotal,
        shipping_tax_total: totals.shippingTaxTotal,
        tax_total: totals.taxTotal,
        total: totals.total,
        // A cart follows the company's current minimum; a placed order keeps the one it met.
        ...(current ? { minimal_order_value: company.minimal_order_value } : {}),
        updated_at: sql`now()`,
      })
      .where("id", "=", order.id);
  const recomputed = { order, totals, lineCount: items.length, items, paymentsUpdated: -1 };
  const audit = opts.audit?.(recomputed);
  if (!current) {
    await updateOrder(tx).execute();
    if (audit) await recordAudit(tx, audit);
    return recomputed;
  }
  // A cart: the order, its payment's amount (which follows the total) and the change's audit
  // line in one statement (data-modifying WITH parts always run to completion); the payments
  // updated tell whether the cart has its payment yet.
  let q = tx.with("totals", (db) => updateOrder(db).returning("orders.id"));
  if (audit) q = q.with("audit", (db) => auditInsert(db, audit).returning("audit_events.id"));
  const updated = await q
    .updateTable("payments")
    .set({ amount: totals.total, updated_at: sql`now()` })
    .where("order_id", "=", order.id)
    .returning("payments.id")
    .execute();
  recomputed.paymentsUpdated = updated.length;
  return recomputed;
}

/**
 * A cart with items has one payment and one shipment, as in Sylius: created with the first
 * enabled methods when the first item arrives, removed when the cart empties.
 */
async function ensurePaymentAndShipment(
  tx: Tx,
  order: OrderRow,
  total: number,
  hasItems: boolean,
  paymentsUpdated: number,
) {
  if (!hasItems) {
    await tx.deleteFrom("payments").where("order_id", "=", order.id).execute();
    await tx.deleteFrom("shipments").where("order_id", "=", order.id).execute();
    return;
  }
  // The cart's payment follows its total (its amount was written with the totals); the first
  // item creates the payment and the shipment with the first enabled methods. Payment and
  // shipment come and go together: a cart with a payment has its shipment.
  if (paymentsUpdated > 0) return;
  const paymentMethod = await tx
    .selectFrom("payment_methods")
    .select("code")
    .where("enabled", "=", true)
    .orderBy("position")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("payments")
    .values({
      order_id: order.id,
      method_code: paymentMethod.code,
      amount: total,
      currency_code: order.currency_code,
    })
    .execute();
  const shipment = await tx
    .selectFrom("shipments")
    .select("id")
    .where("order_id", "=", order.id)
    .executeTakeFirst();
  if (!shipment) {
    const shippingMethod = await tx
      .selectFrom("shipping_methods")
      .select("code")
      .where("enabled", "=", true)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("shipments")
      .values({ order_id: order.id, method_code: shippingMethod.code })
      .execute();
  }
}

export type CompletionFailure =
  { kind: "stock"; variantCode: string; name: string; available: number } | { kind: "coupon" };

/**
 * Turns a locked, validated cart into an order: stock is taken only while enough is left, the
 * coupon's use is counted only while its limit allows, and the state changes only from `cart`.
 * Any failure is returned before anything is written that the caller would not roll back.
 * With `hold` (over the buyer's spending limit, decision 043) the order is placed "awaiting
 * approval": numbered and its stock taken, but its payments and shipments stay as in the cart
 * (nothing to pay, nothing to ship) until an ADMIN approves it (server/db/approvals.ts).
 */
export async function placeOrder(
  tx: Tx,
  order: OrderRow,
  hold = false,
  paymentTermsDays?: number,
): Promise<
  { failure: CompletionFailure; placed?: undefined } | { placed: OrderRow; failure?: undefined }
> {
  // The variants of every line, locked in one order for every transaction (no deadlocks:
  // PostgreSQL locks the rows as the sort hands them out), then the stock of all lines taken
  // in one statement: two statements whatever the number of lines.
  const items = await tx
    .selectFrom("order_items as i")
    .innerJoin("product_variants as v", "v.code", "i.variant_code")
    .select(["i.variant_code", "i.quantity", "i.product_name", "i.variant_name", "v.on_hand"])
    .where("i.order_id", "=", order.id)
    .orderBy("i.variant_code")
    .forUpdate("v")
    .execute();
  const short = items.find((item) => item.on_hand < item.quantity);
  if (short) {
    return {
      failure: {
        kind: "stock",
        variantCode: short.variant_code,
        name: `${short.product_name} (${short.variant_name})`,
        available: short.on_hand,
      },
    };
  }
  if (items.length > 0) {
    const taken = items.map((item) => sql`(${item.variant_code}::text, ${item.quantity}::int)`);
    await sql`
      update product_variants as v set on_hand = v.on_hand - x.quantity
      from (values ${sql.join(taken)}) as x(code, quantity)
      where v.code = x.code`.execute(tx);
  }
  if (order.coupon_code) {
    const used = await tx
      .updateTable("coupons")
      .set((eb) => ({ used: eb("used", "+", 1) }))
      .where("code", "=", order.coupon_code)
      .where((eb) => eb.or([eb("usage_limit", "is", null), eb("used", "<", eb.ref("usage_limit"))]))
      .returning("used")
      .executeTakeFirst();
    if (!used) return { failure: { kind: "coupon" } };
  }
  const now = new Date();
  // The number comes from the sequence in the same statement, and the placed row back with it.
  const placed = await tx
    .updateTable("orders")
    .set({
      number: sql<string>`(select lpad(n, greatest(${ORDER_NUMBER_DIGITS}::int, length(n)), '0') from (select nextval('order_number_seq')::text as n) as s)`,
      checkout_state: "completed",
      checkout_completed_at: now,
      updated_at: now,
      ...(hold
        ? { state: AWAITING_APPROVAL, approval_state: "pending" as const }
        : { state: "new", payment_state: "awaiting_payment", shipping_state: "ready" }),
    })
    .where("id", "=", order.id)
    .where("state", "=", "cart")
    .returningAll()
    .executeTakeFirst();
  if (!placed) throw new Error("order left the cart state while locked");
  if (!hold) await releaseForPayment(tx, order, now, paymentTermsDays);
  return { placed };
}

/**
 * A placed order's payments become due (`new`, due from `now` by the company's terms) and its
 * shipments ready: at placement, or when an ADMIN approves an order held over a limit.
 */
export async function releaseForPayment(
  tx: Tx,
  order: Pick<OrderRow, "id" | "company_id">,
  now: Date,
  /** The company's payment terms, when the caller read them already. */
  paymentTermsDays?: number,
) {
  const terms =
    paymentTermsDays ??
    (
      await tx
        .selectFrom("companies")
        .select("payment_terms_days")
        .where("id", "=", order.company_id)
        .executeTakeFirstOrThrow()
    ).payment_terms_days;
  // Every payment of the order in one statement, each due by its method's rule, and the
  // shipments in the same one (a data-modifying WITH).
  await tx
    .with("ready", (db) =>
      db
        .updateTable("shipments")
        .set({ state: "ready" })
        .where("order_id", "=", order.id)
        .returning("id"),
    )
    .updateTable("payments")
    .from("payment_methods")
    .set({
      state: "new",
      due_date: sql<Date>`case when payment_methods.kind = 'card' then ${paymentDueDate(now, "card", terms)}::timestamptz else ${paymentDueDate(now, "invoice", terms)}::timestamptz end`,
      updated_at: now,
    })
    .whereRef("payment_methods.code", "=", "payments.method_code")
    .where("payments.order_id", "=", order.id)
    .execute();
}

/**
 * A variant as messages name it, "<product> (<variant>)", in `language` from the catalogue's
 * translation rows (decision 030), English where there is none. One statement; used where a
 * refusal names a line (stock problems of completion), not on the way of a successful request.
 */
export async function variantLabel(
  db: Kysely<DB>,
  variantCode: string,
  language: string,
  fallback: string,
): Promise<string> {
  const row = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .leftJoin("product_translations as pt", (j) =>
      j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", language),
    )
    .leftJoin("product_variant_translations as vt", (j) =>
      j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
    )
    .select([
      (eb) => eb.fn.coalesce("pt.name", "p.name").as("product_name"),
      (eb) => eb.fn.coalesce("vt.name", "v.name").as("variant_name"),
    ])
    .where("v.code", "=", variantCode)
    .executeTakeFirst();
  return row ? `${row.product_name} (${row.variant_name})` : fallback;
}

/** The language of a cart's locale code ("de_DE" → "de"), for messages without a request. */
export function cartLanguage(order: { locale_code: string }): string {
  return order.locale_code.slice(0, 2).toLowerCase();
}

/** The stock rule of a cart line: out of stock, or fewer on hand than wanted. */
export function stockViolation(
  onHand: number,
  wanted: number,
  name: string,
  propertyPath: string,
): Violation | null {
  if (onHand <= 0) return { propertyPath, message: "variant.outOfStock", params: { name } };
  if (wanted > onHand)
    return {
      propertyPath,
      message: "variant.insufficientStock",
      params: { name, available: onHand },
    };
  return null;
}

/** The buyer's roles and spending limits, read with the cart at completion (decision 043). */
export interface BuyerLimits {
  roles: string[];
  limits: SpendingLimits;
}

/** Why a cart cannot become an order: the problem type and its violations. */
export interface CompletionRefusal {
  type: string;
  violations: Violation[];
}

/**
 * Recalculates a locked cart and checks the rules of completion (items, minimum order value,
 * addresses, payment method, note). With `lookAhead` it also checks, without taking anything,
 * that the stock and the coupon would still allow placing it (a card payment asks this before
 * charging). Answers the recalculated cart, or why it cannot be completed.
 */
export async function checkCompletion(
  tx: Tx,
  order: OrderRow,
  lookAhead = false,
  language: string = cartLanguage(order),
): Promise<{
  order: OrderRow;
  refusal: CompletionRefusal | null;
  buyer: BuyerLimits;
  /** The company's payment terms (days), for placement. */
  paymentTermsDays: number;
  /** Whether a payment is by a method other than invoice (a card). */
  paysByCard: boolean;
}> {
  await recalculate(tx, order.id);
  const {
    po_number_required: poNumberRequired,
    buyer_roles,
    buyer_order_limit,
    buyer_monthly_limit,
    item_count: itemCount,
    has_payment: hasPayment,
    pays_by_card: paysByCard,
    payment_terms_days: paymentTermsDays,
    ...fresh
  } = await tx
    .selectFrom("orders")
    .selectAll("orders")
    // The company's purchase-order rule (issue 21) and the buyer's spending limits (decision
    // 043) come along: no further statement.
    .select((eb) => [
      eb
        .selectFrom("companies as c")
        .select("c.po_number_required")
        .whereRef("c.id", "=", "orders.company_id")
        .as("po_number_required"),
      eb
        .selectFrom("shop_users as u")
        .select("u.roles")
        .whereRef("u.id", "=", "orders.shop_user_id")
        .as("buyer_roles"),
      eb
        .selectFrom("shop_users as u")
        .select("u.order_limit")
        .whereRef("u.id", "=", "orders.shop_user_id")
        .as("buyer_order_limit"),
      eb
        .selectFrom("shop_users as u")
        .select("u.monthly_limit")
        .whereRef("u.id", "=", "orders.shop_user_id")
        .as("buyer_monthly_limit"),
      // What the rules count (lines, a payment method) and the terms placement dates
      // invoices by: no statements of their own.
      eb
        .selectFrom("order_items as i")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("i.order_id", "=", "orders.id")
        .as("item_count"),
      eb
        .exists(
          eb.selectFrom("payments as p").select("p.id").whereRef("p.order_id", "=", "orders.id"),
        )
        .as("has_payment"),
      // A payment by any method but invoice (a card): paid, not completed (decision 029).
      eb
        .exists(
          eb
            .selectFrom("payments as p")
            .innerJoin("payment_methods as m", "m.code", "p.method_code")
            .select("p.id")
            .whereRef("p.order_id", "=", "orders.id")
            .where("m.kind", "!=", "invoice"),
        )
        .as("pays_by_card"),
      eb
        .selectFrom("companies as c")
        .select("c.payment_terms_days")
        .whereRef("c.id", "=", "orders.company_id")
        .as("payment_terms_days"),
    ])
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  const buyer: BuyerLimits = {
    roles: buyer_roles ?? [],
    limits: { perOrder: buyer_order_limit ?? null, perMonth: buyer_monthly_limit ?? null },
  };
  const violations = completionViolations({
    itemCount: Number(itemCount ?? 0),
    itemsTotal: fresh.items_total,
    minimalOrderValue: fresh.minimal_order_value,
    currencyCode: fresh.currency_code,
    language,
    hasShippingAddress: fresh.shipping_address !== null,
    hasBillingAddress: fresh.billing_address !== null,
    hasPaymentMethod: hasPayment === true,
    notesLength: fresh.notes?.length ?? 0,
    poNumberRequired: poNumberRequired === true,
    poNumber: fresh.po_number,
  });
  const terms = paymentTermsDays ?? 0;
  const card = paysByCard === true;
  if (violations.length > 0)
    return {
      order: fresh,
      refusal: { type: "/problems/checkout", violations },
      buyer,
      paymentTermsDays: terms,
      paysByCard: card,
    };
  if (lookAhead) {
    // Placement takes stock under lock (placeOrder); this only looks.
    const items = await tx
      .selectFrom("order_items as i")
      .innerJoin("product_variants as v", "v.code", "i.variant_code")
      .select(["i.variant_code", "i.quantity", "i.product_name", "i.variant_name", "v.on_hand"])
      .where("i.order_id", "=", order.id)
      .orderBy("i.variant_code")
      .execute();
    for (const item of items) {
      if (!stockViolation(item.on_hand, item.quantity, "", "items")) continue;
      // Only a refused line is named, in the reader's language.
      const name = await variantLabel(
        tx,
        item.variant_code,
        language,
        `${item.product_name} (${item.variant_name})`,
      );
      const v = stockViolation(item.on_hand, item.quantity, name, "items");
      if (v)
        return {
          order: fresh,
          refusal: { type: "/problems/insufficient-stock", violations: [v] },
          buyer,
          paymentTermsDays: terms,
          paysByCard: card,
        };
    }
    if (fresh.coupon_code) {
      const coupon = await tx
        .selectFrom("coupons")
        .select(["used", "usage_limit"])
        .where("code", "=", fresh.coupon_code)
        .executeTakeFirst();
      if (coupon && coupon.usage_limit !== null && coupon.used >= coupon.usage_limit)
        return {
          order: fresh,
          refusal: {
            type: "/problems/coupon",
            violations: [{ propertyPath: "couponCode", message: "coupon.usedUp" }],
          },
          buyer,
          paymentTermsDays: terms,
          paysByCard: card,
        };
    }
  }
  return { order: fresh, refusal: null, buyer, paymentTermsDays: terms, paysByCard: card };
}

/**
 * Completes a cart whose row the caller has locked: the note (when given), recalculation,
 * the rules of completion, then placement (stock and coupon taken conditionally) and the
 * audit line. Used by order completion (invoice) and by card payments. On a refusal the
 * caller must roll the transaction back (the note and totals may have been written).
 */
export async function completeCart(
  tx: Tx,
  order: OrderRow,
  opts: {
    actor: Actor;
    notes?: string | null;
    poNumber?: string | null;
    language?: string;
    /**
     * An order over the buyer's spending limit is placed awaiting approval, and the company's
     * ADMINs are mailed with these links (order completion). Without it such an order is
     * refused (a card payment: nothing may be charged before approval; decision 043).
     */
    holdOverLimit?: MailContext & {
      /** How many orders one buyer may have awaiting approval at once (issue 32, finding B). */
      maxHeld: number;
    };
    /**
     * Refuses a cart paid by card unless it is held over a limit (order completion: a card
     * cart is placed by its card payment, never by a completion that skips paying).
     */
    refuseCard?: boolean;
  },
): Promise<
  { order: OrderRow; paysByCard: boolean; refusal?: undefined } | { refusal: CompletionRefusal }
> {
  const language = opts.language ?? cartLanguage(order);
  // A purchase-order number given with the completion (already trimmed; null: none) replaces the cart's.
  if (opts.poNumber !== undefined) {
    await tx
      .updateTable("orders")
      .set({ po_number: opts.poNumber })
      .where("id", "=", order.id)
      .execute();
  }
  if (typeof opts.notes === "string") {
    await tx
      .updateTable("orders")
      .set({ notes: opts.notes.trim() === "" ? null : opts.notes })
      .where("id", "=", order.id)
      .execute();
  }
  const checked = await checkCompletion(tx, order, false, language);
  if (checked.refusal) return { refusal: checked.refusal };
  const spending = await checkSpending(tx, checked.order, checked.buyer);
  const hold = spending.exceeded.length > 0;
  if (hold && !opts.holdOverLimit) return { refusal: APPROVAL_REQUIRED };
  // A buyer may hold only so many orders (and their stock and coupon uses) at once.
  if (hold && (await heldOrdersOf(tx, order.shop_user_id)) >= opts.holdOverLimit!.maxHeld)
    return {
      refusal: {
        type: "/problems/approval-required",
        violations: [
          {
            propertyPath: "items",
            message: "approval.tooManyHeld",
            params: { max: opts.holdOverLimit!.maxHeld },
          },
        ],
      },
    };
  if (opts.refuseCard && checked.paysByCard && !hold) return { refusal: PAY_BY_CARD };
  const { failure, placed } = await placeOrder(tx, checked.order, hold, checked.paymentTermsDays);
  if (failure?.kind === "stock") {
    const name = await variantLabel(tx, failure.variantCode, language, failure.name);
    return {
      refusal: {
        type: "/problems/insufficient-stock",
        violations: [stockViolation(failure.available, Infinity, name, "items")!],
      },
    };
  }
  if (failure?.kind === "coupon") {
    return {
      refusal: {
        type: "/problems/coupon",
        violations: [{ propertyPath: "couponCode", message: "coupon.usedUp" }],
      },
    };
  }
  if (!placed) throw new Error("placement answered neither an order nor a failure");
  await recordAudit(tx, {
    actor: opts.actor,
    companyId: placed.company_id,
    entityType: "order",
    entityId: placed.id,
    action: "order.complete",
    before: { state: "cart" },
    after: {
      number: placed.number,
      state: placed.state,
      paymentState: placed.payment_state,
      total: placed.total,
    },
  });
  if (hold) await requestApproval(tx, placed, spending, opts.actor, opts.holdOverLimit!);
  return { order: placed, paysByCard: checked.paysByCard };
}

/** A card cart that is not over a limit is placed by paying it, not by completing it. */
export const PAY_BY_CARD: CompletionRefusal = {
  type: "/problems/checkout",
  violations: [{ propertyPath: "paymentMethod", message: "checkout.payByCard" }],
};

/**
 * A cart over the buyer's spending limit that is to be paid by card now: refused, since nothing
 * is charged before an ADMIN approves it. Completed without paying, it is placed awaiting
 * approval; once approved, the buyer pays its open balance by card (decision 043).
 */
export const APPROVAL_REQUIRED: CompletionRefusal = {
  type: "/problems/approval-required",
  violations: [{ propertyPath: "paymentMethod", message: PAY_AFTER_APPROVAL }],
};

/**
 * "A payment was recorded": sets the order's payment state from all its payments
 * (server/domain/order-states) and audits the change as `payment_recorded` with `after`'s
 * details. The back office's received payments and the card payments both end here. `before` is
 * the state the caller read under its lock; without it, it is read here.
 */
export async function recordPaymentState(
  tx: Tx,
  order: Pick<OrderRow, "id" | "company_id">,
  actor: Actor,
  after: object,
  { before, now = new Date() }: { before?: string; now?: Date } = {},
): Promise<string> {
  const payments = await tx
    .selectFrom("payments")
    .select(["state", "amount"])
    .where("order_id", "=", order.id)
    .execute();
  const previous =
    before ??
    (
      await tx
        .selectFrom("orders")
        .select("payment_state")
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow()
    ).payment_state;
  const paymentState = orderPaymentState(payments);
  await tx
    .updateTable("orders")
    .set({ payment_state: paymentState, updated_at: now })
    .where("id", "=", order.id)
    .execute();
  await recordAudit(tx, {
    actor,
    companyId: order.company_id,
    entityType: "order",
    entityId: order.id,
    action: "payment_recorded",
    before: { paymentState: previous },
    after: { paymentState, ...after },
  });
  return paymentState;
}

/** Order history's page: the caller's carts and the company's placed orders, newest first. */
export async function ordersPage(
  db: Kysely<DB>,
  who: { userId: number; companyId: number },
  filter: { state?: string; search?: string },
  page: { page: number; itemsPerPage: number },
) {
  let base = db
    .selectFrom("orders")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "cart"), eb("shop_user_id", "=", who.userId)]),
        eb.and([eb("state", "!=", "cart"), eb("company_id", "=", who.companyId)]),
      ]),
    );
  if (filter.state !== undefined) base = base.where("state", "=", filter.state);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base
      .where("state", "!=", "cart")
      .where((eb) =>
        eb.or([eb(eb.fn("lower", ["po_number"]), "like", pattern), eb("number", "like", pattern)]),
      );
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** The answer stored for the user's Idempotency-Key `key`, with the hash of its request. */
export async function idempotentAnswer(tx: Tx, userId: number, key: string) {
  return tx
    .selectFrom("idempotency_keys")
    .select(["request_hash", "response_status", "response_body"])
    .where("shop_user_id", "=", userId)
    .where("key", "=", key)
    .executeTakeFirst();
}

/**
 * Stores the answer to the user's Idempotency-Key `key`; false when the key already holds one
 * (another request with the same key got there first).
 */
export async function storeIdempotentAnswer(
  tx: Tx,
  answer: { userId: number; key: string; requestHash: string; status: number; body: unknown },
): Promise<boolean> {
  const stored = await tx
    .insertInto("idempotency_keys")
    .values({
      shop_user_id: answer.userId,
      key: answer.key,
      request_hash: answer.requestHash,
      response_status: answer.status,
      response_body: JSON.stringify(answer.body),
    })
    .onConflict((oc) => oc.doNothing())
    .returning("key")
    .executeTakeFirst();
  return stored !== undefined;
}

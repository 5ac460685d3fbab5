import type { Kysely } from "kysely";
import type { DB } from "../../../server/db/schema.js";

export interface OrdersCheck {
  /** Orders of `created` that are placed (no longer carts). */
  placed: number;
  /** Acknowledged completions whose order is not placed (or not there at all). */
  lost: string[];
  /** Orders in an inconsistent state: what is wrong with each. */
  halfWritten: string[];
}

/**
 * Checks every order the test created after a fault or a load: each acknowledged completion is
 * a placed order; each order is either an untouched cart (no number, no completion audit) or a
 * complete order (number, lines whose sums are the totals, payments covering the total, a
 * shipment, exactly one completion audit row); and the stock taken and coupon uses counted
 * equal what the placed orders account for. `stockBefore` / `couponUsedBefore` are the values
 * before the test's first completion, for the variants and coupon only the test orders.
 */
export async function checkOrders(
  db: Kysely<DB>,
  opts: {
    created: string[];
    acknowledged: Iterable<string>;
    stockBefore?: Map<string, number>;
    coupon?: { code: string; usedBefore: number };
  },
): Promise<OrdersCheck> {
  const result: OrdersCheck = { placed: 0, lost: [], halfWritten: [] };
  if (opts.created.length === 0) return result;
  const orders = await db
    .selectFrom("orders")
    .selectAll()
    .where("token_value", "in", opts.created)
    .execute();
  const byToken = new Map(orders.map((o) => [o.token_value, o]));
  for (const token of opts.acknowledged) {
    const order = byToken.get(token);
    if (!order || order.state === "cart") result.lost.push(token);
  }
  const ids = orders.map((o) => o.id);
  const [items, payments, shipments, audits] = await Promise.all([
    db.selectFrom("order_items").selectAll().where("order_id", "in", ids).execute(),
    db.selectFrom("payments").selectAll().where("order_id", "in", ids).execute(),
    db.selectFrom("shipments").selectAll().where("order_id", "in", ids).execute(),
    db
      .selectFrom("audit_events")
      .select(["entity_id"])
      .where("entity_type", "=", "order")
      .where("action", "=", "order.complete")
      .where(
        "entity_id",
        "in",
        ids.map((id) => String(id)),
      )
      .execute(),
  ]);
  const group = <T extends { order_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
    return map;
  };
  const itemsOf = group(items);
  const paymentsOf = group(payments);
  const shipmentsOf = group(shipments);
  const completions = new Map<string, number>();
  for (const a of audits) completions.set(a.entity_id, (completions.get(a.entity_id) ?? 0) + 1);

  const taken = new Map<string, number>();
  let couponUses = 0;
  for (const order of orders) {
    const wrong: string[] = [];
    const lines = itemsOf.get(order.id) ?? [];
    const audited = completions.get(String(order.id)) ?? 0;
    if (order.state === "cart") {
      if (order.number !== null) wrong.push("cart with a number");
      if (order.checkout_completed_at !== null) wrong.push("cart with a completion date");
      if (audited !== 0) wrong.push("cart with a completion audit row");
    } else {
      result.placed++;
      const sum = (k: "total" | "subtotal" | "tax_total") => lines.reduce((a, l) => a + l[k], 0);
      if (order.number === null) wrong.push("placed without a number");
      if (order.checkout_state !== "completed") wrong.push(`checkout ${order.checkout_state}`);
      if (lines.length === 0) wrong.push("placed without lines");
      if (order.items_total !== sum("total")) wrong.push("items total is not the sum of lines");
      if (order.items_subtotal !== sum("subtotal")) wrong.push("subtotal is not the sum of lines");
      const paid = (paymentsOf.get(order.id) ?? []).reduce((a, p) => a + p.amount, 0);
      if (paid !== order.total) wrong.push(`payments ${paid} for a total of ${order.total}`);
      if ((shipmentsOf.get(order.id) ?? []).length === 0) wrong.push("placed without a shipment");
      if (audited !== 1) wrong.push(`${audited} completion audit rows`);
      for (const l of lines)
        taken.set(l.variant_code, (taken.get(l.variant_code) ?? 0) + l.quantity);
      if (opts.coupon && order.coupon_code === opts.coupon.code) couponUses++;
    }
    if (wrong.length > 0) result.halfWritten.push(`${order.token_value}: ${wrong.join(", ")}`);
  }

  if (opts.stockBefore && opts.stockBefore.size > 0) {
    const now = await db
      .selectFrom("product_variants")
      .select(["code", "on_hand"])
      .where("code", "in", [...opts.stockBefore.keys()])
      .execute();
    for (const { code, on_hand } of now) {
      const expected = opts.stockBefore.get(code)! - (taken.get(code) ?? 0);
      if (on_hand !== expected)
        result.halfWritten.push(
          `stock of ${code}: ${on_hand}, placed orders account for ${expected}`,
        );
    }
  }
  if (opts.coupon) {
    const row = await db
      .selectFrom("coupons")
      .select("used")
      .where("code", "=", opts.coupon.code)
      .executeTakeFirstOrThrow();
    if (row.used - opts.coupon.usedBefore !== couponUses)
      result.halfWritten.push(
        `coupon ${opts.coupon.code} counted ${row.used - opts.coupon.usedBefore} uses for ${couponUses} orders`,
      );
  }
  return result;
}

/** The on-hand stock of some variants. */
export async function stockOf(db: Kysely<DB>, codes: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("product_variants")
    .select(["code", "on_hand"])
    .where("code", "in", codes)
    .execute();
  return new Map(rows.map((r) => [r.code, r.on_hand]));
}

import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { cartLinesInOrder, summaryOf, type CartLine } from "../../db/carts.js";
import { findOrderByToken, linesAndTerms, recalculate, type Tx } from "../../db/orders.js";
import type { DB, OrderRow } from "../../db/schema.js";
import { can } from "../../../rules/permissions.js";
import { requirePrincipal } from "../auth.js";
import { languageOf } from "../problem.js";
import { type Principal } from "../../core/abilities.js";
import { orderResourceByToken, type orderResources } from "../../core/order-resource.js";
import { conflict, notFound } from "../../core/problem.js";

// What the order and cart route files share: who sees an order, what of it they read, and how
// a change to a cart runs.

/** A cart is its owner's; a placed order is visible to everyone of the company. */
export function visibleTo(order: OrderRow, p: Principal) {
  return order.state === "cart"
    ? order.shop_user_id === p.userId
    : order.company_id === p.companyId;
}

type OrderResource = Awaited<ReturnType<typeof orderResources>>[number];

/**
 * A placed order as the caller may read it. The order itself is order history, every role's
 * (account spec 6); its payments (amounts, due and paid dates) and unpaid balance are the
 * Payments section, which is not MARKETING's, so without `account.payments` the list comes
 * out empty, the balance null and `overdue` false. A cart is its owner's own and carries no balance.
 */
export function readableOrder(
  order: OrderResource,
  p: Principal,
): Omit<OrderResource, "totalUnpaidAmount"> & { totalUnpaidAmount: number | null } {
  if (order.state === "cart") {
    // A cart's addresses come from the address book, which is not MARKETING's (issue 18,
    // finding 6): a cart kept from before a role change shows none. A placed order's
    // addresses are order history, every role's.
    if (can(p.roles, "account.addressBook")) return order;
    return { ...order, billingAddress: null, shippingAddress: null };
  }
  if (can(p.roles, "account.payments")) return order;
  return { ...order, payments: [], totalUnpaidAmount: null, overdue: false };
}

/** The order's resource as `p` may read it, its lines named in the request's language (decision 034). */
export async function showOrder(
  db: Kysely<DB>,
  request: FastifyRequest,
  token: string,
  p: Principal,
) {
  return readableOrder((await orderResourceByToken(db, token, languageOf(request)))!.resource, p);
}

/**
 * Runs a change to a cart in one transaction: the order row is locked first, so changes to
 * one cart happen one after another; then ownership (404 for anything not the caller's)
 * and state (409 once placed) are checked, the change runs, and the totals are recomputed
 * and written with the payment's amount and the audit line (one statement). A change that
 * touches only the cart's lines says so (`linesOnly`): its lines and the order's terms are
 * then read in one statement and not read again for the totals.
 */
export async function changeCart(
  db: Kysely<DB>,
  request: FastifyRequest,
  change: (tx: Tx, order: OrderRow, principal: Principal, lines: CartLine[]) => Promise<void>,
  opts: { linesOnly?: boolean } = {},
) {
  const principal = requirePrincipal(request);
  const { token } = request.params as { token: string };
  await db.transaction().execute(async (tx) => {
    const order = await findOrderByToken(tx, token, true);
    if (!order || !visibleTo(order, principal)) throw notFound();
    if (order.state !== "cart") throw conflict("error.notCart");
    // The locked row is the cart before the change; recalculating reads it after.
    const { terms, lines } = opts.linesOnly
      ? await linesAndTerms(tx, order)
      : { terms: undefined, lines: await cartLinesInOrder(tx, order.id) };
    const before = summaryOf(order, lines);
    await change(tx, order, principal, lines);
    await recalculate(tx, order.id, {
      terms,
      audit: (after) => ({
        actor: { type: "user", id: principal.userId },
        companyId: principal.companyId,
        entityType: "order",
        entityId: order.id,
        action: auditAction(request),
        before,
        after: summaryOf({ ...after.order, total: after.totals.total }, after.items),
      }),
    });
  });
  return showOrder(db, request, token, principal);
}

/** The audit action of a cart change: the route it came through, e.g. "PATCH items/:id". */
function auditAction(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  return `cart.${request.method} ${route.replace("/api/v2/shop/orders/:token", "") || "/"}`;
}

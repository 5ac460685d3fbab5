import type { Kysely } from "kysely";
import type { SpendingLimits } from "../../rules/spending-limits.js";
import { AWAITING_APPROVAL } from "../domain/spending-limits.js";
import { heldOrderEndedMail, orderApprovedMail, orderRejectedMail } from "../mail/messages.js";
import { queueMail } from "../mail/outbox.js";
import { recordAudit, type Actor } from "./audit.js";
import { releaseCouponUse, returnStock } from "./backoffice/orders.js";
import { releaseForPayment, type Tx } from "./orders.js";
import type { DB, OrderRow } from "./schema.js";
import { companyAdmins, personName, userLanguage, type MailContext } from "./spending.js";

// Order approval (issue 21, part 1; decision 043): the orders of a company that await an
// ADMIN's decision, the decision itself, and the spending limits of a company user.

/** The company's orders awaiting approval, oldest first (the queue an ADMIN works through). */
export async function awaitingApproval(
  db: Kysely<DB>,
  companyId: number,
  page: { limit: number; offset: number },
) {
  const base = db
    .selectFrom("orders")
    .where("company_id", "=", companyId)
    .where("state", "=", AWAITING_APPROVAL);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("checkout_completed_at")
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many orders of the company await approval (the account area's badge). */
export async function awaitingApprovalCount(db: Kysely<DB>, companyId: number) {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("company_id", "=", companyId)
    .where("state", "=", AWAITING_APPROVAL)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The buyers of the given orders: id, e-mail and name, for the approvals list. */
export async function buyersOf(db: Kysely<DB>, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom("shop_users")
    .select(["id", "email", "first_name", "last_name", "order_limit", "monthly_limit"])
    .where("id", "in", userIds)
    .execute();
}

/**
 * A placed order of the company by token, its row locked for the decision; undefined for a
 * cart or another company's order (both are nothing to decide here: 404).
 */
export async function lockPlacedOrder(tx: Tx, token: string, companyId: number) {
  return tx
    .selectFrom("orders")
    .selectAll()
    .where("token_value", "=", token)
    .where("company_id", "=", companyId)
    .where("state", "!=", "cart")
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Moves a locked order out of "awaiting approval", once: the update is conditional on the
 * state, so of two decisions at once exactly one changes the row (the other reads the decided
 * state after the lock and is refused). True when this call decided.
 */
async function decide(
  tx: Tx,
  orderId: number,
  set: Partial<Pick<OrderRow, "state" | "payment_state" | "shipping_state" | "approval_reason">> & {
    approval_state: "approved" | HeldOrderEnd["kind"];
    approval_decided_by: number | null;
    approval_decided_at: Date;
  },
) {
  const changed = await tx
    .updateTable("orders")
    .set({ ...set, updated_at: set.approval_decided_at })
    .where("id", "=", orderId)
    .where("state", "=", AWAITING_APPROVAL)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

async function buyerAndDecider(tx: Tx, buyerId: number, deciderId: number) {
  const rows = await tx
    .selectFrom("shop_users")
    .select(["id", "email", "first_name", "last_name", "locale_code"])
    .where("id", "in", [buyerId, deciderId])
    .execute();
  return {
    buyer: rows.find((r) => r.id === buyerId)!,
    decider: rows.find((r) => r.id === deciderId)!,
  };
}

/**
 * Approves a locked order awaiting approval: it becomes `new` like any order just placed, its
 * payments due from now (an invoice by the company's terms; a card's balance at once, which the
 * buyer is mailed to pay in the account's payments) and its shipments ready. Audited; the buyer
 * is mailed. False when it was decided already.
 */
export async function approveOrder(
  tx: Tx,
  order: OrderRow,
  deciderId: number,
  mail: MailContext,
): Promise<boolean> {
  const now = new Date();
  const decided = await decide(tx, order.id, {
    state: "new",
    payment_state: "awaiting_payment",
    shipping_state: "ready",
    approval_state: "approved",
    approval_decided_by: deciderId,
    approval_decided_at: now,
  });
  if (!decided) return false;
  await releaseForPayment(tx, order, now);
  const card = await tx
    .selectFrom("payments as p")
    .innerJoin("payment_methods as m", "m.code", "p.method_code")
    .select("p.id")
    .where("p.order_id", "=", order.id)
    .where("m.kind", "=", "card")
    .executeTakeFirst();
  const actor: Actor = { type: "user", id: deciderId };
  await recordAudit(tx, {
    actor,
    companyId: order.company_id,
    entityType: "order",
    entityId: order.id,
    action: "approval.approve",
    before: { state: AWAITING_APPROVAL, number: order.number },
    after: { state: "new", paymentState: "awaiting_payment", payByCard: card !== undefined },
  });
  const { buyer, decider } = await buyerAndDecider(tx, order.shop_user_id, deciderId);
  await queueMail(
    tx,
    orderApprovedMail(userLanguage(buyer.locale_code), {
      to: buyer.email,
      brandName: mail.brandName,
      number: order.number ?? "",
      approver: personName(decider),
      link: `${mail.publicUrl}/shop/account/${card ? "payments" : "order-history"}`,
      card: card !== undefined,
    }),
  );
  return true;
}

/**
 * Rejects a locked order awaiting approval with the ADMIN's reason: it is cancelled as
 * endHeldOrder cancels, and the buyer is mailed the reason. False when it was decided already.
 */
export function rejectOrder(
  tx: Tx,
  order: OrderRow,
  deciderId: number,
  reason: string,
  mail: MailContext,
): Promise<boolean> {
  return endHeldOrder(tx, order, { kind: "rejected", deciderId, reason }, mail);
}

/** How a held order ends without being approved. */
export type HeldOrderEnd =
  /** An ADMIN of the company rejected it, with a reason for the buyer. */
  | { kind: "rejected"; deciderId: number; reason: string }
  /** The brand's staff withdrew it (issue 32, finding B), with an optional reason. */
  | { kind: "withdrawn"; staff: Actor; reason: string | null }
  /** Nobody decided within the days the configuration allows (issue 32, finding B). */
  | { kind: "expired"; days: number };

/**
 * Ends a locked order awaiting approval without approving it: it is cancelled, its coupon's use
 * and its stock given back, its payments and shipments cancelled (nothing was paid or shipped).
 * Audited with the stock returned. A rejection mails the buyer the ADMIN's reason; a
 * withdrawal or an expiry mails the buyer and the company's other ADMINs, each in their
 * language. False when it was decided already (exactly one way out wins).
 */
export async function endHeldOrder(
  tx: Tx,
  order: OrderRow,
  end: HeldOrderEnd,
  mail: MailContext,
): Promise<boolean> {
  const now = new Date();
  const decided = await decide(tx, order.id, {
    state: "cancelled",
    payment_state: "cancelled",
    shipping_state: "cancelled",
    approval_state: end.kind,
    approval_reason: end.kind === "expired" ? null : end.reason,
    approval_decided_by: end.kind === "rejected" ? end.deciderId : null,
    approval_decided_at: now,
  });
  if (!decided) return false;
  const couponReleased = await releaseCouponUse(tx, order);
  const returned = await returnStock(tx, order.id);
  await tx
    .updateTable("payments")
    .set({ state: "cancelled", updated_at: now })
    .where("order_id", "=", order.id)
    .execute();
  await tx
    .updateTable("shipments")
    .set({ state: "cancelled" })
    .where("order_id", "=", order.id)
    .execute();
  const actor: Actor =
    end.kind === "rejected"
      ? { type: "user", id: end.deciderId }
      : end.kind === "withdrawn"
        ? end.staff
        : { type: "system", id: null };
  await recordAudit(tx, {
    actor,
    companyId: order.company_id,
    entityType: "order",
    entityId: order.id,
    action: {
      rejected: "approval.reject",
      withdrawn: "approval.withdraw",
      expired: "approval.expire",
    }[end.kind],
    before: { state: AWAITING_APPROVAL, number: order.number },
    after: {
      state: "cancelled",
      ...(end.kind === "expired" ? { days: end.days } : { reason: end.reason }),
      returnedStock: returned.map((i) => ({ variant: i.variant_code, quantity: i.quantity })),
      ...(couponReleased ? { couponReleased } : {}),
    },
  });
  if (end.kind === "rejected") {
    const { buyer, decider } = await buyerAndDecider(tx, order.shop_user_id, end.deciderId);
    await queueMail(
      tx,
      orderRejectedMail(userLanguage(buyer.locale_code), {
        to: buyer.email,
        brandName: mail.brandName,
        number: order.number ?? "",
        approver: personName(decider),
        reason: end.reason,
      }),
    );
    return true;
  }
  const [buyer, admins] = await Promise.all([
    tx
      .selectFrom("shop_users")
      .select(["email", "locale_code"])
      .where("id", "=", order.shop_user_id)
      .executeTakeFirstOrThrow(),
    companyAdmins(tx, order.company_id, order.shop_user_id),
  ]);
  for (const to of [buyer, ...admins]) {
    await queueMail(
      tx,
      heldOrderEndedMail(userLanguage(to.locale_code), {
        to: to.email,
        brandName: mail.brandName,
        number: order.number ?? "",
        end: end.kind,
        reason: end.kind === "withdrawn" ? end.reason : null,
        days: end.kind === "expired" ? end.days : null,
        link: `${mail.publicUrl}/shop/account/order-history`,
      }),
    );
  }
  return true;
}

/**
 * Ends every order that has awaited approval longer than `days` (issue 32, finding B), each in
 * its own transaction under its row lock, so a decision taken meanwhile wins. Answers how many
 * expired. Safe to run on several processes at once: an order ends once.
 */
export async function expireHeldOrders(
  db: Kysely<DB>,
  days: number,
  mail: MailContext,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const due = await db
    .selectFrom("orders")
    .select(["token_value", "company_id"])
    .where("state", "=", AWAITING_APPROVAL)
    .where("checkout_completed_at", "<", before)
    .orderBy("checkout_completed_at")
    .limit(500)
    .execute();
  let expired = 0;
  for (const row of due) {
    const ended = await db.transaction().execute(async (tx) => {
      const order = await lockPlacedOrder(tx, row.token_value, row.company_id);
      if (!order || order.state !== AWAITING_APPROVAL) return false;
      return endHeldOrder(tx, order, { kind: "expired", days }, mail);
    });
    if (ended) expired += 1;
  }
  return expired;
}

/** Sets a company user's spending limits; answers the row. */
export async function setSpendingLimits(tx: Tx, userId: number, limits: SpendingLimits) {
  return tx
    .updateTable("shop_users")
    .set({ order_limit: limits.perOrder, monthly_limit: limits.perMonth })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

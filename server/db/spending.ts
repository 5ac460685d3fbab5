import { sql, type Kysely, type Transaction } from "kysely";
import { supportedLanguage } from "../core/i18n.js";
import { formatMoney } from "../../rules/format.js";
import { approvalRequestedMail } from "../mail/messages.js";
import { queueMail } from "../mail/outbox.js";
import { ROLES } from "../../rules/permissions.js";
import {
  exceededLimits,
  type LimitExceeded,
  type SpendingLimits,
} from "../../rules/spending-limits.js";
import { AWAITING_APPROVAL, limitsApply, monthStart } from "../domain/spending-limits.js";
import { recordAudit, type Actor } from "./audit.js";
import type { DB, OrderRow } from "./schema.js";

type Tx = Transaction<DB>;

/**
 * A namespace of PostgreSQL advisory locks (two-key form): one lock per buyer serialises the
 * completions of one user's carts while their month's spending is summed (decision 043). An
 * advisory lock rather than the user's row: removing a user locks that row and then deletes its
 * carts, which completion locks first; an advisory lock is taken by nothing else, so no cycle.
 */
const SPENDING_LOCK = 43;

/** Where mails about approvals link to, and the brand they are signed with. */
export interface MailContext {
  publicUrl: string;
  brandName: string;
}

export interface SpendingCheck {
  exceeded: LimitExceeded[];
  limits: SpendingLimits;
  /** What the buyer's other orders placed this calendar month total (0 when not summed). */
  spentThisMonth: number;
}

/**
 * Which of the buyer's spending limits the locked, recalculated cart exceeds. Without a monthly
 * limit this is arithmetic on what completion read; with one, the buyer's completions are
 * serialised (advisory lock held to the end of the transaction) and the month's other orders
 * summed after the lock, so two parallel orders crossing the limit cannot both pass.
 */
export async function checkSpending(
  tx: Tx,
  order: Pick<OrderRow, "id" | "shop_user_id" | "total">,
  buyer: { roles: string[]; limits: SpendingLimits },
  now = new Date(),
): Promise<SpendingCheck> {
  const none = { exceeded: [], limits: buyer.limits, spentThisMonth: 0 };
  if (!limitsApply(buyer.roles)) return none;
  if (buyer.limits.perOrder === null && buyer.limits.perMonth === null) return none;
  if (buyer.limits.perMonth === null)
    return { ...none, exceeded: exceededLimits(buyer.limits, order.total, 0) };
  await lockBuyerSpending(tx, order.shop_user_id);
  // Read after the lock: the limits as they are now, and every order placed before it.
  return spendingNow(tx, order, now);
}

/**
 * Serialises the completions of one buyer's carts to the end of the transaction (the advisory
 * lock above); taken again in one transaction it is a no-op.
 */
export async function lockBuyerSpending(tx: Tx, userId: number) {
  await sql`select pg_advisory_xact_lock(${SPENDING_LOCK}::int, ${userId}::int)`.execute(tx);
}

/**
 * How many orders `userId` has awaiting approval, counted under the buyer's spending lock so
 * two parallel completions cannot both take the last place (issue 32, finding B).
 */
export async function heldOrdersOf(tx: Tx, userId: number): Promise<number> {
  await lockBuyerSpending(tx, userId);
  const row = await tx
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("shop_user_id", "=", userId)
    .where("state", "=", AWAITING_APPROVAL)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The buyer's limits as they are now and which of them `order` (a cart, at its current total)
 * exceeds with the other orders placed this calendar month; one statement, no lock (the card
 * dialog's look-ahead: completion decides again under the lock).
 */
export async function spendingNow(
  db: Kysely<DB>,
  order: Pick<OrderRow, "id" | "shop_user_id" | "total">,
  now = new Date(),
): Promise<SpendingCheck> {
  const row = await db
    .selectFrom("shop_users")
    .select(["order_limit", "monthly_limit", "roles"])
    .select(monthSpending(db, order.shop_user_id, now, order.id).as("spent"))
    .where("id", "=", order.shop_user_id)
    .executeTakeFirstOrThrow();
  const limits = { perOrder: row.order_limit, perMonth: row.monthly_limit };
  if (!limitsApply(row.roles)) return { exceeded: [], limits, spentThisMonth: 0 };
  const spent = Number(row.spent ?? 0);
  return { exceeded: exceededLimits(limits, order.total, spent), limits, spentThisMonth: spent };
}

/** What the buyer's orders placed in `now`'s calendar month total (minor units). */
export async function spentThisMonth(db: Kysely<DB>, userId: number, now = new Date()) {
  const row = await monthSpending(db, userId, now).executeTakeFirstOrThrow();
  return Number(row.spent);
}

/**
 * The sum of the buyer's orders placed in `now`'s calendar month, apart from `exceptOrderId`:
 * carts and cancelled (rejected) orders do not count; held ones do. A query or a subquery.
 */
function monthSpending(db: Kysely<DB>, userId: number, now: Date, exceptOrderId?: number) {
  return db
    .selectFrom("orders")
    .select((e) => e.fn.coalesce(e.fn.sum<number>("total"), sql<number>`0`).as("spent"))
    .where("shop_user_id", "=", userId)
    .$if(exceptOrderId !== undefined, (q) => q.where("id", "!=", exceptOrderId!))
    .where("checkout_completed_at", ">=", monthStart(now))
    .where("state", "not in", ["cart", "cancelled"]);
}

/** An amount as mails show it, in the reader's language: "€1,234.50", "1.234,50 €". */
export const mailAmount = (minor: number, currency: string, language: string) =>
  formatMoney(minor, currency, language);

/** A user as mails name them: their name, else their e-mail. */
export const personName = (u: {
  first_name: string | null;
  last_name: string | null;
  email: string;
}) => [u.first_name, u.last_name].filter((x) => x && x.trim() !== "").join(" ") || u.email;

/** The language of a user's locale ("de_DE" → "de"), English when it is not one of ours. */
export const userLanguage = (localeCode: string) => supportedLanguage(localeCode) ?? "en";

/**
 * An order was just placed awaiting approval: the audit line says which limits it exceeded,
 * and every active ADMIN of the company other than the buyer gets a mail in their language.
 */
export async function requestApproval(
  tx: Tx,
  placed: OrderRow,
  check: SpendingCheck,
  actor: Actor,
  mail: MailContext,
) {
  await recordAudit(tx, {
    actor,
    companyId: placed.company_id,
    entityType: "order",
    entityId: placed.id,
    action: "approval.request",
    before: { state: "cart" },
    after: {
      number: placed.number,
      state: AWAITING_APPROVAL,
      total: placed.total,
      exceeded: check.exceeded,
      limits: check.limits,
      spentThisMonth: check.spentThisMonth,
    },
  });
  const [buyer, admins] = await Promise.all([
    tx
      .selectFrom("shop_users")
      .select(["email", "first_name", "last_name"])
      .where("id", "=", placed.shop_user_id)
      .executeTakeFirstOrThrow(),
    companyAdmins(tx, placed.company_id, placed.shop_user_id),
  ]);
  for (const admin of admins) {
    const language = userLanguage(admin.locale_code);
    await queueMail(
      tx,
      approvalRequestedMail(language, {
        to: admin.email,
        brandName: mail.brandName,
        number: placed.number ?? "",
        buyer: personName(buyer),
        total: mailAmount(placed.total, placed.currency_code, language),
        link: `${mail.publicUrl}/shop/account/approvals`,
      }),
    );
  }
}

/** The company's active ADMINs who can sign in, but `except` (the buyer). */
export async function companyAdmins(db: Kysely<DB>, companyId: number, except: number) {
  return db
    .selectFrom("shop_users")
    .select(["id", "email", "locale_code"])
    .where("company_id", "=", companyId)
    .where("enabled", "=", true)
    .where("password_hash", "is not", null)
    .where("id", "!=", except)
    .where(sql<boolean>`${ROLES.admin} = any(roles)`)
    .orderBy("id")
    .execute();
}

import type { Kysely, Transaction } from "kysely";
import { removalMode } from "../../domain/team.js";
import type { DB } from "../schema.js";

type Tx = Transaction<DB>;

/**
 * Locks the acting admin's row and the target user's row, in id order so that two admins
 * acting on each other at once cannot deadlock, and answers both as they are now. Re-reading
 * the actor under the lock is what keeps a company from losing its last admin: when two admins
 * demote or remove each other at the same moment, the second finds it is no longer an admin.
 */
export async function lockActorAndTarget(tx: Tx, actorId: number, targetId: number) {
  const rows = await tx
    .selectFrom("shop_users")
    .selectAll()
    .where("id", "in", [actorId, targetId])
    .orderBy("id")
    .forUpdate()
    .execute();
  return {
    actor: rows.find((r) => r.id === actorId),
    target: rows.find((r) => r.id === targetId),
  };
}

/**
 * Removes a company user (see `removalMode`): their carts, idempotency keys, invitations and
 * password resets go in every case; a user who owns nothing the company keeps is then deleted,
 * one with placed orders or saved lists is disabled and loses their password, so those keep
 * pointing at a real user while the person can never sign in again.
 */
export async function removeShopUser(tx: Tx, userId: number): Promise<"delete" | "disable"> {
  const placed = await tx
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("shop_user_id", "=", userId)
    .where("state", "!=", "cart")
    .executeTakeFirstOrThrow();
  const lists = await tx
    .selectFrom("shopping_lists")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("shop_user_id", "=", userId)
    .executeTakeFirstOrThrow();
  // Items, payments and shipments of the carts go with them (on delete cascade).
  await tx
    .deleteFrom("orders")
    .where("shop_user_id", "=", userId)
    .where("state", "=", "cart")
    .execute();
  await tx.deleteFrom("idempotency_keys").where("shop_user_id", "=", userId).execute();
  await tx.deleteFrom("invitations").where("shop_user_id", "=", userId).execute();
  await tx.deleteFrom("password_resets").where("shop_user_id", "=", userId).execute();
  const mode = removalMode({ placedOrders: Number(placed.n), shoppingLists: Number(lists.n) });
  if (mode === "delete") {
    await tx.deleteFrom("shop_users").where("id", "=", userId).execute();
  } else {
    await tx
      .updateTable("shop_users")
      .set({ enabled: false, password_hash: null })
      .where("id", "=", userId)
      .execute();
  }
  return mode;
}

/** The company's active users (removed users kept for their orders are disabled: hidden). */
function members(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom("shop_users")
    .where("company_id", "=", companyId)
    .where("enabled", "=", true);
}

/** A page of the company's active users, oldest first, and how many there are in all. */
export async function memberPage(
  db: Kysely<DB>,
  companyId: number,
  page: { limit: number; offset: number },
) {
  const [count, rows] = await Promise.all([
    members(db, companyId)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    members(db, companyId)
      .selectAll()
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** An active user of the company; undefined for anyone else. */
export async function findMember(db: Kysely<DB>, companyId: number, id: number) {
  return members(db, companyId).selectAll().where("id", "=", id).executeTakeFirst();
}

/** A shop user's row by id (it must exist). */
export async function shopUserById(tx: Kysely<DB>, id: number) {
  return tx.selectFrom("shop_users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Gives a user new roles; answers the row. */
export async function setRoles(tx: Tx, id: number, roles: string[]) {
  return tx
    .updateTable("shop_users")
    .set({ roles })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

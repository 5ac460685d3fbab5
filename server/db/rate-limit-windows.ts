import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { RateLimitName } from "../config.js";
import type { DB } from "./schema.js";

/**
 * The windows of the rate limits (server/http/rate-limit.ts, decision 041) on PostgreSQL,
 * where every process on the database counts against one budget.
 */

/** One window of a rule in the table: its count and when it ends. */
interface StoredWindow {
  count: number;
  resetAt: number;
}

/** One rule's key in the table, with the length of a new window (for counting). */
export interface TableEntry {
  rule: RateLimitName;
  key: string;
  windowMs: number;
}

/** How often a process deletes ended windows from the table (on its next count). */
export const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed windows in the `rate_limits` table (migration 0010): one row per rule and key, its
 * count and end. A limited request takes its hits before it runs, in one atomic multi-row
 * upsert that returns the new counts (increment, then compare), and gives them back in one
 * more statement only when its answer does not count. Ended windows are deleted by a sweep at
 * most once a minute per process. Keys are stored as SHA-256 digests: the table holds no e-mail or address.
 */
export class TableWindows {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {}

  static digest(key: string): string {
    return createHash("sha256").update(key).digest("base64url");
  }

  private static id(rule: string, digest: string) {
    return `${rule}\u0000${digest}`;
  }

  /**
   * Takes one hit on each entry before the request runs, atomically: one upsert that raises
   * every window (an ended window starts again at 1) and returns the counts after the hit, so
   * concurrent requests from any process each see a different count and a burst cannot pass
   * the limit (security round three, finding A). By `rule` + NUL + key.
   */
  async take(entries: readonly TableEntry[]): Promise<Map<string, StoredWindow>> {
    const found = new Map<string, StoredWindow>();
    if (entries.length === 0) return found;
    const now = this.now();
    const at = new Date(now);
    const rows = new Map<string, { rule: string; key: string; count: number; reset_at: Date }>();
    const keys = new Map<string, string>();
    for (const e of entries) {
      const key = TableWindows.digest(e.key);
      keys.set(TableWindows.id(e.rule, key), e.key);
      // One row may be named once per statement (PostgreSQL refuses to update a row twice).
      rows.set(TableWindows.id(e.rule, key), {
        rule: e.rule,
        key,
        count: 1,
        reset_at: new Date(now + e.windowMs),
      });
    }
    const taken = await this.db
      .insertInto("rate_limits")
      .values([...rows.values()])
      .onConflict((oc) =>
        oc.columns(["rule", "key"]).doUpdateSet({
          count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
          reset_at: sql<Date>`case when rate_limits.reset_at <= ${at} then excluded.reset_at else rate_limits.reset_at end`,
        }),
      )
      .returning(["rule", "key", "count", "reset_at"])
      .execute();
    for (const row of taken) {
      const key = keys.get(TableWindows.id(row.rule, row.key));
      if (key === undefined) continue;
      found.set(`${row.rule}\u0000${key}`, {
        count: row.count,
        resetAt: new Date(row.reset_at).getTime(),
      });
    }
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.sweep();
    }
    return found;
  }

  /**
   * Gives back one hit taken by `take` on each entry, for a request that was refused by another
   * rule or whose answer does not count (a cart change whose coupon was accepted): one update,
   * only within the window the hit was taken in and never below zero.
   */
  async giveBack(entries: readonly { rule: RateLimitName; key: string }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .updateTable("rate_limits")
      .set({ count: sql<number>`count - 1` })
      .where("count", ">", 0)
      .where("reset_at", ">", new Date(this.now()))
      .where((eb) =>
        eb.or(
          entries.map((e) =>
            eb.and([eb("rule", "=", e.rule), eb("key", "=", TableWindows.digest(e.key))]),
          ),
        ),
      )
      .execute();
  }

  /** Ends the windows of `entries` (a successful sign-in clears its failures). */
  async clear(entries: readonly { rule: RateLimitName; key: string }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .deleteFrom("rate_limits")
      .where((eb) =>
        eb.or(
          entries.map((e) =>
            eb.and([eb("rule", "=", e.rule), eb("key", "=", TableWindows.digest(e.key))]),
          ),
        ),
      )
      .execute();
  }

  /** Deletes every window that has ended; the number deleted. */
  async sweep(): Promise<number> {
    const result = await this.db
      .deleteFrom("rate_limits")
      .where("reset_at", "<=", new Date(this.now()))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

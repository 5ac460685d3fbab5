import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { preparedStatements } from "../../server/db/database.js";
import type { DB } from "../../server/db/schema.js";
import { clonePostgresTemplate } from "../support/test-app.js";

/**
 * Decision 049: statements with parameters go to PostgreSQL as named prepared statements,
 * parsed and planned once per connection. What the server sees in pg_prepared_statements of
 * the connection itself (one connection in the pool, so every call shares it).
 */
describe.skipIf(!inject("pgUrl"))("prepared statements on PostgreSQL", () => {
  let clone: Awaited<ReturnType<typeof clonePostgresTemplate>>;
  let db: Kysely<DB>;
  const open = (max?: number) =>
    new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: preparedStatements(new pg.Pool({ connectionString: clone.url, max: 1 }), max),
      }),
    });
  /** Our statements prepared on the connection: text, and how often each was planned. */
  const prepared = async (on: Kysely<DB>) =>
    (
      await sql<{
        statement: string;
        plans: number;
      }>`select statement, generic_plans + custom_plans as plans from pg_prepared_statements where not from_sql order by prepare_time`.execute(
        on,
      )
    ).rows;

  beforeAll(async () => {
    clone = await clonePostgresTemplate();
    db = open();
  });
  afterAll(async () => {
    await db?.destroy();
    await clone?.drop();
  });

  it("prepares a statement with parameters once and runs it again by name", async () => {
    const byEmail = (email: string) =>
      db.selectFrom("shop_users").select(["email"]).where("email", "=", email).execute();
    expect(await byEmail("buyer@demo-spa.example")).toEqual([{ email: "buyer@demo-spa.example" }]);
    expect(await byEmail("nobody@example.com")).toEqual([]);
    expect(await byEmail("admin@demo-spa.example")).toHaveLength(1);
    const ours = (await prepared(db)).filter((p) => p.statement.includes('from "shop_users"'));
    expect(ours).toHaveLength(1);
    expect(Number(ours[0]!.plans)).toBe(3);
  });

  it("keeps begin and commit, which have no parameters, unnamed; a failed transaction leaves the connection usable", async () => {
    await db.transaction().execute(async (trx) => {
      await trx
        .selectFrom("shop_users")
        .select("id")
        .where("email", "=", "x@example.com")
        .execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select 1 / ${0}::int`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    const statements = (await prepared(db)).map((p) => p.statement);
    expect(statements.some((s) => /^(begin|commit|rollback)/i.test(s))).toBe(false);
    expect(statements.filter((s) => s.includes("1 / $1"))).toHaveLength(1);
    // The same connection (the pool has one) answers after the rollback.
    expect((await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db)).rows).toEqual([
      { n: 42 },
    ]);
  });

  it("names at most `max` distinct statements per process; the others run unnamed", async () => {
    const small = open(2);
    try {
      for (const n of [1, 2, 3, 4]) {
        const rows = await sql<{ n: number }>`select ${n}::int as n, ${sql.lit(n)} as k`.execute(
          small,
        );
        expect(rows.rows).toEqual([{ n, k: n }]);
      }
      const texts = (await prepared(small)).map((p) => p.statement);
      expect(texts).toHaveLength(2);
      expect(texts[0]).toContain("as n, 1 as k");
      expect(texts[1]).toContain("as n, 2 as k");
    } finally {
      await small.destroy();
    }
  });

  it("prepares afresh a statement whose columns a migration changed, inside a transaction on the next call", async () => {
    const one = open();
    const other = new pg.Client({ connectionString: clone.url });
    await other.connect();
    try {
      const read = (on: Kysely<DB> = one) =>
        on.selectFrom("currencies").selectAll().where("code", "=", "EUR").execute();
      expect(await read()).toEqual([{ code: "EUR" }]);
      // A newer process's migration, on another connection, adds a column under the statement.
      await other.query("alter table currencies add column symbol text not null default '€'");
      // Outside a transaction: refused by PostgreSQL, prepared again and answered at once.
      expect(await read()).toEqual([{ code: "EUR", symbol: "€" }]);
      await other.query("alter table currencies drop column symbol");
      // Inside one: the transaction fails as a failed statement fails it; the next one works.
      await expect(one.transaction().execute((trx) => read(trx))).rejects.toThrow(
        /cached plan must not change result type/,
      );
      expect(await one.transaction().execute((trx) => read(trx))).toEqual([{ code: "EUR" }]);
    } finally {
      await other.end();
      await one.destroy();
    }
  });
});

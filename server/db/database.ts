import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import {
  Kysely,
  PostgresDialect,
  type LogEvent,
  type PostgresPool,
  type PostgresPoolClient,
} from "kysely";
import pg from "pg";
import { PGliteDialect } from "./pglite-dialect.js";
import type { DB } from "./schema.js";

export type Backend = "pglite" | "postgres";

/** Called after every statement (tests count statements with it to catch N+1 queries). */
export type StatementLog = (event: LogEvent) => void;

export interface Database {
  db: Kysely<DB>;
  backend: Backend;
  close(): Promise<void>;
}

const INT8 = 20;
// int8 (counts, sums) as numbers: every value here is money in minor units or a count, far
// below 2^53, and one numeric type for both backends keeps the code free of conversions.
pg.types.setTypeParser(INT8, (v) => Number(v));

/**
 * Opens a PostgreSQL server database through a connection pool; statements with parameters
 * are prepared by name unless `preparedStatements` is false (decision 049).
 */
export function openPostgres(
  url: string,
  poolSize = 10,
  log?: StatementLog,
  opts: { preparedStatements?: boolean } = {},
): Database {
  // A server that cannot be reached must fail a request within seconds (503), not hang it.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection the server drops (restart, failover, admin command) is reported here;
  // without a listener Node treats it as uncaught and the process dies. The pool replaces the
  // connection on the next query, and a query that fails meanwhile answers 503.
  pool.on("error", (error) => {
    console.error(`PostgreSQL connection lost: ${error.message}`);
  });
  // The pool listens only while a connection is idle: one in use when the server goes away
  // emits "Connection terminated unexpectedly" on the client, which without a listener kills
  // the process. Its query fails anyway (answered 503) and the pool drops the dead connection.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      console.error(`PostgreSQL connection lost during a query: ${error.message}`);
    });
  });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: opts.preparedStatements === false ? pool : preparedStatements(pool),
    }),
    log,
  });
  return { db, backend: "postgres", close: () => db.destroy() };
}

/** How many distinct statements one process prepares at most (decision 049). */
export const PREPARED_STATEMENTS_MAX = 500;

/**
 * The pool as kysely sees it, with every statement that has parameters sent as a named
 * prepared statement (decision 049): PostgreSQL parses and plans it once per connection instead
 * of on every call. A statement's name is given by its text, the same on every connection of
 * the process; statements without parameters (`begin`, `commit`) keep the simple protocol, and
 * past `max` distinct texts (lists of varying length make new texts) the rest go unnamed, so
 * neither this process nor a PostgreSQL backend collects statements forever.
 *
 * A prepared statement whose result columns changed under it (a migration run by a newer
 * process added a column to a `select *`) fails with "cached plan must not change result
 * type": the text then gets a new name, prepared afresh; outside a transaction the statement
 * is sent again at once, inside one the transaction fails as any failed statement fails it.
 */
export function preparedStatements(pool: pg.Pool, max = PREPARED_STATEMENTS_MAX): PostgresPool {
  const names = new Map<string, string>();
  let named = 0;
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `s${++named}`;
      names.set(text, name);
    }
    return name;
  };
  // kysely hands every call a fresh array of its own: passed on as it is, not copied.
  const run = (client: pg.PoolClient, text: string, values: unknown[]) =>
    client.query(values.length > 0 ? { name: nameOf(text), text, values } : { text, values });
  // One wrapper per pooled connection: kysely keys its connection state by the client object.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        const query = async (text: string | pg.Submittable, values: readonly unknown[] = []) => {
          // A cursor (kysely's streaming) is passed through.
          if (typeof text !== "string") return client.query(text);
          try {
            return await run(client, text, values as unknown[]);
          } catch (error) {
            // Forgotten, the text is named afresh on its next run (here, or the next call's).
            if (!isStalePlan(error) || !names.delete(text)) throw error;
            // "I": idle, the failed statement was not part of a transaction.
            if (client.getTransactionStatus() !== "I") throw error;
            return run(client, text, values as unknown[]);
          }
        };
        // kysely releases with `true` to destroy a connection left unusable (a failed rollback).
        const release = (destroy?: boolean) => client.release(destroy);
        wrapper = { query, release } as unknown as PostgresPoolClient;
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/**
 * PostgreSQL's refusal to run a prepared statement whose result columns changed: feature not
 * supported (0A000) from the plan cache's revalidation (the message may be translated).
 */
function isStalePlan(error: unknown): boolean {
  const e = error as { code?: string; routine?: string; message?: string } | null;
  return (
    e?.code === "0A000" &&
    (e.routine === "RevalidateCachedQuery" ||
      /cached plan must not change result type/.test(e.message ?? ""))
  );
}

/**
 * PostgreSQL settings of the embedded database (docs/decisions/048-pglite-memory.md). PGlite's
 * defaults are a server's: 128 MB of shared buffers, which a PGlite process touches as it reads
 * and keeps resident in its WebAssembly memory for good. The demo data is a few MB of tables; 16
 * MB of buffers hold it with room, and every read past them is a read of the operating system's
 * file cache. `max_connections` sizes the per-backend arrays in shared memory: PGlite is one
 * single-user backend.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB", "max_connections=10"];

/** Opens (or creates) the embedded PGlite database in `dataDir`, or from a dumped data dir. */
export async function openPGlite(
  source: { dataDir: string } | { dump: Blob } | { memory: true },
  log?: StatementLog,
): Promise<Database & { pglite: PGlite }> {
  const options = {
    parsers: { [INT8]: (v: string) => Number(v) },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ["-c", s])],
  };
  let pglite: PGlite;
  if ("dataDir" in source) {
    mkdirSync(source.dataDir, { recursive: true });
    pglite = await PGlite.create({ dataDir: source.dataDir, ...options });
  } else if ("dump" in source) {
    pglite = await PGlite.create({ loadDataDir: source.dump, ...options });
  } else {
    pglite = await PGlite.create(options);
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), log });
  return {
    db,
    pglite,
    backend: "pglite",
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

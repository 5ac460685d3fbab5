import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, type LogEvent } from "kysely";
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

/** Opens a PostgreSQL server database through a connection pool. */
export function openPostgres(url: string, poolSize = 10, log?: StatementLog): Database {
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
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  return { db, backend: "postgres", close: () => db.destroy() };
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

import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGliteDialect } from "./pglite-dialect.js";
import type { DB } from "./schema.js";

export type Backend = "pglite" | "postgres";

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
export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops (restart, failover, admin command) is reported here;
  // without a listener Node treats it as uncaught and the process dies. The pool replaces the
  // connection on the next query, and a query that fails meanwhile answers 503.
  pool.on("error", (error) => {
    console.error(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, backend: "postgres", close: () => db.destroy() };
}

/** Opens (or creates) the embedded PGlite database in `dataDir`, or from a dumped data dir. */
export async function openPGlite(
  source: { dataDir: string } | { dump: Blob } | { memory: true },
): Promise<Database & { pglite: PGlite }> {
  const parsers = { [INT8]: (v: string) => Number(v) };
  let pglite: PGlite;
  if ("dataDir" in source) {
    mkdirSync(source.dataDir, { recursive: true });
    pglite = await PGlite.create({ dataDir: source.dataDir, parsers });
  } else if ("dump" in source) {
    pglite = await PGlite.create({ loadDataDir: source.dump, parsers });
  } else {
    pglite = await PGlite.create({ parsers });
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
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

import { join } from "node:path";
import type { ServerConfig } from "../config.js";
import { openPGlite, openPostgres, type Database } from "./database.js";
import { migrateToLatest } from "./migrate.js";
import { isEmpty, seed } from "./seed/seed.js";

/**
 * The configured database, migrated, and seeded with the demo data when it is empty: a
 * PostgreSQL server when DATABASE_URL is set, else PGlite in DATA_DIR.
 */
export async function openDatabase(
  config: ServerConfig,
  opts: { seedIfEmpty?: boolean } = {},
): Promise<Database> {
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, 10, undefined, {
        preparedStatements: config.preparedStatements,
      })
    : await openPGlite({ dataDir: join(config.dataDir) });
  try {
    await migrateToLatest(database.db);
    if (opts.seedIfEmpty !== false && (await isEmpty(database.db))) {
      await seed(database.db, { brandName: config.brandName });
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

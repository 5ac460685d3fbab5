import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";

const folder = fileURLToPath(new URL("./migrations/", import.meta.url));

/**
 * Migrations are committed SQL files (`NNNN_name.sql`), read in name order. Each file is one
 * migration; its statements are split on the drizzle-style breakpoint marker because PGlite's
 * extended protocol takes one statement per query.
 */
class SqlFileProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      const statements = readFileSync(folder + file, "utf8")
        .split("--> statement-breakpoint")
        .map((s) => s.trim())
        .filter((s) => s.replace(/--.*$/gm, "").trim().length > 0);
      migrations[file.replace(/\.sql$/, "")] = {
        async up(db: Kysely<unknown>) {
          for (const statement of statements) await sql.raw(statement).execute(db);
        },
      };
    }
    return migrations;
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be migrated
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPGlite, openPostgres } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { seed } from "../../server/db/seed/seed.js";
import { pgAvailable, startPgCluster, type PgCluster } from "./pg-cluster.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** File holding a dumped, migrated and seeded PGlite data dir. */
    pgliteTemplate: string;
    /** Superuser URL of the throwaway PostgreSQL cluster, or "" when none runs. */
    pgUrl: string;
    /** Name of the migrated, seeded template database on that cluster. */
    pgTemplate: string;
  }
}

export const PG_TEMPLATE = "portal_template";

/**
 * Once per test run: a migrated, seeded PGlite database dumped to a file (each test file
 * loads it in ~0.3 s instead of creating and seeding one in seconds), and a throwaway
 * PostgreSQL cluster with a seeded template database that test files clone with
 * CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "portal-tests-"));
  const pglite = await openPGlite({ memory: true });
  await migrateToLatest(pglite.db);
  await seed(pglite.db, { brandName: "Lumé Atelier" });
  const dump = await pglite.pglite.dumpDataDir("none");
  await pglite.close();
  const file = join(folder, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);

  let cluster: PgCluster | undefined;
  if (pgAvailable()) {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create database ${PG_TEMPLATE}`);
    await admin.end();
    const database = openPostgres(cluster.urlFor(PG_TEMPLATE), 2);
    await migrateToLatest(database.db);
    await seed(database.db, { brandName: "Lumé Atelier" });
    await database.close();
    project.provide("pgUrl", cluster.url);
  } else if (process.env.CI) {
    throw new Error("PostgreSQL server binaries are required in CI (apt-get install postgresql)");
  } else {
    console.warn("PostgreSQL not found: the PostgreSQL half of the API suite is skipped.");
    project.provide("pgUrl", "");
  }
  project.provide("pgTemplate", PG_TEMPLATE);

  return async () => {
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}

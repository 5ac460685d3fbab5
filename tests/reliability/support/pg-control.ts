import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { PgCluster } from "../../support/pg-cluster.js";

const run = promisify(execFile);

function binDir(): string {
  const isBin = (dir: string | undefined): dir is string =>
    dir !== undefined && dir !== "" && existsSync(join(dir, "pg_ctl"));
  if (isBin(process.env.PG_BIN)) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      if (isBin(join(root, version, "bin"))) return join(root, version, "bin");
    }
  }
  for (const dir of (process.env.PATH ?? "").split(":")) if (isBin(dir)) return dir;
  throw new Error("pg-control: pg_ctl not found (set PG_BIN)");
}

/** pg_ctl on a throwaway cluster, as the postgres OS user when we are root (as pg-cluster does). */
async function pgCtl(cluster: PgCluster, args: string[]): Promise<void> {
  const pgCtlPath = join(binDir(), "pg_ctl");
  const [file, argv] =
    process.getuid?.() === 0
      ? ["runuser", ["-u", "postgres", "--", pgCtlPath, ...args]]
      : [pgCtlPath, args];
  await run(file, argv, { cwd: cluster.dataDir, timeout: 60_000 });
}

/** Stops the cluster's server at once (as a crash or a lost host would), keeping its data. */
export function stopDatabase(cluster: PgCluster): Promise<void> {
  return pgCtl(cluster, ["stop", "-m", "immediate", "-w", "-D", cluster.dataDir]);
}

/**
 * Starts the stopped cluster again with the options of its first start (`pg_ctl restart`
 * reads them from postmaster.opts), on the same port.
 */
export function startDatabase(cluster: PgCluster): Promise<void> {
  return pgCtl(cluster, [
    "restart",
    "-w",
    "-t",
    "60",
    "-D",
    cluster.dataDir,
    "-l",
    join(cluster.dataDir, "server.log"),
  ]);
}

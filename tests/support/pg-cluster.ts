/**
 * Throwaway PostgreSQL clusters for integration tests.
 *
 * Each cluster gets its own data directory and port so tests can run in
 * parallel and never touch a developer's (or the CI image's) system server.
 *
 * @module
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const execFileAsync = promisify(execFile);

/** A running, disposable PostgreSQL cluster. */
export interface PgCluster {
  /** postgres://user@127.0.0.1:port/postgres — superuser connection string to the maintenance db */
  url: string;
  port: number;
  /** Data directory (also holds the unix socket and `server.log`); removed by {@link PgCluster.stop}. */
  dataDir: string;
  /** connection string for a database name on this cluster */
  urlFor(database: string): string;
  /** stops the server (fast shutdown) and deletes the data directory; idempotent */
  stop(): Promise<void>;
}

const SUPERUSER = "postgres";
const READY_TIMEOUT_MS = 30_000;
const LOG_TAIL_LINES = 40;
// A port picked via bind-then-close can be stolen before the postmaster binds it.
const START_ATTEMPTS = 3;

let cachedBinDir: string | null | undefined;

/** True when PostgreSQL server binaries can be found on this machine. */
export function pgAvailable(): boolean {
  return findPgBinDir() !== null;
}

/**
 * Starts a throwaway cluster in a fresh temp dir on a free 127.0.0.1 port;
 * resolves when it accepts connections.
 *
 * @param opts.log - Log every statement and copy the server log to stderr on
 *   `stop()` (the data dir, and with it the log, is deleted then).
 * @throws Error carrying the failing command's stderr and the tail of the
 *   server log; nothing is left running or on disk in that case.
 */
export async function startPgCluster(opts: { log?: boolean } = {}): Promise<PgCluster> {
  const binDir = findPgBinDir();
  if (binDir === null) {
    throw new Error(
      "pg-cluster: PostgreSQL server binaries not found (set PG_BIN to the directory containing initdb and pg_ctl)",
    );
  }
  const pgCtl = path.join(binDir, "pg_ctl");
  const dataDir = mkdtempSync(path.join(tempBase(), "pg-cluster-"));
  const logFile = path.join(dataDir, "server.log");
  // Registered before anything can fail so even a half-started cluster is reaped.
  liveClusters.set(dataDir, pgCtl);
  installExitHook();

  try {
    if (isRoot()) {
      await execFileAsync("chown", ["-R", `${SUPERUSER}:${SUPERUSER}`, dataDir]);
    }
    await initCluster(binDir, dataDir);

    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await runPg(
          pgCtl,
          [
            "start",
            "-w",
            "-t",
            String(READY_TIMEOUT_MS / 1000),
            "-D",
            dataDir,
            "-l",
            logFile,
            "-o",
            serverOptions(port, dataDir, opts.log === true),
          ],
          dataDir,
        );
        break;
      } catch (err) {
        if (attempt < START_ATTEMPTS && lostPortRace(logFile)) continue;
        throw failure("pg_ctl start", err, logFile);
      }
    }

    const url = connectionUrl(port, "postgres");
    try {
      await waitUntilReady(url, READY_TIMEOUT_MS);
    } catch (err) {
      throw failure(`waiting for ${url}`, err, logFile);
    }

    let stopping: Promise<void> | undefined;
    return {
      url,
      port,
      dataDir,
      urlFor: (database) => connectionUrl(port, database),
      stop: () => (stopping ??= stopCluster(pgCtl, dataDir, logFile, opts.log === true)),
    };
  } catch (err) {
    // Read the log tail (via failure) before killSync deletes it.
    const error =
      err instanceof Error && err.message.startsWith("pg-cluster:")
        ? err
        : failure("start", err, logFile);
    killSync(pgCtl, dataDir);
    throw error;
  }
}

function connectionUrl(port: number, database: string): string {
  return `postgres://${SUPERUSER}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

function serverOptions(port: number, dataDir: string, log: boolean): string {
  // pg_ctl hands this string to /bin/sh, hence the quoting of the path.
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-p ${port}`,
    // Socket in the data dir: never collides with a system server's /var/run/postgresql.
    `-k ${shellQuote(dataDir)}`,
    // Durability is worthless for a cluster that is deleted after the run.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
    "-c shared_buffers=64MB",
  ];
  if (log) settings.push("-c log_statement=all");
  return settings.join(" ");
}

async function initCluster(binDir: string, dataDir: string): Promise<void> {
  const initdb = path.join(binDir, "initdb");
  const base = ["-D", dataDir, "-A", "trust", "-U", SUPERUSER, "--encoding=UTF8", "--no-sync"];
  try {
    await runPg(initdb, [...base, "--locale=C.UTF-8"], dataDir);
  } catch (first) {
    // C.UTF-8 is missing on e.g. macOS; initdb empties the dir on failure so a retry is safe.
    try {
      await runPg(initdb, [...base, "--locale=C"], dataDir);
    } catch (second) {
      throw failure("initdb", second, undefined, stderrOf(first));
    }
  }
}

async function stopCluster(
  pgCtl: string,
  dataDir: string,
  logFile: string,
  dumpLog: boolean,
): Promise<void> {
  let error: Error | undefined;
  // No pid file means the server is already gone; pg_ctl would just fail.
  if (existsSync(path.join(dataDir, "postmaster.pid"))) {
    try {
      await runPg(pgCtl, ["stop", "-m", "fast", "-w", "-D", dataDir], dataDir);
    } catch (err) {
      error = failure("pg_ctl stop", err, logFile);
      killSync(pgCtl, dataDir);
    }
  }
  if (dumpLog && existsSync(logFile)) {
    process.stderr.write(`--- ${logFile} ---\n${readFileSync(logFile, "utf8")}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
  liveClusters.delete(dataDir);
  if (error) throw error;
}

/** Best-effort synchronous teardown, usable from an `exit` handler. */
function killSync(pgCtl: string, dataDir: string): void {
  try {
    if (existsSync(path.join(dataDir, "postmaster.pid"))) {
      const [file, args] = asSuperuser(pgCtl, ["stop", "-m", "immediate", "-w", "-D", dataDir]);
      execFileSync(file, args, { cwd: dataDir, stdio: "ignore", timeout: 15_000 });
    }
  } catch {
    // Nothing more we can do while the process is exiting.
  }
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } catch {
    // Same as above.
  }
  liveClusters.delete(dataDir);
}

// dataDir -> pg_ctl path of clusters not yet stopped.
const liveClusters = new Map<string, string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // One shared listener avoids MaxListenersExceeded warnings with many clusters.
  // Signals that kill the process without running `exit` (SIGKILL, unhandled
  // SIGTERM) can still leak a server; handling them here would change the
  // host process's signal semantics.
  process.on("exit", () => {
    for (const [dataDir, pgCtl] of [...liveClusters]) killSync(pgCtl, dataDir);
  });
}

async function waitUntilReady(url: string, timeoutMs: number): Promise<void> {
  // pg_ctl -w only checks the pid file; TCP can still lag behind it.
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = new Error(`not ready within ${timeoutMs} ms`);
  while (Date.now() < deadline) {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 2_000,
      // A PGSSLMODE in the environment must not make us wait for TLS that never comes.
      ssl: false,
    });
    // Without a listener a late socket error would crash the test process.
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (err) {
      lastError = err;
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw lastError;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error(`pg-cluster: unexpected server address ${String(address)}`));
        return;
      }
      server.close((err) => (err ? reject(err) : resolve(address.port)));
    });
  });
}

function lostPortRace(logFile: string): boolean {
  return /could not bind|address already in use/i.test(readTail(logFile, LOG_TAIL_LINES));
}

/** Runs a PostgreSQL binary, as the postgres OS user when we are root. */
function runPg(file: string, args: string[], cwd: string) {
  const [cmd, cmdArgs] = asSuperuser(file, args);
  // cwd: the postgres user may not be able to read our cwd (e.g. /root).
  return execFileAsync(cmd, cmdArgs, { cwd, maxBuffer: 16 * 1024 * 1024 });
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** initdb refuses to run as root, so root delegates to the postgres OS user. */
function asSuperuser(file: string, args: string[]): [string, string[]] {
  if (!isRoot()) return [file, args];
  const runuser = findExecutable("runuser", ["/usr/sbin", "/sbin", "/usr/bin", "/bin"]);
  if (runuser !== null) return [runuser, ["-u", SUPERUSER, "--", file, ...args]];
  const command = ["exec", file, ...args].map((part, i) => (i === 0 ? part : shellQuote(part)));
  return ["su", [SUPERUSER, "-s", "/bin/sh", "-c", command.join(" ")]];
}

function tempBase(): string {
  const base = os.tmpdir();
  // As root the postgres user must be able to traverse every ancestor of the data dir.
  if (!isRoot() || everyoneCanTraverse(base)) return base;
  return "/tmp";
}

function everyoneCanTraverse(dir: string): boolean {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    try {
      if ((statSync(current).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    if (path.dirname(current) === current) return true;
  }
}

function findPgBinDir(): string | null {
  if (cachedBinDir === undefined) cachedBinDir = searchPgBinDir();
  return cachedBinDir;
}

function searchPgBinDir(): string | null {
  const isBinDir = (dir: string | undefined): dir is string =>
    dir !== undefined &&
    dir !== "" &&
    existsSync(path.join(dir, "initdb")) &&
    existsSync(path.join(dir, "pg_ctl"));

  const fromEnv = process.env.PG_BIN;
  if (isBinDir(fromEnv)) return fromEnv;

  // Debian/Ubuntu keep server binaries off PATH, one directory per major version.
  const debianRoot = "/usr/lib/postgresql";
  try {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = path.join(debianRoot, version, "bin");
      if (isBinDir(dir)) return dir;
    }
  } catch {
    // Not a Debian-style layout.
  }

  try {
    const dir = execFileSync("pg_config", ["--bindir"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    if (isBinDir(dir)) return dir;
  } catch {
    // pg_config not installed.
  }

  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (isBinDir(dir)) return dir;
  }
  return null;
}

function findExecutable(name: string, extraDirs: string[]): string | null {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), ...extraDirs];
  for (const dir of dirs) {
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

function stderrOf(err: unknown): string {
  if (typeof err === "object" && err !== null && "stderr" in err) {
    const { stderr } = err as { stderr: unknown };
    if (typeof stderr === "string") return stderr.trim();
    if (Buffer.isBuffer(stderr)) return stderr.toString("utf8").trim();
  }
  return "";
}

function readTail(file: string, lines: number): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

function failure(
  what: string,
  cause: unknown,
  logFile: string | undefined,
  earlierStderr = "",
): Error {
  // execFile's message repeats stderr after its first line; keep just the summary.
  const summary = cause instanceof Error ? cause.message.split("\n")[0] : String(cause);
  const parts = [`pg-cluster: ${what} failed: ${summary}`];
  if (earlierStderr !== "") parts.push(`--- stderr (first attempt) ---\n${earlierStderr}`);
  const stderr = stderrOf(cause);
  if (stderr !== "") parts.push(`--- stderr ---\n${stderr}`);
  if (logFile !== undefined) {
    const tail = readTail(logFile, LOG_TAIL_LINES);
    parts.push(
      `--- last ${LOG_TAIL_LINES} lines of ${logFile} ---\n${tail === "" ? "(empty or missing)" : tail}`,
    );
  }
  return new Error(parts.join("\n"), { cause });
}

import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The repository root (main.ts lives there). */
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** Keep the tail of the server's output for error messages, not all of it. */
const LOG_LIMIT = 64 * 1024;

/** A free TCP port on 127.0.0.1 (bind, read, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcessOptions {
  /** PostgreSQL database URL; when absent the server uses PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PGlite data folder (used when `databaseUrl` is absent). */
  dataDir?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /** How long to wait for `/health` (PGlite creates, migrates and seeds on first start). */
  startTimeoutMs?: number;
}

/**
 * The real server (`node --import tsx main.ts`, as `npm start` runs it) as a child process on a
 * fixed free port, so it can be killed and restarted on the same data and the same URL.
 */
export class ServerProcess {
  readonly port: number;
  readonly url: string;
  private child: ChildProcess | undefined;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  private output = "";

  private constructor(
    port: number,
    private readonly options: ServerProcessOptions,
  ) {
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts a server and waits until `/health` answers 200. */
  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), options);
    await server.restart();
    return server;
  }

  /** The server's process id (for /proc/<pid>/status), while it runs. */
  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  /** The last part of the server's stdout and stderr. */
  get log(): string {
    return this.output;
  }

  /** Starts the server again on the same data and port (after a kill or stop). */
  async restart(): Promise<void> {
    if (this.running) throw new Error("server-process: still running");
    this.output = "";
    const { databaseUrl, dataDir, env = {} } = this.options;
    const child = spawn(process.execPath, ["--import", "tsx", "main.ts"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/tmp",
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(this.port),
        JWT_SECRET: "reliability-secret-".padEnd(48, "x"),
        LOG_LEVEL: "warn",
        // No built web app: the tests speak to the API and /graphql only.
        STATIC_DIR: "/nonexistent-static-dir",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir ?? "" }),
        ...env,
      },
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString("utf8")).slice(-LOG_LIMIT);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    live.add(child);
    void this.exited.then(() => live.delete(child));

    const deadline = Date.now() + (this.options.startTimeoutMs ?? 120_000);
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`server-process: exited on start\n${this.output}`);
      try {
        const res = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    await this.kill();
    throw new Error(`server-process: no healthy answer in time\n${this.output}`);
  }

  /** kill -9: no handler runs, nothing is flushed or closed. Resolves when it is gone. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child!.kill("SIGKILL");
    await this.exited;
  }

  /**
   * SIGTERM (the server drains and exits). Resolves with the exit code; after `timeoutMs` the
   * process is killed and the promise rejects.
   */
  async terminate(timeoutMs = 30_000): Promise<number | null> {
    if (!this.running) return (await this.exited)?.code ?? null;
    this.child!.kill("SIGTERM");
    const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), timeoutMs).unref());
    const result = await Promise.race([this.exited!, timer]);
    if (result === "timeout") {
      await this.kill();
      throw new Error(`server-process: did not exit within ${timeoutMs} ms of SIGTERM`);
    }
    return result.code;
  }

  /** Resolves when the process has exited, with its exit code and signal. */
  whenExited() {
    return this.exited ?? Promise.resolve({ code: null, signal: null });
  }

  /** Resident memory of the server in bytes (VmRSS of /proc/<pid>/status), or undefined. */
  rss(): number | undefined {
    const pid = this.pid;
    if (pid === undefined) return undefined;
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      return match ? Number(match[1]) * 1024 : undefined;
    } catch {
      return undefined;
    }
  }
}

// Every child still running; killed when the test process exits, whatever the tests did.
const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** A JSON request with an optional bearer token; never throws on an HTTP status. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON freely
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: res.status, body, headers: res.headers };
}

/** Signs a demo user in and returns the bearer token. */
export async function signIn(base: string, email: string, password = "partner-demo") {
  const res = await call(base, "POST", "/api/v2/shop/customers/token", {
    body: { email, password },
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status}`);
  return res.body.token as string;
}

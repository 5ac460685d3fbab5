/* global setTimeout, clearTimeout, fetch */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./build.mjs";

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

/**
 * Starts the real portal (`node --import tsx main.ts`) on a free port with a fresh PGlite
 * DATA_DIR (the server seeds its demo data) serving `staticDir`; resolves once /health answers.
 * `stop()` ends the server and removes the data folder.
 */
export async function startPortal(staticDir, { timeoutMs = 300_000 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-portal-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(dataDir, "server.log"));
  const server = spawn(process.execPath, ["--import", "tsx", "main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dataDir, "db"),
      STATIC_DIR: staticDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      const timer = setTimeout(() => server.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`portal exited with ${server.exitCode}`);
      if (Date.now() > deadline) throw new Error(`portal not healthy within ${timeoutMs} ms`);
      try {
        if ((await fetch(`${baseUrl}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** Posts a GraphQL operation to the portal's gateway and returns `data` (throws on errors). */
export async function gql(baseUrl, query, variables = {}, token = null) {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors?.length) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

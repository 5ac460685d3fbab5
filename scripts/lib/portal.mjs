/* global setTimeout, clearTimeout, fetch */
// The real portal as a child process on a throwaway demo database, and Debian Chromium's flags:
// shared by the browser journeys (e2e/fixtures.ts, one portal per Playwright worker) and the
// Lighthouse benchmark (bench/pages.mjs).
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..", "..");

/** Debian's Chromium: nothing downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags for Chromium in this sandbox: no GPU, no background traffic, no first-run work. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

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

/** `promise`, or an error naming `what` after `ms`. */
export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Starts the real portal (`node --import tsx main.ts`) on a free 127.0.0.1 port with a fresh
 * PGlite DATA_DIR (the server seeds its demo data) serving `staticDir`; resolves once /health
 * answers. `stop({ keepData })` ends the server and removes the data folder (with its
 * server.log at `logPath`) unless asked to keep it.
 */
export async function startPortal(staticDir, { timeoutMs = 300_000, prefix = "portal-" } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = join(dataDir, "server.log");
  const log = createWriteStream(logPath);
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

  const stop = async ({ keepData = false } = {}) => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((ok) => server.once("exit", ok));
      server.kill("SIGTERM");
      const timer = setTimeout(() => server.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
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
      await new Promise((ok) => setTimeout(ok, 250));
    }
  } catch (error) {
    await stop({ keepData: true });
    throw new Error(`${error.message} (server log: ${logPath})`);
  }
  return { baseUrl, logPath, stop };
}

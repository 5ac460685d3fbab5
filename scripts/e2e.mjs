// Browser journeys against the real portal. Expects a built dist/ (`npm run build`); starts
// `node --import tsx main.ts` on a free 127.0.0.1 port with a throwaway DATA_DIR, runs every
// e2e/*.spec.ts in Debian's Chromium via playwright-core, and always stops both.
// Usage: [STATIC_DIR=build] node scripts/e2e.mjs [filter]   (filter: substring of a spec file or
// journey name)
/* global fetch, setTimeout, clearTimeout */
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  createWriteStream,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = resolve(import.meta.dirname, "..");
const filter = process.argv[2] ?? "";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TEST_TIMEOUT_MS = 60_000;

// STATIC_DIR: another build folder (several builds side by side); default dist/.
const distDir = resolve(process.env.STATIC_DIR ?? join(root, "dist"));
if (!existsSync(join(distDir, "index.html"))) {
  console.error(`${distDir} is missing: run \`npm run build\` first.`);
  process.exit(2);
}

register();
const { chromium } = await import("playwright-core");

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

const dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-"));
const shots = join(root, "var", "screenshots");
mkdirSync(shots, { recursive: true });
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const logPath = join(dataDir, "server.log");
const log = createWriteStream(logPath);
const server = spawn(process.execPath, ["--import", "tsx", "main.ts"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(dataDir, "db"),
    STATIC_DIR: distDir,
  },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout.pipe(log);
server.stderr.pipe(log);

let browser;
let passed = 0;
let failed = 0;
try {
  await waitForHealth(`${baseUrl}/health`, server, 120_000);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
    ],
  });
  // Black-box journeys (e2e/) and the journeys machines generate (tests/browser/).
  const specs = ["e2e", join("tests", "browser")].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith(".spec.ts"))
      .sort()
      .map((f) => join(dir, f)),
  );
  for (const file of specs) {
    const mod = await import(pathToFileURL(join(root, file)).href);
    for (const test of mod.tests ?? []) {
      const label = `${file} › ${test.name}`;
      if (filter && !label.includes(filter)) continue;
      const context = await browser.newContext({
        viewport: { width: 1366, height: 900 },
        locale: "en-US",
      });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const pageErrors = [];
      page.on("pageerror", (e) => pageErrors.push(e.message));
      const started = Date.now();
      try {
        await withTimeout(
          test.run({
            baseUrl,
            browser,
            context,
            page,
            screenshot: (name) =>
              page.screenshot({ path: join(shots, `${name}.png`), fullPage: true }),
          }),
          TEST_TIMEOUT_MS,
          label,
        );
        if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join(" | ")}`);
        passed++;
        console.log(`  ✓ ${label} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(`  ✗ ${label} (${Date.now() - started} ms)`);
        console.log(
          `    ${String(error?.stack ?? error)
            .split("\n")
            .slice(0, 6)
            .join("\n    ")}`,
        );
        await page
          .screenshot({
            path: join(shots, `failed-${file.replace(/[\\/]/g, "_")}-${passed + failed}.png`),
          })
          .catch(() => {});
      } finally {
        await context.close().catch(() => {});
      }
    }
  }
} catch (error) {
  failed++;
  console.log(`  ✗ setup: ${error?.message ?? error} (server log: ${logPath})`);
} finally {
  await browser?.close().catch(() => {});
  await stopServer(server);
  log.end();
  if (failed === 0) rmSync(dataDir, { recursive: true, force: true });
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

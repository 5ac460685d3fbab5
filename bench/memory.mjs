/* global fetch, setTimeout */
/**
 * `npm run bench:memory`: the resident memory of the server as `npm start` runs it (the compiled
 * build/server/main.js on embedded PGlite with the demo data; docs/benchmarks.md, "memory").
 *
 * Builds nothing: it runs the build/server/ and dist/ that `npm start` (or `npm run build` and
 * `npm run build:server`) left. On a fresh PGlite folder in a temporary directory it starts the
 * server twice on 127.0.0.1: the first start migrates and seeds the demo data, the second opens
 * the data that is there (every later `npm start`). Each time it waits until /health answers,
 * lets the process settle, and prints VmRSS and VmHWM from /proc/<pid>/status and the largest
 * mappings of /proc/<pid>/smaps (on Node 20 PGlite's WebAssembly memory is an anonymous mapping
 * of 128 MB of address space or more, its declared initial size, resident only where PostgreSQL
 * touched it). Then it stops the server and removes the folder. Options:
 *   --settle <s>      seconds to wait after the first answer (default 10)
 *   --node <flags>    extra node flags for the server, e.g. "--max-old-space-size=64"
 *   --env <K=V,...>   extra environment for the server (e.g. PGLITE_... settings being tried)
 *   --restart-only    skip the figures of the first start (it still seeds the data)
 *   --server <file>   another compiled entry (default build/server/main.js), e.g. a build of main
 * After the idle figures of the restart it asks for three pages (landing, sign-in, shop: server
 * rendering) and the catalogue once, settles again and prints the RSS once more, and the
 * catalogue cache's answers and bytes (from /health, which shows them to this machine).
 * Linux only (/proc).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    settle: { type: "string", default: "10" },
    node: { type: "string", default: "" },
    env: { type: "string", default: "" },
    "restart-only": { type: "boolean", default: false },
    server: { type: "string", default: path.join("build", "server", "main.js") },
  },
});
const settleMs = Number(values.settle) * 1000;
const nodeFlags = values.node.split(" ").filter(Boolean);
const extraEnv = Object.fromEntries(
  values.env
    .split(",")
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
);

const entry = path.resolve(ROOT, values.server);
const staticDir = path.join(ROOT, "dist");
for (const [file, how] of [
  [entry, "npm run build:server"],
  [path.join(staticDir, "index.html"), "npm run build"],
]) {
  if (!existsSync(file)) {
    console.error(`${path.relative(ROOT, file)} is missing: run \`${how}\` first.`);
    process.exit(2);
  }
}
if (!existsSync("/proc/self/status")) {
  console.error("bench:memory reads /proc/<pid>/status: Linux only.");
  process.exit(2);
}

/** Fields of /proc/<pid>/status, in MB. */
function status(pid) {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024;
  return {
    rss: mb("VmRSS"),
    hwm: mb("VmHWM"),
    anon: mb("RssAnon"),
    file: mb("RssFile"),
  };
}

/** The mappings of /proc/<pid>/smaps holding the most resident memory. */
function largestMappings(pid, count = 6) {
  const lines = readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n");
  const maps = [];
  let current;
  for (const line of lines) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024 / 1024;
      current = { size, name: head[3] || "[anonymous]", rss: 0 };
      maps.push(current);
    } else if (current && line.startsWith("Rss:")) {
      current.rss = Number(/(\d+)/.exec(line)[1]) / 1024;
    }
  }
  return maps
    .sort((a, b) => b.rss - a.rss)
    .slice(0, count)
    .map((m) => ({ ...m, name: path.basename(m.name) }));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let child;
const dataRoot = mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
function cleanUp() {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dataRoot, { recursive: true, force: true });
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => process.exit(130));
}

/** Starts the server, waits for /health and the settling time, measures, stops it. */
async function measure(label, visit = false) {
  const port = await freePort();
  const started = Date.now();
  const env = {
    ...process.env,
    ...extraEnv,
    DATA_DIR: path.join(dataRoot, "db"),
    STATIC_DIR: staticDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    JWT_SECRET: "bench-memory-bench-memory-bench-memory-0123456789",
    // Production needs a card provider (issue 32, finding D); nothing here pays by card.
    ADYEN_API_KEY: "bench-unused",
    ADYEN_MERCHANT_ACCOUNT: "BenchMerchant",
    ADYEN_CLIENT_KEY: "test_bench",
    ADYEN_HMAC_KEY: "00ff",
    LOG_LEVEL: "silent",
  };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, [...nodeFlags, entry], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${stderr}`);
    if (Date.now() - started > 180_000) throw new Error(`no answer in 180 s:\n${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const readyMs = Date.now() - started;
  const atReady = status(child.pid);
  await new Promise((r) => setTimeout(r, settleMs));
  const idle = status(child.pid);
  const maps = largestMappings(child.pid);
  let visited;
  if (visit) {
    for (const page of ["/", "/login", "/shop", "/api/v2/shop/taxons?itemsPerPage=50"]) {
      const res = await fetch(`http://127.0.0.1:${port}${page}`, {
        headers: { accept: "text/html,*/*", "accept-language": "de" },
      });
      if (!res.ok) throw new Error(`${page} answered ${res.status}`);
      await res.arrayBuffer();
    }
    await new Promise((r) => setTimeout(r, settleMs));
    visited = status(child.pid);
    // The catalogue cache's size, which /health shows to this machine (issue 32, finding F).
    const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
    visited.cache = health.catalogueCache;
  }
  child.kill("SIGTERM");
  await exited;
  return { label, readyMs, atReady, idle, maps, visited };
}

const f = (mb) => mb.toFixed(0).padStart(5);
const results = [];
results.push(await measure("first start (migrates, seeds the demo data)"));
results.push(await measure("restart (the demo data already there)", true));
if (values["restart-only"]) results.shift();

console.log(
  `\nserver: node ${[...nodeFlags, path.relative(ROOT, entry)].join(" ")}` +
    `${Object.keys(extraEnv).length ? ` with ${values.env}` : ""}; settle ${values.settle} s; ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}\n`,
);
for (const r of results) {
  console.log(`${r.label}: answered after ${(r.readyMs / 1000).toFixed(1)} s`);
  console.log(
    `  VmRSS at first answer ${f(r.atReady.rss)} MB, idle ${f(r.idle.rss)} MB` +
      ` (anonymous ${f(r.idle.anon)}, files ${f(r.idle.file)}); VmHWM ${f(r.idle.hwm)} MB`,
  );
  if (r.visited) {
    console.log(
      `  after three pages and the catalogue: VmRSS ${f(r.visited.rss)} MB, VmHWM ${f(r.visited.hwm)} MB`,
    );
    if (r.visited.cache)
      console.log(
        `  catalogue cache: ${r.visited.cache.entries} answers, ` +
          `${(r.visited.cache.bytes / 1024).toFixed(0)} KB (bound: CATALOGUE_CACHE_MB, default 64)`,
      );
  }
  console.log("  largest mappings (resident MB / address space MB):");
  for (const m of r.maps) {
    console.log(`    ${f(m.rss)} / ${m.size.toFixed(0).padStart(6)}  ${m.name}`);
  }
}

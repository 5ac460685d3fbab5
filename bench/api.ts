/**
 * `npm run bench:api`: the API under load (docs/benchmarks.md, "API").
 *
 * Starts a throwaway PostgreSQL cluster, prepares the demo data with bench users, starts the
 * real server (compiled as `npm start` runs it: `node build/server/main.js`) pinned to core 0 and drives it with autocannon from
 * this process, pinned with PostgreSQL to the other cores. Each operation runs via the GraphQL
 * gateway and straight on REST; then the same on PGlite. Options:
 *   --duration <s>     seconds per measured run (default 10; each run has a 2 s warm-up)
 *   --connections <n>  simulated clients per run (default 10)
 *   --backends <list>  postgres,pglite (default both)
 *   --only <list>      category,product,add,checkout
 *   --servers 2        also a run with two server processes behind a round-robin proxy
 *   --peer             also Vendure 3.7 (bench/peers/vendure, installed on first use)
 *   --via <list>       GraphQL,REST (default both)
 *   --profile <dir>    write the server's CPU profile (node --cpu-prof) into <dir>
 *   --node <flags>     extra node flags for the server, e.g. "--max-semi-space-size=8" (a heap
 *                      cap's CPU cost, docs/benchmarks.md "Issue 22, part 3")
 * Every process it starts stops when it ends, whatever happens.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openPGlite, openPostgres } from "../server/db/database.js";
import { startPgCluster, type PgCluster } from "../tests/support/pg-cluster.js";
import { drive, type Figures } from "./lib/load.js";
import { prepare, type Fixture } from "./lib/prepare.js";
import {
  canPin,
  freePort,
  otherCpu,
  pin,
  postmasterPid,
  roundRobin,
  startServer,
  stopAll,
  type Server,
} from "./lib/processes.js";
import {
  clientsFor,
  OPERATIONS,
  type Operation,
  type ProductPlan,
  type Via,
} from "./lib/scenarios.js";
import { tabsCheck } from "./lib/tabs.js";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
    backends: { type: "string", default: "postgres,pglite" },
    only: { type: "string" },
    servers: { type: "string", default: "1" },
    peer: { type: "boolean", default: false },
    profile: { type: "string" },
    node: { type: "string", default: "" },
    via: { type: "string", default: "GraphQL,REST" },
  },
});
const seconds = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const backends = values.backends.split(",").filter(Boolean) as ("postgres" | "pglite")[];
const only = values.only?.split(",").map((o) => (o === "add" ? "add to cart" : o));
const operations = OPERATIONS.filter((o) => !only || only.includes(o));
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const cores = os.availableParallelism();
const serverCore = "0";
const otherCores = cores > 1 ? `1-${cores - 1}` : "0";

/** The goals of the issue, PostgreSQL with one server process on one core. */
const GOALS: Record<Operation, { perSecond: number; p99?: number }> = {
  category: { perSecond: 1500, p99: 50 },
  product: { perSecond: 0 },
  "add to cart": { perSecond: 500 },
  checkout: { perSecond: 150, p99: 200 },
};

export interface Row {
  run: string;
  operation: Operation | "tabs";
  via: Via | "Vendure";
  figures: Figures;
  rssMb: number;
  /** Server CPU time per operation (all server processes), ms: independent of other load. */
  cpuMsPerOp?: number;
  /** PostgreSQL's CPU time per operation (postmaster and backends), ms; PostgreSQL runs only. */
  dbCpuMsPerOp?: number;
  /** The load generator's CPU time per operation, ms (it shares PostgreSQL's cores). */
  driverCpuMsPerOp?: number;
}

/** The compiled server, as `npm start` runs it (built into a temporary folder for this run). */
let serverEntry = "";
/** PostgreSQL's postmaster, whose process tree's CPU the runs measure too. */
let postmaster: number | undefined;

async function main() {
  const built = path.resolve(import.meta.dirname, "..", "build", `bench-${process.pid}`);
  const compile = spawnSync(process.execPath, ["scripts/build-server.mjs", "--outdir", built], {
    cwd: path.resolve(import.meta.dirname, ".."),
    encoding: "utf8",
  });
  if (compile.status !== 0) throw new Error(`building the server failed:\n${compile.stderr}`);
  serverEntry = path.join(built, "main.js");
  process.on("exit", () => rmSync(built, { recursive: true, force: true }));
  // The load generator (this process) and PostgreSQL share the cores the server does not use.
  pin(process.pid, otherCores);
  const rows: Row[] = [];
  let cluster: PgCluster | undefined;
  try {
    cluster = await startPgCluster();
    postmaster = postmasterPid(cluster.dataDir);
    if (postmaster) pin(postmaster, otherCores);
    for (const backend of backends) {
      rows.push(...(await benchBackend(cluster, backend, 1)));
    }
    if (values.servers === "2") rows.push(...(await benchBackend(cluster, "postgres", 2)));
    if (values.peer) {
      const { benchVendure } = await import("./peers/vendure/bench.js");
      rows.push(...(await benchVendure({ cluster, seconds, warmup, connections })));
    }
  } finally {
    stopAll();
    await cluster?.stop();
  }
  report(rows);
}

let databaseNumber = 0;

async function benchBackend(
  cluster: PgCluster,
  backend: "postgres" | "pglite",
  servers: number,
): Promise<Row[]> {
  const run = `${backend}${servers > 1 ? ` x${servers}` : ""}`;
  const users = connections * 4;
  let env: Record<string, string>;
  let fixture: Fixture;
  let dataDir: string | undefined;
  if (backend === "postgres") {
    const name = `bench_${++databaseNumber}`;
    const admin = openPostgres(cluster.url, 1);
    const { sql } = await import("kysely");
    await sql.raw(`create database ${name}`).execute(admin.db);
    await admin.close();
    const database = openPostgres(cluster.urlFor(name), 4);
    fixture = await prepare(database.db, SECRET, users).finally(() => database.close());
    env = { DATABASE_URL: cluster.urlFor(name) };
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
    const database = await openPGlite({ dataDir: path.join(dataDir, "db") });
    fixture = await prepare(database.db, SECRET, users).finally(() => database.close());
    env = { DATA_DIR: path.join(dataDir, "db") };
  }
  const started: Server[] = [];
  let proxy: { port: number; close(): void } | undefined;
  try {
    for (let n = 0; n < servers; n++) {
      const port = await freePort();
      started.push(
        await startServer({
          command: process.execPath,
          args: [
            ...(values.profile
              ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values.profile)}`]
              : []),
            ...values.node.split(" ").filter(Boolean),
            serverEntry,
          ],
          cwd: path.resolve(import.meta.dirname, ".."),
          env: {
            ...env,
            PORT: String(port),
            HOST: "127.0.0.1",
            NODE_ENV: "production",
            JWT_SECRET: SECRET,
            // Production needs a card provider (issue 32, finding D); the bench pays on
            // invoice, so Adyen is never called.
            ADYEN_API_KEY: "bench-unused",
            ADYEN_MERCHANT_ACCOUNT: "BenchMerchant",
            ADYEN_CLIENT_KEY: "test_bench",
            ADYEN_HMAC_KEY: "00ff",
            LOG_LEVEL: "silent",
          },
          port,
          // One server: core 0. Two: a core each when there are four or more, else every core
          // (set explicitly: a child would inherit this process's pinning to the other cores).
          cores: servers === 1 ? serverCore : cores >= 4 ? String(n) : `0-${cores - 1}`,
          readyPath: "/api/v2/shop/taxons?itemsPerPage=1",
        }),
      );
    }
    if (servers > 1) proxy = await roundRobin(started.map((s) => Number(new URL(s.url).port)));
    const url = proxy ? `http://127.0.0.1:${proxy.port}` : started[0]!.url;
    const plan = await productPlan(url, fixture);
    const carts = await startCarts(url, fixture.tokens.slice(0, connections));
    const rows: Row[] = [];
    const userGroups = (operation: Operation, via: Via) => {
      // Cart operations take fresh users per run so every run starts from empty carts.
      const group = operation === "checkout" ? (via === "GraphQL" ? 2 : 3) : 0;
      return fixture.tokens.slice(group * connections, (group + 1) * connections);
    };
    for (const operation of operations) {
      for (const via of values.via.split(",") as Via[]) {
        const clients = clientsFor(
          operation,
          via,
          fixture,
          plan,
          userGroups(operation, via),
          carts,
        );
        if (warmup > 0) await drive(url, clients, warmup);
        for (const s of started) s.resetPeak();
        const cpuBefore = started.reduce((sum, s) => sum + s.cpuMs(), 0);
        const beside = otherCpu(backend === "postgres" ? postmaster : undefined);
        const figures = await drive(url, clients, seconds);
        const cpu = started.reduce((sum, s) => sum + s.cpuMs(), 0) - cpuBefore;
        const { dbMs, driverMs } = beside();
        const perOp = (ms: number | undefined) =>
          ms !== undefined && figures.operations > 0 ? ms / figures.operations : undefined;
        const rssMb = started.reduce((sum, s) => sum + s.peakRssMb(), 0);
        rows.push({
          run,
          operation,
          via,
          figures,
          rssMb,
          cpuMsPerOp: perOp(cpu),
          dbCpuMsPerOp: perOp(dbMs),
          driverCpuMsPerOp: perOp(driverMs),
        });
        console.error(
          `${run} ${operation} ${via}: ${line(figures)}, peak RSS ${rssMb.toFixed(0)} MB, ` +
            `server CPU ${perOp(cpu)?.toFixed(2) ?? "?"} ms/op, PostgreSQL ${perOp(dbMs)?.toFixed(2) ?? "-"}, ` +
            `load generator ${perOp(driverMs)?.toFixed(2) ?? "?"}`,
        );
      }
    }
    if (backend === "postgres" && servers === 1) {
      const figures = await tabsCheck(url, fixture, fixture.tokens[connections]!, seconds);
      rows.push({
        run,
        operation: "tabs",
        via: "GraphQL",
        figures,
        rssMb: started[0]!.peakRssMb(),
      });
      console.error(`${run} one cart, several tabs: ${line(figures)}`);
    }
    return rows;
  } finally {
    proxy?.close();
    for (const s of started) await s.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The REST calls the product page needs besides the product: its related products and main taxon. */
async function productPlan(url: string, f: Fixture): Promise<ProductPlan> {
  const res = await fetch(`${url}/api/v2/shop/products/${f.product}`, {
    headers: { authorization: `Bearer ${f.tokens[0]}` },
  });
  const product = (await res.json()) as {
    mainTaxon: string | null;
    associations: { associatedProducts: string[] }[];
  };
  return {
    related: product.associations.flatMap((a) =>
      a.associatedProducts.map((p) => p.split("/").pop()!),
    ),
    mainTaxon: product.mainTaxon?.split("/").pop() ?? null,
  };
}

/** One cart per add-to-cart client, started before the run. */
async function startCarts(url: string, tokens: string[]): Promise<string[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const res = await fetch(`${url}/api/v2/shop/orders`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: "{}",
      });
      const body = (await res.json()) as { tokenValue?: string };
      if (!res.ok || !body.tokenValue) throw new Error(`starting a cart: ${res.status}`);
      return body.tokenValue;
    }),
  );
}

const line = (f: Figures) =>
  `${f.perSecond.toFixed(1)}/s p50 ${f.p50.toFixed(1)} ms p99 ${f.p99.toFixed(1)} ms, ${f.errors} errors of ${f.operations}${f.firstError ? ` (first: ${f.firstError})` : ""}`;

function report(rows: Row[]) {
  const out: string[] = [];
  out.push(
    `API benchmark: ${seconds} s per run, ${connections} clients, ${os.cpus()[0]?.model ?? "?"} x${cores}, Node ${process.version}, ${canPin ? "server pinned to core 0" : "not pinned (no taskset)"}`,
    "",
    "| run | operation | via | ops/s | p50 ms | p99 ms | errors | peak RSS MB | server CPU ms/op | PostgreSQL CPU ms/op | load generator CPU ms/op | goal |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  );
  for (const r of rows) {
    const f = r.figures;
    out.push(
      `| ${r.run} | ${r.operation} | ${r.via} | ${f.perSecond.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.errors} | ${r.rssMb.toFixed(0)} | ${r.cpuMsPerOp?.toFixed(2) ?? "-"} | ${r.dbCpuMsPerOp?.toFixed(2) ?? "-"} | ${r.driverCpuMsPerOp?.toFixed(2) ?? "-"} | ${goal(r)} |`,
    );
  }
  out.push("", "Gateway cost (GraphQL ops/s relative to REST; goal: at most 25% slower):");
  for (const r of rows.filter((x) => x.via === "GraphQL" && x.operation !== "tabs")) {
    const rest = rows.find(
      (x) => x.run === r.run && x.operation === r.operation && x.via === "REST",
    );
    if (!rest) continue;
    const slower = 1 - r.figures.perSecond / rest.figures.perSecond;
    const cpu =
      r.cpuMsPerOp && rest.cpuMsPerOp
        ? `; server CPU per operation ${((r.cpuMsPerOp / rest.cpuMsPerOp - 1) * 100).toFixed(0)}% more`
        : "";
    out.push(
      `- ${r.run} ${r.operation}: ${(slower * 100).toFixed(0)}% ${slower <= 0.25 ? "ok" : "OVER"}${cpu}`,
    );
  }
  const peers = rows.filter((r) => r.via === "Vendure");
  if (peers.length > 0) {
    out.push(
      "",
      "Ours (PostgreSQL, GraphQL) / Vendure, ops/s (goals: category 3x, add 4x, checkout 10x of the issue's Vendure figures):",
    );
    for (const p of peers.filter((x) => x.operation !== "tabs")) {
      const ours = rows.find(
        (x) => x.run === "postgres" && x.operation === p.operation && x.via === "GraphQL",
      );
      if (!ours) continue;
      const cpu =
        ours.cpuMsPerOp && p.cpuMsPerOp
          ? ` (server CPU per operation: ${(p.cpuMsPerOp / ours.cpuMsPerOp).toFixed(1)}x less)`
          : "";
      out.push(
        p.figures.operations === 0
          ? `- ${p.operation}: no Vendure operation completed within the run (try a longer --duration)`
          : `- ${p.operation}: ${(ours.figures.perSecond / p.figures.perSecond).toFixed(1)}x${cpu}`,
      );
    }
  }
  console.log(out.join("\n"));
}

function goal(r: Row): string {
  if (r.operation === "tabs") return r.figures.errors === 0 ? "no errors: met" : "errors: NOT met";
  if (r.run !== "postgres" || r.via === "Vendure") return "";
  const g = GOALS[r.operation];
  if (g.perSecond === 0) return "";
  const met = r.figures.perSecond >= g.perSecond && (g.p99 === undefined || r.figures.p99 < g.p99);
  const memory = r.rssMb <= 250;
  return `>= ${g.perSecond}/s${g.p99 ? `, p99 < ${g.p99} ms` : ""}, <= 250 MB: ${met && memory ? "met" : "NOT met"}`;
}

try {
  await main();
} catch (error) {
  stopAll();
  console.error(error);
  process.exitCode = 1;
}

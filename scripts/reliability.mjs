#!/usr/bin/env node
// `npm run test:reliability [-- --full]`: every reliability check (tests/reliability and the
// concurrency suites on PostgreSQL), then the figures they recorded written into
// docs/reliability.md between the figure markers. `--full` runs the mixed load for five minutes;
// `--report` only writes the figures the last test run left (e.g. after `npm test`, or after
// running some reliability files): checks that run did not record keep their rows.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";

const dir = "var/test-results/reliability";
const full = process.argv.includes("--full");
const reportOnly = process.argv.includes("--report");
if (!reportOnly) rmSync(dir, { recursive: true, force: true });

const run = reportOnly
  ? { status: 0 }
  : spawnSync(
      "npx",
      ["vitest", "run", "tests/reliability", "tests/server/concurrency.pg.test.ts"],
      {
        stdio: "inherit",
        env: { ...process.env, ...(full ? { RELIABILITY_LOAD_SECONDS: "300" } : {}) },
      },
    );

const doc = "docs/reliability.md";
const text = readFileSync(doc, "utf8");
const recorded = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(`${dir}/${f}`, "utf8")))
  : [];
/** The table's rows as they stand: `{ check, text }` (the figures as written). */
const block = /<!-- figures:start[\s\S]*<!-- figures:end -->/.exec(text)?.[0] ?? "";
const previous = [...block.matchAll(/^\| ([^|]+?) +\| ([^|]+?) +\|$/gm)]
  .map((m) => ({ check: m[1], text: m[2] }))
  .filter((r) => r.check !== "Check" && !/^-+$/.test(r.check));
const figuresOf = (r) =>
  r.text ??
  Object.entries(r.figures)
    .map(([k, v]) => `${k}: ${v}`)
    .join("; ");
const rows = [
  ...recorded,
  ...(reportOnly ? previous.filter((p) => !recorded.some((r) => r.check === p.check)) : []),
].sort((a, b) => a.check.localeCompare(b.check));
const lines = [
  "<!-- figures:start (written by `npm run test:reliability`; do not edit by hand) -->",
  "",
  reportOnly
    ? `Figures of the last test runs (latest ${
        recorded
          .map((r) => r.at.slice(0, 10))
          .sort()
          .at(-1) ?? "none"
      }; checks not run since keep their earlier figures), ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ""}, Node ${process.version}.`
    : `Latest run: ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ""}, Node ${process.version}${full ? ", full five-minute load" : ", short load"}; exit ${run.status}.`,
  "",
  "| Check | Figures |",
  "| --- | --- |",
  ...rows.map((r) => `| ${r.check} | ${figuresOf(r)} |`),
  "",
  "<!-- figures:end -->",
];
const next = text.replace(/<!-- figures:start[\s\S]*<!-- figures:end -->/, lines.join("\n"));
writeFileSync(doc, next);
// The table is written plainly; Prettier aligns it as `npm run lint` expects.
spawnSync("npx", ["prettier", "--write", doc], { stdio: "ignore" });
console.log(`\n${rows.length} checks with figures written to ${doc}`);
process.exit(run.status ?? 1);

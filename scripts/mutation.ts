// `npm run test:mutation`, after Stryker: reads its JSON report (var/stryker/report.json) and
// writes the scores per file to docs/machines/mutation.json and docs/machines/mutation.md,
// with the mutants that survived. Two scores per machine: the generated path tests alone (the
// tests named "covers every state and transition") and all the tests. Exits 1 below the bars
// of decision 036: machines/ 85% by the path tests alone, 95% with every test; the rules
// (server/domain/ and rules/) 90%; and when a file of `mutate` is missing from the report. `--report-only` writes the files
// without checking; `--check` checks without writing them (`npm test`'s gate, decision 036: the
// published scores come from a full run, `npm run test:mutation`, never from a CI run).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import strykerConfig, { notYetMeasured } from "../stryker.config.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const REPORT = join(ROOT, "var/stryker/report.json");
const DOCS = join(ROOT, "docs/machines");
export const BARS = { machinesPaths: 85, machinesAll: 95, domainAll: 90 };
/** The pure rules: the server's own (server/domain/) and those shared with the browser (rules/). */
const isRule = (file: string) => file.startsWith("server/domain/") || file.startsWith("rules/");

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
  killedBy?: string[];
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}

/** A mutant that counts: killed, timed out, survived or not covered (Stryker's own score). */
const COUNTED = new Set(["Killed", "Timeout", "Survived", "NoCoverage"]);
const isPathTest = (name: string) => name.includes("covers every state and transition");

export interface FileScore {
  file: string;
  mutants: number;
  killed: number;
  killedByPaths: number;
  score: number;
  pathScore: number;
  survivors: {
    line: number;
    column: number;
    mutator: string;
    replacement: string;
    status: string;
  }[];
}

const pct = (n: number, d: number) => (d === 0 ? 100 : Math.floor((n / d) * 1000) / 10);

export function scores(report: Report): FileScore[] {
  const names = new Map<string, string>();
  for (const f of Object.values(report.testFiles ?? {}))
    for (const t of f.tests) names.set(t.id, t.name);
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const counted = mutants.filter((m) => COUNTED.has(m.status));
      const killed = counted.filter((m) => m.status === "Killed" || m.status === "Timeout");
      const byPaths = killed.filter(
        (m) =>
          m.status === "Timeout" ||
          (m.killedBy ?? []).some((id) => isPathTest(names.get(id) ?? "")),
      );
      return {
        file: file.replaceAll("\\", "/"),
        mutants: counted.length,
        killed: killed.length,
        killedByPaths: byPaths.length,
        score: pct(killed.length, counted.length),
        pathScore: pct(byPaths.length, counted.length),
        survivors: counted
          .filter((m) => m.status === "Survived" || m.status === "NoCoverage")
          .map((m) => ({
            line: m.location.start.line,
            column: m.location.start.column,
            mutator: m.mutatorName,
            replacement: (m.replacement ?? "").slice(0, 120),
            status: m.status,
          }))
          .sort((a, b) => a.line - b.line || a.column - b.column),
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

function total(files: FileScore[]) {
  const mutants = files.reduce((a, f) => a + f.mutants, 0);
  const killed = files.reduce((a, f) => a + f.killed, 0);
  const byPaths = files.reduce((a, f) => a + f.killedByPaths, 0);
  return {
    mutants,
    killed,
    killedByPaths: byPaths,
    score: pct(killed, mutants),
    pathScore: pct(byPaths, mutants),
  };
}

/** The files Stryker mutates (stryker.config.mjs `mutate`), relative to the root. */
export function mutatedFiles(root = ROOT): string[] {
  // The files stryker.config.mjs leaves out with a `!` pattern are not expected in the report,
  // except those declared not measured yet: they stay in the list, as not measured.
  const left = new Set(
    (strykerConfig.mutate ?? [])
      .filter((p): p is string => typeof p === "string" && p.startsWith("!"))
      .map((p) => p.slice(1))
      .filter((file) => !notYetMeasured.includes(file)),
  );
  const list = (dir: string) =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts"))
      .map((name) => `${dir}/${name.replaceAll("\\", "/")}`)
      .filter((file) => !left.has(file));
  return [...list("machines"), ...list("server/domain"), ...list("rules")].sort();
}

export function markdown(files: FileScore[], missing: string[] = []): string {
  const machines = files.filter((f) => f.file.startsWith("machines/"));
  const domain = files.filter((f) => isRule(f.file));
  const m = total(machines);
  const d = total(domain);
  const out = [
    "# Mutation score",
    "",
    "Generated by `npm run test:mutation` (Stryker, decision 036) from the mutants of `machines/`",
    "and the rules (`server/domain/`, `rules/`): the share of mutants the tests kill. For a machine, the first score counts",
    "the generated path tests alone (with their oracles), the second every test of",
    "`vitest.mutation.config.ts`.",
    "",
    `Bars: machines ${BARS.machinesPaths}% by the path tests alone and ${BARS.machinesAll}% with every test; domain ${BARS.domainAll}%.`,
    "",
    "| File | Mutants | Path tests alone | Every test | Survivors |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...files.map(
      (f) =>
        `| \`${f.file}\` | ${f.mutants} | ${f.file.startsWith("machines/") ? `${f.pathScore}%` : "–"} | ${f.score}% | ${f.survivors.length} |`,
    ),
    ...missing.map((file) => `| \`${file}\` | – | not measured | not measured | – |`),
    `| **machines/** | ${m.mutants} | **${m.pathScore}%** | **${m.score}%** | ${m.mutants - m.killed} |`,
    d.mutants
      ? `| **rules** | ${d.mutants} | – | **${d.score}%** | ${d.mutants - d.killed} |`
      : "| **rules** | 0 | – | not measured | – |",
    "",
    ...(missing.length
      ? [
          `Not measured yet (${missing.length} files): the totals count the measured files only.`,
          "",
        ]
      : []),
    "## Surviving mutants",
    "",
  ];
  for (const f of files) {
    if (!f.survivors.length) continue;
    out.push(`### ${f.file}`, "");
    for (const s of f.survivors)
      out.push(
        `- line ${s.line}:${s.column} ${s.mutator}${s.status === "NoCoverage" ? " (no test covers it)" : ""}: \`${s.replacement.replaceAll("`", "'").replaceAll("\n", " ")}\``,
      );
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(REPORT)) {
    console.error(`no Stryker report at ${REPORT}: run npx stryker run first`);
    process.exit(1);
  }
  const files = scores(JSON.parse(readFileSync(REPORT, "utf8")) as Report);
  const measured = new Set(files.map((f) => f.file));
  const missing = mutatedFiles().filter((file) => !measured.has(file));
  // Only the files stryker.config.mjs declares not measured yet may be missing; a declared
  // file that has a score must leave that list.
  const undeclared = missing.filter((file) => !notYetMeasured.includes(file));
  const measuredAfterAll = notYetMeasured.filter((file) => measured.has(file));
  if (!process.argv.includes("--check")) {
    writeFileSync(
      join(DOCS, "mutation.json"),
      `${JSON.stringify({ bars: BARS, files }, null, 2)}\n`,
    );
    writeFileSync(join(DOCS, "mutation.md"), markdown(files, missing));
  }
  const m = total(files.filter((f) => f.file.startsWith("machines/")));
  const d = total(files.filter((f) => isRule(f.file)));
  const problems = [
    m.mutants && m.pathScore < BARS.machinesPaths
      ? `machines/: ${m.pathScore}% by the path tests alone, below ${BARS.machinesPaths}%`
      : "",
    m.mutants && m.score < BARS.machinesAll
      ? `machines/: ${m.score}%, below ${BARS.machinesAll}%`
      : "",
    d.mutants && d.score < BARS.domainAll
      ? `rules (server/domain/, rules/): ${d.score}%, below ${BARS.domainAll}%`
      : "",
    undeclared.length ? `${undeclared.length} files not measured: ${undeclared.join(", ")}` : "",
    measuredAfterAll.length
      ? `declared not measured yet but measured: ${measuredAfterAll.join(", ")} (take them out of notYetMeasured in stryker.config.mjs)`
      : "",
  ].filter(Boolean);
  console.log(
    `machines/: ${m.pathScore}% (path tests alone), ${m.score}% (every test) of ${m.mutants} mutants; rules (server/domain/, rules/): ${d.mutants ? `${d.score}% of ${d.mutants}` : "not measured"}`,
  );
  for (const file of missing.filter((f) => notYetMeasured.includes(f)))
    console.log(`not measured yet (declared in stryker.config.mjs): ${file}`);
  for (const p of problems) console.log(`FAIL ${p}`);
  if (process.argv.includes("--report-only")) process.exit(0);
  process.exit(problems.length ? 1 : 0);
}

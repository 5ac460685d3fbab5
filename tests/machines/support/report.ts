import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { AnyStateMachine } from "xstate";
import { describeMachine, mermaidDiagram, type MachineDoc } from "./diagram.js";
import { testPlan, type PlanPath } from "./plans.js";
import {
  guardNamesOf,
  machineGraph,
  runModel,
  type GuardOutcomes,
  type MachineModel,
} from "./paths.js";

/** The repository root (this file is tests/machines/support/report.ts). */
export const ROOT = resolve(import.meta.dirname, "../../..");
export const MACHINES_DIR = join(ROOT, "machines");
export const MODELS_DIR = join(ROOT, "tests/machines/models");
export const DOCS_DIR = join(ROOT, "docs/machines");

/** A machine of machines/ and, when its model is registered, the model. */
export interface RegisteredMachine {
  /** The file's base name: `checkout` for machines/checkout.machine.ts. */
  name: string;
  machine: AnyStateMachine;
  model: MachineModel | null;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" &&
  value !== null &&
  "root" in value &&
  "config" in value &&
  typeof (value as { provide?: unknown }).provide === "function";

/**
 * Every machine of machines/*.machine.ts (sorted by name) with its model from the registry,
 * tests/machines/models/<name>.model.ts exporting `model`. New machines and models join by
 * being there: nothing to list by hand.
 */
export async function registeredMachines(): Promise<RegisteredMachine[]> {
  const files = readdirSync(MACHINES_DIR)
    .filter((f) => f.endsWith(".machine.ts"))
    .sort();
  const found: RegisteredMachine[] = [];
  for (const file of files) {
    const name = file.replace(/\.machine\.ts$/, "");
    const module = (await import(pathToFileURL(join(MACHINES_DIR, file)).href)) as Record<
      string,
      unknown
    >;
    const machines = Object.values(module).filter(isMachine);
    if (machines.length !== 1)
      throw new Error(`${file} exports ${machines.length} machines; one is expected`);
    const machine = machines[0]!;
    const modelFile = join(MODELS_DIR, `${name}.model.ts`);
    let model: MachineModel | null = null;
    if (existsSync(modelFile)) {
      const loaded = (await import(pathToFileURL(modelFile).href)) as { model?: MachineModel };
      if (!loaded.model) throw new Error(`${name}.model.ts does not export \`model\``);
      if (loaded.model.machine !== machine)
        throw new Error(`${name}.model.ts models another machine than ${file} exports`);
      model = loaded.model;
    }
    found.push({ name, machine, model });
  }
  return found;
}

/** What replaying a model's generated paths showed. */
export interface Coverage {
  paths: number;
  inputs: number;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  /** Named guards the machine references, with how often the actors evaluated each way. */
  guards: { name: string; true: number; false: number }[];
  /** Problems with guard coverage: one-way guards not declared, declarations that are untrue. */
  guardProblems: string[];
  /** The model's one-way guards with their reasons. */
  guardsOneWay: Record<string, string>;
  invariants: { declared: number; checks: number };
  /** Steps the model's oracle checked (0: the model has no oracle yet). */
  oracleChecks: number;
  failures: string[];
  sequences: { events: string[]; shortest: boolean; input: number }[];
  /** QA's test plan: the fewest paths taking every transition, step by step. */
  plan: PlanPath[];
}

/** A machine's mutation score from docs/machines/mutation.json (`npm run test:mutation`). */
export interface MutationScore {
  mutants: number;
  /** Killed by the generated path tests alone, in percent. */
  pathScore: number;
  /** Killed by every test, in percent. */
  score: number;
  survivors: {
    line: number;
    column: number;
    mutator: string;
    replacement: string;
    status: string;
  }[];
}

/** One machine's docs data: structure, diagram, (with a model) coverage, mutation score. */
export interface MachineReport {
  name: string;
  doc: MachineDoc;
  diagram: string;
  coverage: Coverage | null;
  mutation: MutationScore | null;
}

/** Files of docs/machines written by `npm run test:mutation`, not by `machines:docs`. */
export const MUTATION_FILES = new Set(["mutation.json", "mutation.md"]);

/** The mutation scores of the last `npm run test:mutation`, by machine name. */
export function mutationScores(): Map<string, MutationScore> {
  const file = join(DOCS_DIR, "mutation.json");
  const found = new Map<string, MutationScore>();
  if (!existsSync(file)) return found;
  const data = JSON.parse(readFileSync(file, "utf8")) as {
    files: (MutationScore & { file: string })[];
  };
  for (const { file: path, mutants, pathScore, score, survivors } of data.files) {
    const m = /^machines\/(.+)\.machine\.ts$/.exec(path);
    if (m) found.set(m[1]!, { mutants, pathScore, score, survivors });
  }
  return found;
}

/** Replays the model's paths with every guard evaluation recorded. */
export function measure(machine: AnyStateMachine, model: MachineModel): Coverage {
  const outcomes: GuardOutcomes = new Map();
  const result = runModel(model, { guards: outcomes });
  const referenced = new Set(
    machineGraph(machine).transitions.flatMap((t) => guardNamesOf(t.guard)),
  );
  const guards = [...referenced].sort().map((name) => ({
    name,
    true: outcomes.get(name)?.true ?? 0,
    false: outcomes.get(name)?.false ?? 0,
  }));
  const declared = model.guardsOneWay ?? {};
  const guardProblems = [
    ...guards
      .filter((g) => !(g.true > 0 && g.false > 0) && !(g.name in declared))
      .map(
        (g) =>
          `guard ${g.name} seen only ${g.true ? "true" : g.false ? "false" : "never"} (take it the other way, or declare why in guardsOneWay)`,
      ),
    ...Object.keys(declared)
      .filter((name) => !referenced.has(name))
      .map((name) => `guardsOneWay lists ${name}, which the machine does not use`),
    ...guards
      .filter((g) => g.name in declared && g.true > 0 && g.false > 0)
      .map((g) => `guardsOneWay lists ${g.name}, but the paths take it both ways`),
  ];
  return {
    paths: result.paths,
    inputs: model.inputs?.length ?? 1,
    states: result.states,
    transitions: result.transitions,
    guards,
    guardProblems,
    guardsOneWay: declared,
    invariants: {
      declared: Object.keys(model.invariants ?? {}).length,
      checks: result.invariantChecks,
    },
    oracleChecks: result.oracleChecks,
    failures: result.failures,
    sequences: result.sequences,
    plan: testPlan(machine.id, result.traces),
  };
}

/** The report of every machine in machines/, in name order. */
export async function buildReports(onMachine?: (name: string) => void): Promise<MachineReport[]> {
  const reports: MachineReport[] = [];
  const mutation = mutationScores();
  for (const { name, machine, model } of await registeredMachines()) {
    onMachine?.(name);
    const doc = describeMachine(machine);
    reports.push({
      name,
      doc,
      diagram: mermaidDiagram(doc),
      coverage: model ? measure(machine, model) : null,
      mutation: mutation.get(name) ?? null,
    });
  }
  return reports;
}

const pct = (covered: number, total: number) =>
  total === 0 ? "100%" : `${Math.floor((covered / total) * 1000) / 10}%`;

const bothWays = (c: Coverage) => c.guards.filter((g) => g.true > 0 && g.false > 0).length;

/** Whether the machine meets the bar: a model, no failure, every state and transition. */
export function passes(report: MachineReport): boolean {
  const c = report.coverage;
  return (
    c !== null &&
    c.failures.length === 0 &&
    c.states.missing.length === 0 &&
    c.transitions.missing.length === 0 &&
    c.guardProblems.length === 0
  );
}

/** The coverage table (Markdown), one row per machine. */
export function coverageTable(reports: MachineReport[]): string {
  const rows = [
    "| Machine | Paths | States | Transitions | Guards both ways | Invariants (checks) | Oracle (steps checked) | Mutation score (path tests / all) | Result |",
    "| --- | ---: | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of reports) {
    const c = r.coverage;
    if (!c) {
      rows.push(`| [${r.name}](${r.name}.md) | – | – | – | – | – | – | – | **no model** |`);
      continue;
    }
    rows.push(
      `| [${r.name}](${r.name}.md) | ${c.paths} | ${c.states.covered}/${c.states.total} (${pct(
        c.states.covered,
        c.states.total,
      )}) | ${c.transitions.covered}/${c.transitions.total} (${pct(
        c.transitions.covered,
        c.transitions.total,
      )}) | ${bothWays(c)}/${c.guards.length} | ${c.invariants.declared} (${
        c.invariants.checks
      }) | ${c.oracleChecks ? `yes (${c.oracleChecks})` : "none"} | ${
        r.mutation
          ? `${r.mutation.pathScore}% / ${r.mutation.score}% of ${r.mutation.mutants} ([survivors](mutation.md))`
          : "not measured"
      } | ${passes(r) ? "pass" : "**FAIL**"} |`,
    );
  }
  return rows.join("\n");
}

/** docs/machines/coverage.md: the table, then what is missing or one-sided, machine by machine. */
export function coverageMarkdown(reports: MachineReport[]): string {
  const out = [
    "# Machine path coverage",
    "",
    "Generated by `npm run test:paths` (and `npm run machines:docs`) from every machine in",
    "`machines/` and its model in `tests/machines/models/`: shortest, simple and per-edge paths",
    "(`xstate/graph`) replayed on real actors with a simulated clock. States and transitions are",
    "counted from what the actors really took; a guard counts both ways when an actor evaluated it",
    "true at least once and false at least once. The run fails below 100% of states or transitions,",
    "on a broken invariant, when a machine has no model, or when a guard is seen only one way and",
    "its model does not declare why (`guardsOneWay`, checked: a declared guard seen both ways fails).",
    "A model's oracle states, without the machine, the state, context, services started (with their",
    "input) and actions run after every step; any difference fails the run.",
    "",
    coverageTable(reports),
    "",
  ];
  const missing = reports.filter((r) => !r.coverage).map((r) => r.name);
  if (missing.length) {
    out.push("## Machines without a model", "");
    for (const name of missing)
      out.push(`- \`machines/${name}.machine.ts\`: add \`tests/machines/models/${name}.model.ts\``);
    out.push("");
  }
  const notes: string[] = [];
  for (const r of reports) {
    const c = r.coverage;
    if (!c) continue;
    const lines = [
      ...c.states.missing.map((s) => `- state not reached: \`${s}\``),
      ...c.transitions.missing.map((t) => `- transition not taken: \`${t}\``),
      ...c.failures.slice(0, 20).map((f) => `- failure: ${f}`),
      ...c.guardProblems.map((p) => `- ${p}`),
      ...Object.entries(c.guardsOneWay).map(
        ([name, why]) => `- guard \`${name}\` is one-way by design: ${why}`,
      ),
    ];
    if (lines.length) notes.push(`### ${r.name}`, "", ...lines, "");
  }
  if (notes.length) out.push("## Details", "", ...notes);
  return `${out.join("\n").trimEnd()}\n`;
}

/** A plain-text table for the terminal. */
export function coverageText(reports: MachineReport[]): string {
  const header = [
    "machine",
    "paths",
    "states",
    "transitions",
    "guards±",
    "invariants",
    "oracle",
    "result",
  ];
  const rows = reports.map((r) => {
    const c = r.coverage;
    if (!c) return [r.name, "-", "-", "-", "-", "-", "-", "NO MODEL"];
    return [
      r.name,
      String(c.paths),
      `${c.states.covered}/${c.states.total} ${pct(c.states.covered, c.states.total)}`,
      `${c.transitions.covered}/${c.transitions.total} ${pct(
        c.transitions.covered,
        c.transitions.total,
      )}`,
      `${bothWays(c)}/${c.guards.length}`,
      `${c.invariants.declared} (${c.invariants.checks})`,
      c.oracleChecks ? String(c.oracleChecks) : "none",
      passes(r) ? "pass" : "FAIL",
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

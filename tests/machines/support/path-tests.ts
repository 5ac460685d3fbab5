import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import v8 from "node:v8";
import { expect, it } from "vitest";
import { generatePaths, machineGraph, replay, transitionKey, type MachineModel } from "./paths.js";

type Steps = Parameters<typeof replay>[1];

/**
 * Stryker's namespace, present only in a mutation run (`activeMutant` is set while a mutant
 * runs, unset in Stryker's initial run).
 */
const stryker = () =>
  (globalThis as { __stryker__?: { activeMutant?: string } }).__stryker__ ?? null;

/** Where a mutation run keeps the paths of its initial run (inside Stryker's sandbox). */
const PATHS_DIR = join(import.meta.dirname, "../../../var/stryker-paths");

/**
 * A model's generated path tests as vitest tests, `groups` of them plus one for coverage, so
 * that a test runs only the paths of its group (decision 036: Stryker runs only the tests that
 * reach a mutant, and one test per machine made every mutant replay every path).
 *
 * - `covers every state and transition (<rule>): paths <i> of <groups>`: replays every
 *   `groups`-th generated path (inputs in turn, paths in generation order, so each group has
 *   short and long ones); every step's oracle and invariants must hold and the actor must be
 *   where the path says.
 * - `covers every state and transition (<rule>): every state and transition reached`: the
 *   union of the groups reaches every state node and takes every transition.
 *
 * The paths are generated in the first test that needs them, never while the file is
 * collected: code that runs outside a test counts, for Stryker, as reached by every test. So
 * the number of groups is fixed here, not derived from the number of paths; a mutant that
 * generates fewer paths leaves groups empty, and the coverage test notices what they miss.
 * Each group's replays are kept, so the coverage test only replays the groups a test name
 * filter left out.
 */
export function pathTests(
  model: MachineModel,
  options: { groups: number; rule?: string; timeout?: number },
) {
  const { groups } = options;
  const timeout = options.timeout ?? 60_000;
  const inputs = model.inputs ?? [model.input];
  let generated: { input: number; steps: Steps }[] | undefined;
  const generate = () =>
    (generated ??= inputs.flatMap((input, i) =>
      generatePaths({ ...model, input }).paths.map((p) => ({ input: i, steps: p })),
    ));
  const title = `covers every state and transition${options.rule ? ` (${options.rule})` : ""}`;
  // A mutation run replays, for every mutant, the paths generated from the machine as it is
  // (in Stryker's initial run, kept per group in the sandbox): the tests stay fixed while the
  // code varies, and a mutant costs its group's replays, not a new generation of every path
  // (checkout: 45,000 paths). A plain run generates them from the machine, as always.
  const cached = (group: number) =>
    join(
      PATHS_DIR,
      `${createHash("sha256").update(`${model.machine.id} ${title}`).digest("hex").slice(0, 16)}-${group}.bin`,
    );
  let kept = false;
  const pathsOf = (group: number): { input: number; steps: Steps }[] => {
    const run = stryker();
    if (run?.activeMutant !== undefined && existsSync(cached(group)))
      return v8.deserialize(readFileSync(cached(group))) as { input: number; steps: Steps }[];
    const mine = generate().filter((_, n) => n % groups === group);
    if (run && run.activeMutant === undefined && !kept) {
      kept = true;
      mkdirSync(PATHS_DIR, { recursive: true });
      for (let g = 0; g < groups; g++) {
        // What replay reads of a step: its event and the state value it should reach.
        const steps = generate()
          .filter((_, n) => n % groups === g)
          .map(({ input, steps: p }) => ({
            input,
            steps: {
              steps: p.steps.map((st) => ({
                event: st.event,
                state: { value: (st.state as { value: unknown }).value },
              })),
            },
          }));
        writeFileSync(cached(g), v8.serialize(steps));
      }
    }
    return mine;
  };
  const results = new Map<number, { states: Set<string>; transitions: Set<string> }>();
  const replayGroup = (group: number) => {
    const failures: string[] = [];
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const path of pathsOf(group)) {
      const r = replay({ ...model, input: inputs[path.input] }, path.steps);
      r.states.forEach((s) => states.add(s));
      r.transitions.forEach((t) => transitions.add(t));
      const events = path.steps.steps.map((s) => s.event.type).join(" > ");
      failures.push(...r.failures.map((f) => `${events}: ${f}`));
    }
    results.set(group, { states, transitions });
    return failures;
  };
  for (let group = 0; group < groups; group++)
    it(`${title}: paths ${group + 1} of ${groups}`, { timeout }, () => {
      expect(replayGroup(group)).toEqual([]);
    });
  it(`${title}: every state and transition reached`, { timeout: timeout * 4 }, () => {
    for (let group = 0; group < groups; group++) if (!results.has(group)) replayGroup(group);
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const r of results.values()) {
      r.states.forEach((s) => states.add(s));
      r.transitions.forEach((t) => transitions.add(t));
    }
    const graph = machineGraph(model.machine);
    expect(graph.states.filter((s) => !states.has(s))).toEqual([]);
    expect(
      graph.transitions.map((t, i) => transitionKey(t, i)).filter((t) => !transitions.has(t)),
    ).toEqual([]);
  });
}

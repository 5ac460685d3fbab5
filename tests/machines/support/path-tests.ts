import { expect, it } from "vitest";
import { generatePaths, machineGraph, replay, transitionKey, type MachineModel } from "./paths.js";

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
  let generated: { model: MachineModel; steps: Parameters<typeof replay>[1] }[] | undefined;
  const paths = () =>
    (generated ??= (model.inputs ?? [model.input]).flatMap((input) => {
      const one = { ...model, input };
      return generatePaths(one).paths.map((p) => ({ model: one, steps: p }));
    }));
  const results = new Map<number, { states: Set<string>; transitions: Set<string> }>();
  const replayGroup = (group: number) => {
    const failures: string[] = [];
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const [n, path] of paths().entries()) {
      if (n % groups !== group) continue;
      const r = replay(path.model, path.steps);
      r.states.forEach((s) => states.add(s));
      r.transitions.forEach((t) => transitions.add(t));
      const events = path.steps.steps.map((s) => s.event.type).join(" > ");
      failures.push(...r.failures.map((f) => `${events}: ${f}`));
    }
    results.set(group, { states, transitions });
    return failures;
  };
  const title = `covers every state and transition${options.rule ? ` (${options.rule})` : ""}`;
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

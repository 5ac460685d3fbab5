import { setup } from "xstate";
import { describe, expect, it } from "vitest";
import { runPathTests } from "./support/paths.js";

/** The path harness must be able to fail: unreachable states, broken invariants, divergence. */
describe("path test harness", () => {
  const machine = setup({
    types: { events: {} as { type: "go" } | { type: "never" } },
  }).createMachine({
    id: "h",
    initial: "a",
    states: { a: { on: { go: "b" } }, b: { after: { 100: "a" } }, orphan: { on: { go: "a" } } },
  });

  it("reports states and transitions no path reached", () => {
    const r = runPathTests({ machine, events: () => [{ type: "go" }] });
    expect(r.states.missing).toEqual(["h.orphan"]);
    expect(r.transitions.missing).toEqual(["h.orphan --go--> h.a #2"]);
    expect(r.transitions.covered).toBe(2); // including the delay, replayed on the simulated clock
  });

  it("reports a broken invariant", () => {
    const r = runPathTests({
      machine,
      events: () => [{ type: "go" }],
      invariants: { "never in b": (s) => s.value !== "b" },
    });
    expect(r.failures.some((f) => f.includes('invariant "never in b"'))).toBe(true);
  });
});

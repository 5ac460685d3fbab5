import { setup } from "xstate";
import { describe, expect, it } from "vitest";
import { runPathTests } from "./support/paths.js";
import { measure } from "./support/report.js";

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

/** Guards must be seen both ways, or the model says why not, and that claim is checked. */
describe("guard coverage", () => {
  const guarded = setup({
    types: { events: {} as { type: "go"; ok: boolean } },
    guards: { isOk: ({ event }) => event.ok },
  }).createMachine({
    id: "g",
    initial: "a",
    states: { a: { on: { go: { guard: "isOk", target: "b" } } }, b: {} },
  });

  it("fails a guard seen only true, unless declared one-way", () => {
    const oneWay = measure(guarded, { machine: guarded, events: () => [{ type: "go", ok: true }] });
    expect(oneWay.guardProblems).toEqual([
      "guard isOk seen only true (take it the other way, or declare why in guardsOneWay)",
    ]);
    const declared = measure(guarded, {
      machine: guarded,
      events: () => [{ type: "go", ok: true }],
      guardsOneWay: { isOk: "the test only sends good events" },
    });
    expect(declared.guardProblems).toEqual([]);
  });

  it("fails a one-way declaration that is untrue or names no guard of the machine", () => {
    const both = measure(guarded, {
      machine: guarded,
      events: () => [
        { type: "go", ok: true },
        { type: "go", ok: false },
      ],
      guardsOneWay: { isOk: "claimed", isMissing: "no such guard" },
    });
    expect(both.guardProblems).toEqual([
      "guardsOneWay lists isMissing, which the machine does not use",
      "guardsOneWay lists isOk, but the paths take it both ways",
    ]);
  });
});

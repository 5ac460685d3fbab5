import { describe, expect, it } from "vitest";
import { assign, setup, type EventObject } from "xstate";
import { browserCoverage, modelPaths, type BrowserModel } from "./model-driven";

/**
 * The browser runner's coverage check (tests/browser/model-driven.ts), on a small machine: a
 * form whose submit goes through an eventless choice, with a call that succeeds or fails, and
 * a reset no browser can send.
 */
const machine = setup({
  types: { context: {} as { filled: boolean }, events: {} as EventObject },
  actors: {},
  guards: { filled: ({ context }) => context.filled },
}).createMachine({
  id: "form",
  context: { filled: false },
  initial: "editing",
  states: {
    editing: {
      on: {
        fill: { actions: assign({ filled: true }) },
        submit: { target: "choosing" },
        reset: { actions: assign({ filled: false }) },
      },
    },
    choosing: { always: [{ guard: "filled", target: "sending" }, { target: "editing" }] },
    sending: { on: { ok: { target: "done" }, fail: { target: "editing" } } },
    done: { type: "final" },
  },
});

type S = { value: unknown; context: { filled: boolean } };
const base: BrowserModel = {
  name: "form",
  machine,
  coverage: "transitions",
  unreachable: { "--reset-->": "no button sends it" },
  events: (s) =>
    (s as S).value === "sending"
      ? [{ type: "ok" }, { type: "fail" }]
      : [...((s as S).context.filled ? [] : [{ type: "fill" }]), { type: "submit" }],
  serializeState: (s) => JSON.stringify([s.value, (s as S).context.filled]),
  settled: (s) => (s as S).value !== "sending",
  start: async () => {},
  act: async () => {},
  assert: async () => {},
};
const names = (model: BrowserModel) =>
  modelPaths(model).map((p) => p.steps.map((s) => s.event.type).join(">"));

describe("browser model coverage", () => {
  it("takes every transition, the eventless ones included, and lists the rest", () => {
    const model = { ...base };
    expect(browserCoverage(model)).toEqual({ journeys: 3, taken: 6, unreachable: 1, total: 7 });
    // No journey ends while the call waits, and none is the start of another.
    expect(names(model).sort()).toEqual([
      "xstate.init>fill>submit>fail",
      "xstate.init>fill>submit>ok",
      "xstate.init>submit",
    ]);
  });

  it("fails when a transition is neither taken nor listed", () => {
    const model: BrowserModel = { ...base, unreachable: {} };
    expect(() => modelPaths(model)).toThrow(/no journey takes form.editing --reset--> \(self\)/);
  });

  it("fails when a listed transition is taken", () => {
    const model: BrowserModel = { ...base, unreachable: { ...base.unreachable, "--fail-->": "x" } };
    expect(() => modelPaths(model)).toThrow(
      /listed as unreachable but taken: form.sending --fail-->/,
    );
  });

  it("counts what the other models of the machine take (family)", () => {
    // Never filled: the form cannot send, so ok and fail are another model's to take.
    const unfilled: BrowserModel = {
      ...base,
      events: (s) => ((s as S).value === "editing" ? [{ type: "submit" }] : []),
    };
    expect(() => modelPaths(unfilled)).toThrow(/no journey takes form.sending --ok-->/);
    expect(modelPaths({ ...unfilled, family: [base] })).toHaveLength(1);
  });
});

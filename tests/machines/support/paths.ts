/* eslint-disable @typescript-eslint/no-explicit-any -- one harness for every machine's types */
import { isDeepStrictEqual } from "node:util";
import { createActor, SimulatedClock, type AnyStateMachine, type EventObject } from "xstate";
import { getAdjacencyMap, getShortestPaths, getSimplePaths, serializeSnapshot } from "xstate/graph";

type Snapshot = { value: unknown; context: any; _nodes: { id: string }[] };
type Path = { state: unknown; steps: { event: EventObject; state: unknown }[]; weight: number };

type AnyTransition = {
  source: { id: string };
  eventType: string;
  target?: readonly { id: string }[];
  guard?: unknown;
};
type AnyNode = {
  id: string;
  type?: string;
  states: Record<string, AnyNode>;
  transitions: Map<string, AnyTransition[]>;
  always?: AnyTransition[];
};

/** A machine prepared for path testing: fakes provided, the events a tester may send. */
export interface MachineModel<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  input?: unknown;
  /**
   * Several inputs (e.g. a valid and an expired stored session): paths are generated and
   * replayed for each, coverage merged. Takes precedence over `input`.
   */
  inputs?: readonly unknown[];
  /**
   * The events to try in a state, including the ones the runtime delivers for invoked actors:
   * `xstate.done.actor.<id>` (with an `output`) and `xstate.error.actor.<id>` (with an `error`).
   * Delay events are added from the machine's own `after` transitions.
   */
  events: (snapshot: Snapshot) => readonly EventObject[];
  /** Rules that must hold in every snapshot the actor reaches. */
  invariants?: Record<string, (snapshot: Snapshot) => boolean>;
  /**
   * Simple paths are enumerated only when the state graph has at most this many vertices
   * (default 40): their number grows exponentially, and the shortest and per-edge paths
   * already reach every state and transition.
   */
  simplePathMaxStates?: number;
  /**
   * What makes two snapshots the same state for path generation (default: value and context).
   * Machines whose context holds free text collapse it to what matters, e.g. "field filled".
   */
  serializeState?: (snapshot: Snapshot) => string;
  /**
   * Guards that no path can see both true and false, each with the reason. Every other named
   * guard must be evaluated both ways or the run fails; a guard listed here that is seen both
   * ways, or that the machine does not reference, fails it too, so the list stays honest.
   */
  guardsOneWay?: Record<string, string>;
  /**
   * The test oracle: what must be true after each step, stated by the model independently of
   * the machine (its own statement of the rules, never the machine's guards or validators).
   * Called for every replayed step, the start included (`xstate.init`); returning undefined
   * checks nothing for that step. See `OracleExpectation` for what is compared.
   */
  oracle?: (step: OracleStep) => OracleExpectation | undefined;
}

/** One replayed step as the oracle sees it: where the actor was, what was sent, what it did. */
export interface OracleStep {
  /** The model's input for this replay (`model.input` or one of `model.inputs`). */
  input: unknown;
  event: EventObject;
  /** The snapshot before the event (at the start: the snapshot after it, there is no before). */
  before: { value: unknown; context: any };
  /** The state values before this step, oldest first (for history states). */
  earlier: readonly unknown[];
  after: { value: unknown; context: any; status: string };
  /** The named actions the machine ran (built-ins such as assign left out), with their params. */
  actions: { type: string; params: unknown }[];
  /** The services (invoked actors) the step started, by invoke id, with their input. */
  started: Record<string, unknown>;
}

/**
 * What the oracle expects after a step. `value`, `status` and every key of `context` are
 * compared when given. `started` and `actions` are always compared: leaving them out means
 * "none"; a step that starts a service or runs a named action the oracle did not foresee
 * fails, and so does one that misses any. `actions` are compared as a multiset; an entry
 * without `params` matches any params.
 */
export interface OracleExpectation {
  value?: unknown;
  /** The actor's status when given: "done" once a final state is reached, else "active". */
  status?: string;
  context?: Record<string, unknown>;
  started?: Record<string, unknown>;
  actions?: readonly { type: string; params?: unknown }[];
}

/** The differences between a step and the oracle's expectation (empty: it holds). */
export function checkOracle(step: OracleStep, expected: OracleExpectation): string[] {
  const problems: string[] = [];
  const show = (v: unknown) => JSON.stringify(v) ?? "undefined";
  if ("value" in expected && !isDeepStrictEqual(step.after.value, expected.value))
    problems.push(`state ${show(step.after.value)}, expected ${show(expected.value)}`);
  if ("status" in expected && step.after.status !== expected.status)
    problems.push(`status ${show(step.after.status)}, expected ${show(expected.status)}`);
  for (const [key, value] of Object.entries(expected.context ?? {}))
    if (!isDeepStrictEqual(step.after.context?.[key], value))
      problems.push(`context.${key} ${show(step.after.context?.[key])}, expected ${show(value)}`);
  const wanted = expected.started ?? {};
  for (const id of new Set([...Object.keys(wanted), ...Object.keys(step.started)])) {
    if (!(id in step.started)) problems.push(`service ${id} not started`);
    else if (!(id in wanted)) problems.push(`service ${id} started unexpectedly`);
    else if (!isDeepStrictEqual(step.started[id], wanted[id]))
      problems.push(`service ${id} got ${show(step.started[id])}, expected ${show(wanted[id])}`);
  }
  const left = [...step.actions];
  for (const a of expected.actions ?? []) {
    const i = left.findIndex(
      (b) => b.type === a.type && (!("params" in a) || isDeepStrictEqual(b.params, a.params)),
    );
    if (i < 0) problems.push(`action ${a.type} ${"params" in a ? show(a.params) : ""} not run`);
    else left.splice(i, 1);
  }
  for (const b of left) problems.push(`action ${b.type} ${show(b.params)} run unexpectedly`);
  return problems;
}

/**
 * The delay events of the machine, `xstate.after.<delay>.<stateId>`, with their length in ms
 * (named delays resolved from the machine's implementations).
 */
export function delayEvents(machine: AnyStateMachine): Map<string, number> {
  const delays = (machine.implementations as { delays?: Record<string, unknown> }).delays ?? {};
  const found = new Map<string, number>();
  for (const t of machineGraph(machine).transitions as (AnyTransition & { delay?: unknown })[]) {
    if (t.delay === undefined) continue;
    const ms = typeof t.delay === "number" ? t.delay : Number(delays[String(t.delay)]);
    if (!Number.isFinite(ms))
      throw new Error(`delay ${String(t.delay)} of ${t.source.id} is not a fixed number`);
    found.set(t.eventType, ms);
  }
  return found;
}

const delayMaps = new WeakMap<AnyStateMachine, Map<string, number>>();

function delaysOf(machine: AnyStateMachine) {
  let delays = delayMaps.get(machine);
  if (!delays) delayMaps.set(machine, (delays = delayEvents(machine)));
  return delays;
}

/** The model's events plus the delay events of the states the snapshot is in. */
function eventsWithDelays(model: MachineModel) {
  const delays = [...delayEvents(model.machine).keys()];
  return (snapshot: Snapshot) => {
    // A machine that reached its final state takes no more events.
    if ((snapshot as { status?: string }).status === "done") return [];
    const active = new Set(snapshot._nodes.map((n) => n.id));
    const own = delays.filter((type) => active.has(type.replace(/^xstate\.after\.[^.]+\./, "")));
    // The runtime delivers an invoked actor's done/error event only while that actor runs.
    const children = (snapshot as { children?: Record<string, unknown> }).children ?? {};
    const running = model.events(snapshot).filter((e) => {
      const actorEvent = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type);
      return !actorEvent || actorEvent[1]! in children;
    });
    return [...running, ...own.map((type) => ({ type }))];
  };
}

const graphs = new WeakMap<AnyStateMachine, ReturnType<typeof walkMachine>>();

/** Every state node id and every transition definition of the machine, walked from its root. */
export function machineGraph(machine: AnyStateMachine) {
  // Replays ask for it once per path: a machine's definition never changes, so walk it once.
  let graph = graphs.get(machine);
  if (!graph) graphs.set(machine, (graph = walkMachine(machine)));
  return graph;
}

function walkMachine(machine: AnyStateMachine) {
  const states: string[] = [];
  const transitions: AnyTransition[] = [];
  const walk = (node: AnyNode) => {
    // A history node is a pseudo-state: the actor is never "in" it, it only redirects.
    if (node.type === "history") return;
    states.push(node.id);
    for (const list of node.transitions.values()) transitions.push(...list);
    if (node.always) transitions.push(...node.always);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root as unknown as AnyNode);
  return { states, transitions };
}

const keyMaps = new WeakMap<AnyStateMachine, Map<AnyTransition, string>>();

function transitionKeys(machine: AnyStateMachine) {
  let keys = keyMaps.get(machine);
  if (!keys) {
    keys = new Map(machineGraph(machine).transitions.map((t, i) => [t, transitionKey(t, i)]));
    keyMaps.set(machine, keys);
  }
  return keys;
}

export const transitionKey = (t: AnyTransition, index: number) =>
  `${t.source.id} --${t.eventType}${t.guard ? ` [${guardName(t.guard)}]` : ""}--> ${
    t.target?.map((x) => x.id).join(",") ?? "(self)"
  } #${index}`;

function guardName(guard: unknown): string {
  if (typeof guard === "string") return guard;
  if (guard && typeof guard === "object" && "type" in guard)
    return String((guard as { type: unknown }).type);
  return "guard";
}

/**
 * A readable name for a guard reference: its name, `and(a, b)` / `or(...)` / `not(a)` for
 * the built-in combinators, `inline` for an anonymous function (which no report can name).
 */
export function guardLabel(guard: unknown): string {
  if (typeof guard === "string") return guard;
  if (typeof guard === "function") {
    const g = guard as { check?: { name?: string }; guards?: unknown[]; stateValue?: unknown };
    if (g.check && Array.isArray(g.guards)) {
      const op = /and|or|not/i.exec(g.check.name ?? "")?.[0]?.toLowerCase() ?? "combined";
      return `${op}(${g.guards.map(guardLabel).join(", ")})`;
    }
    if (g.check && g.stateValue !== undefined) return `stateIn(${JSON.stringify(g.stateValue)})`;
    return "inline";
  }
  if (guard && typeof guard === "object" && "type" in guard)
    return String((guard as { type: unknown }).type);
  return "inline";
}

/** The guard names a reference evaluates (a combinator's named children included). */
export function guardNamesOf(guard: unknown): string[] {
  if (typeof guard === "string") return [guard];
  if (typeof guard === "function") {
    const g = guard as { check?: unknown; guards?: unknown[] };
    return g.check && Array.isArray(g.guards) ? g.guards.flatMap(guardNamesOf) : [];
  }
  if (guard && typeof guard === "object" && "type" in guard)
    return [String((guard as { type: unknown }).type)];
  return [];
}

/** How often the actor evaluated each named guard true and false. */
export type GuardOutcomes = Map<string, { true: number; false: number }>;

/**
 * The machine with every named guard implementation wrapped to count its outcomes. Guards
 * referenced by name, as `{ type, params }` or inside `and`/`or`/`not` all resolve through
 * these implementations, so each real evaluation is counted; an inline function cannot be.
 */
export function withGuardRecording(machine: AnyStateMachine, outcomes: GuardOutcomes) {
  const guards = (machine.implementations as { guards?: Record<string, unknown> }).guards ?? {};
  const wrapped: Record<string, unknown> = {};
  for (const [name, impl] of Object.entries(guards)) {
    if (typeof impl !== "function" || "check" in impl) continue;
    wrapped[name] = (args: unknown, params: unknown) => {
      const result = Boolean((impl as (a: unknown, p: unknown) => unknown)(args, params));
      const seen = outcomes.get(name) ?? { true: 0, false: 0 };
      seen[result ? "true" : "false"]++;
      outcomes.set(name, seen);
      return result;
    };
  }
  return machine.provide({ guards: wrapped } as any) as AnyStateMachine;
}

/** Whether the machine selects a transition for the event in that snapshot. */
function handles(machine: AnyStateMachine, snapshot: Snapshot, event: EventObject): boolean {
  return (machine as any).getTransitionData(snapshot, event).length > 0;
}

/** Whether an active state of the snapshot has a guarded transition for the event type. */
function isGuarded(snapshot: Snapshot, type: string): boolean {
  return snapshot._nodes.some((node) =>
    ((node as unknown as AnyNode).transitions?.get(type) ?? []).some((t) => t.guard !== undefined),
  );
}

/**
 * Test paths from the machine: the shortest path to every state, simple paths, and one path
 * per edge of the state graph (the shortest path to the edge's source, then the edge), so that
 * transitions back into states already reached are exercised too, and events a guard refuses
 * (so each guard is seen false as well). Duplicates are dropped.
 */
export function generatePaths(model: MachineModel) {
  const serializeState =
    model.serializeState ?? (serializeSnapshot as unknown as (s: Snapshot) => string);
  const options = { events: eventsWithDelays(model), input: model.input, serializeState } as any;
  const shortest = getShortestPaths(model.machine, options) as unknown as Path[];
  const adjacency = getAdjacencyMap(model.machine, options) as unknown as Record<
    string,
    { transitions: Record<string, { event: EventObject; state: unknown }> }
  >;
  const small = Object.keys(adjacency).length <= (model.simplePathMaxStates ?? 40);
  const simple = small ? (getSimplePaths(model.machine, options) as unknown as Path[]) : [];
  const bySource = new Map<string, Path>();
  for (const p of shortest) bySource.set(serializeState(p.state as Snapshot), p);
  const edges: Path[] = [];
  const refused = new Set<string>();
  // One path per edge the machine handles: events no state handles teach nothing.
  for (const [source, value] of Object.entries(adjacency)) {
    const prefix = bySource.get(source);
    if (!prefix) throw new Error(`no shortest path to ${source}: serializeState is inconsistent`);
    const from = (value as unknown as { state: Snapshot }).state;
    for (const t of Object.values(value.transitions)) {
      // Handled includes a deliberate no-op (`"cart.add": {}` drops the event on purpose),
      // which `snapshot.can()` reports as false.
      if (!handles(model.machine, from, t.event)) {
        // An event a guard refuses is kept once per state (as the model serializes it) and
        // event, payload included: it shows the guard false, and a guard that wrongly refuses
        // one payload among several (an expired token kept, say), or refuses in every state
        // (sign-in's submit with both fields filled), reaches the oracle too, not hidden
        // behind the first refusal of the same state value.
        // An event no state handles is kept once per state value and event: the oracle then
        // sees a transition the machine lost (a state whose `on` was emptied drops the event
        // the model expects it to take).
        const refusal = isGuarded(from, t.event.type)
          ? `${source} ${JSON.stringify(t.event)}`
          : `${JSON.stringify(from.value)} ${JSON.stringify(t.event)}`;
        if (refused.has(refusal)) continue;
        refused.add(refusal);
      }
      edges.push({
        state: t.state,
        steps: [...prefix.steps, { event: t.event, state: t.state }],
        weight: prefix.weight + 1,
      });
    }
  }
  const seen = new Set<string>();
  const all = [...shortest, ...simple, ...edges].filter((p) => {
    const key = p.steps.map((s) => JSON.stringify(s.event)).join(">");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { shortest: shortest.length, simple: simple.length, edges: edges.length, paths: all };
}

export interface ReplayResult {
  states: Set<string>;
  transitions: Set<string>;
  failures: string[];
  /** How many times an invariant was evaluated (invariants x snapshots). */
  invariantChecks: number;
  /** Each step as the actor took it: the event, the snapshot after it, the transitions taken. */
  steps: TracedStep[];
  /** How many steps the model's oracle checked. */
  oracleChecks: number;
}

/** One replayed step: what was sent, where the actor went, which transitions it took. */
export interface TracedStep {
  event: EventObject;
  value: unknown;
  context: unknown;
  takes: string[];
}

/** What a run records besides states and transitions. */
export interface RunOptions {
  /** Filled with the outcomes of every guard evaluation of the replayed actors. */
  guards?: GuardOutcomes;
  /**
   * Keep each replayed path's trace (default true). A caller that reads only the failures
   * (the seeded-bug oracles) leaves them out: tens of thousands of traced snapshots held at
   * once took a test worker past its 4 GB heap.
   */
  traces?: boolean;
  /**
   * Stops replaying once a path fails with a failure this accepts (the seeded-bug oracles look
   * for one telling failure: replaying every other path of a big model only held memory).
   */
  stopWhen?: (failure: string) => boolean;
}

/**
 * Replays a path on a real actor with a simulated clock. Delay events advance the clock (the
 * machine's own timer fires); other events, the runtime's done/error events included, are sent.
 * After each step the actor must be in the state the path expects, and every invariant holds.
 * Coverage is recorded from the transitions the actor really took (inspection), not the path.
 */
export function replay(
  model: MachineModel,
  path: Pick<Path, "steps">,
  options: { machine?: AnyStateMachine } = {},
): ReplayResult {
  // A machine from provide() has new state nodes: keys come from the machine that really runs.
  const machine = options.machine ?? model.machine;
  const keys = transitionKeys(machine);
  const states = new Set<string>();
  const transitions = new Set<string>();
  const failures: string[] = [];
  const steps: TracedStep[] = [];
  let takes: string[] = [];
  let invariantChecks = 0;
  let oracleChecks = 0;
  const delays = delaysOf(model.machine);
  const clock = new SimulatedClock();
  let actions: OracleStep["actions"] = [];
  let started: OracleStep["started"] = {};
  let startedRefs: [string, unknown][] = [];
  // Set once the actor exists: its children are the services a step starts.
  const root: { actor?: unknown } = {};
  const actor = createActor(machine, {
    input: model.input,
    clock,
    inspect: (e) => {
      if (e.type === "@xstate.action") {
        const a = (e as unknown as { action: { type: string; params: unknown } }).action;
        if (!a.type.startsWith("xstate.")) actions.push({ type: a.type, params: a.params });
        return;
      }
      if (e.type === "@xstate.actor") {
        const ref = e.actorRef as unknown as { id: string; _parent?: unknown; options?: any };
        // A child of the root actor (created while the actor is being built, for the first state).
        const parent = ref._parent as { _parent?: unknown } | undefined;
        if (parent && (parent === root.actor || (root.actor === undefined && !parent._parent))) {
          started[ref.id] = ref.options?.input;
          startedRefs.push([ref.id, ref]);
        }
        return;
      }
      if (e.type !== "@xstate.microstep") return;
      for (const t of (e as unknown as { _transitions: AnyTransition[] })._transitions) {
        const key = keys.get(t);
        if (key) {
          transitions.add(key);
          takes.push(key);
        }
        // A state left at once by an eventless transition is visited even if no snapshot shows it.
        states.add(t.source.id);
      }
    },
  });
  const record = () => {
    const snap = actor.getSnapshot() as unknown as Snapshot;
    for (const node of snap._nodes) states.add(node.id);
    for (const [name, holds] of Object.entries(model.invariants ?? {})) {
      invariantChecks++;
      if (!holds(snap))
        failures.push(`invariant "${name}" broken in ${JSON.stringify(snap.value)}`);
    }
  };
  root.actor = actor;
  const trace = (event: EventObject) => {
    const snap = actor.getSnapshot() as unknown as Snapshot;
    steps.push({ event, value: snap.value, context: snap.context, takes });
    takes = [];
  };
  let before: { value: unknown; context: unknown } | null = null;
  const earlier: unknown[] = [];
  const check = (event: EventObject) => {
    const snap = actor.getSnapshot() as unknown as Snapshot & { status: string };
    const after = { value: snap.value, context: snap.context, status: snap.status };
    const step: OracleStep = {
      input: model.input,
      event,
      before: before ?? after,
      earlier: [...earlier],
      after,
      actions,
      started,
    };
    // A service whose state was left within the same step (an eventless transition out of an
    // invoking state) was stopped before it started: it made no call.
    const children = (snap as { children?: Record<string, unknown> }).children ?? {};
    for (const [id, ref] of startedRefs) if (children[id] !== ref) delete step.started[id];
    startedRefs = [];
    before = { value: snap.value, context: snap.context };
    earlier.push(snap.value);
    actions = [];
    started = {};
    const expected = model.oracle?.(step);
    if (!expected) return;
    oracleChecks++;
    for (const problem of checkOracle(step, expected))
      failures.push(`oracle after ${event.type}: ${problem}`);
  };
  actor.start();
  record();
  check({ type: "xstate.init" });
  trace({ type: "xstate.init" });
  for (const [n, step] of path.steps.entries()) {
    if (n === 0 && step.event.type === "xstate.init") continue;
    const delay = delays.get(step.event.type);
    if (delay !== undefined) clock.increment(delay);
    else actor.send(step.event as any);
    record();
    check(step.event);
    trace(step.event);
    const expected = JSON.stringify((step.state as { value: unknown }).value);
    const actual = JSON.stringify((actor.getSnapshot() as unknown as Snapshot).value);
    if (expected !== actual)
      failures.push(`after ${step.event.type}: expected ${expected}, actor is in ${actual}`);
  }
  actor.stop();
  return { states, transitions, failures, invariantChecks, oracleChecks, steps };
}

/** Replays every generated path and reports what the actor covered. */
export function runPathTests(model: MachineModel, options: RunOptions = {}) {
  const generated = generatePaths(model);
  const graph = machineGraph(model.machine);
  const machine = options.guards
    ? withGuardRecording(model.machine, options.guards)
    : model.machine;
  const states = new Set<string>();
  const transitions = new Set<string>();
  const failures: string[] = [];
  let invariantChecks = 0;
  let oracleChecks = 0;
  const traces: TracedStep[][] = [];
  for (const path of generated.paths) {
    const r = replay(model, path, { machine });
    if (options.traces !== false) traces.push(r.steps);
    invariantChecks += r.invariantChecks;
    oracleChecks += r.oracleChecks;
    r.states.forEach((s) => states.add(s));
    r.transitions.forEach((t) => transitions.add(t));
    failures.push(
      ...r.failures.map((f) => `${path.steps.map((s) => s.event.type).join(" > ")}: ${f}`),
    );
    if (options.stopWhen && r.failures.some(options.stopWhen)) break;
  }
  const allTransitions = graph.transitions.map((t, i) => transitionKey(t, i));
  return {
    paths: generated.paths.length,
    shortest: generated.shortest,
    /** The event types of each replayed path (the runtime's start event left out). */
    sequences: generated.paths.map((p, n) => ({
      events: p.steps.map((s) => s.event.type).filter((type) => type !== "xstate.init"),
      // generatePaths lists the shortest paths first.
      shortest: n < generated.shortest,
      input: 0,
    })),
    /** Each replayed path as the actor took it, in the order of `sequences`. */
    traces: traces.map((steps) => ({ steps, input: 0 })),
    invariantChecks,
    oracleChecks,
    failures,
    states: {
      covered: states.size,
      total: graph.states.length,
      missing: graph.states.filter((s) => !states.has(s)),
    },
    transitions: {
      covered: transitions.size,
      total: allTransitions.length,
      missing: allTransitions.filter((t) => !transitions.has(t)),
    },
  };
}

/** Path tests for several inputs (e.g. a valid and an expired stored session), coverage merged. */
export function runPathTestsForInputs(
  model: MachineModel,
  inputs: readonly unknown[],
  options: RunOptions = {},
) {
  const runs: ReturnType<typeof runPathTests>[] = [];
  for (const input of inputs) {
    const run = runPathTests({ ...model, input }, options);
    runs.push(run);
    if (options.stopWhen && run.failures.some(options.stopWhen)) break;
  }
  const missingStates = runs
    .map((r) => new Set(r.states.missing))
    .reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
  const missingTransitions = runs
    .map((r) => new Set(r.transitions.missing))
    .reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
  const first = runs[0]!;
  return {
    paths: runs.reduce((a, r) => a + r.paths, 0),
    shortest: runs.reduce((a, r) => a + r.shortest, 0),
    sequences: runs.flatMap((r, input) => r.sequences.map((q) => ({ ...q, input }))),
    traces: runs.flatMap((r, input) => r.traces.map((t) => ({ ...t, input }))),
    invariantChecks: runs.reduce((a, r) => a + r.invariantChecks, 0),
    oracleChecks: runs.reduce((a, r) => a + r.oracleChecks, 0),
    failures: runs.flatMap((r) => r.failures),
    states: {
      total: first.states.total,
      covered: first.states.total - missingStates.size,
      missing: [...missingStates],
    },
    transitions: {
      total: first.transitions.total,
      covered: first.transitions.total - missingTransitions.size,
      missing: [...missingTransitions],
    },
  };
}

/** Path tests of a registered model: once per input when it declares several, else once. */
export function runModel(model: MachineModel, options: RunOptions = {}) {
  return model.inputs
    ? runPathTestsForInputs(model, model.inputs, options)
    : runPathTests(model, options);
}

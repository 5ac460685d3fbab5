/* eslint-disable @typescript-eslint/no-explicit-any -- one runner for every machine's types */
import { createActor, createMachine, type AnyStateMachine, type EventObject } from "xstate";
import { getAdjacencyMap, getShortestPaths } from "xstate/graph";
import type { E2EContext, E2ETest } from "../../e2e/harness";
import { machineGraph, transitionKey } from "../machines/support/paths";

type Snapshot = { value: unknown; context: any; status?: string };

/**
 * A machine driving the real UI: which events a person (or the real server) causes in each
 * state, how a person causes each one in the browser, and what the page must show in each
 * state. Events the server causes (`xstate.done.actor.*`) come from an oracle that answers as
 * the demo server will for the context at hand, so every generated path can happen for real.
 */
export interface BrowserModel {
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  /** What a person may do here, plus the server's answer while a call runs. */
  events: (snapshot: Snapshot) => EventObject[];
  /** Which abstract situation the page is in (path generation). */
  serializeState: (snapshot: Snapshot) => string;
  /**
   * Opens the page the machine lives on, signed in as needed. `upcoming` are the journey's
   * events (e.g. which answer the page's first call is to get).
   */
  start: (ctx: E2EContext, upcoming: EventObject[]) => Promise<void>;
  /**
   * Does in the browser what the event stands for; events the server causes need nothing.
   * `upcoming` are the events after it, so that a model can arrange in advance how the calls
   * the event makes are answered (e.g. a dropped connection).
   */
  act: (ctx: E2EContext, event: EventObject, upcoming: EventObject[]) => Promise<void>;
  /** Checks what the page shows in a state (the snapshot the machine is in after the step). */
  assert: (ctx: E2EContext, snapshot: Snapshot) => Promise<void>;
  /** How a journey's name shows an event (default: its type and the value typed, if any). */
  describe?: (event: EventObject) => string;
  /**
   * Which paths become journeys: one shortest path per abstract state (default), or, with
   * "transitions", the shortest paths that together take every transition of the machine and
   * reach every state node (for machines whose abstract states are too many to visit one by one);
   * with "fewest", the fewest of the "transitions" journeys that together still take every
   * transition `fewestCounts` counts and reach every state node those take (a second run, e.g.
   * on a phone).
   */
  coverage?: "states" | "transitions" | "fewest";
  /**
   * With coverage "fewest": which transitions and state nodes (by key: a transition's, or
   * `state <id>`) the second run must take again (default: all).
   */
  fewestCounts?: (key: string) => boolean;
  /**
   * With coverage "transitions": situations that must each be reached as well (the shortest
   * path to the first abstract state where the predicate holds, given the state and the event
   * that led there), e.g. a refusal's flavours.
   */
  goals?: Record<string, (snapshot: Snapshot, event?: EventObject) => boolean>;
  /**
   * With coverage "transitions": transitions a browser cannot cause, by a part of their key
   * (`editing --registration.goTo`), with the reason. Generation fails when a transition is
   * neither taken nor listed, or listed but taken, so the list stays honest.
   */
  unreachable?: Record<string, string>;
  /**
   * With coverage "transitions": whether the page has settled in this state (no call of the
   * page waits for its answer). A journey never ends unsettled: it goes on with the first event
   * the model offers (the server's first answer) until it settles, so its last check is one of
   * a page at rest.
   */
  settled?: (snapshot: Snapshot) => boolean;
  /**
   * With coverage "transitions": the same machine's models for other starting situations (a
   * machine's input is fixed per model); what their journeys take counts for this one's check
   * of the transitions taken or listed, so a transition only another start can take is not
   * listed as unreachable.
   */
  family?: BrowserModel[];
}

type Step = { event: EventObject; state: Snapshot };
type Path = { state: Snapshot; steps: Step[] };

/**
 * One browser journey per shortest path of the machine (one per abstract state, or per new
 * transition with `coverage: "transitions"`): the path's events are performed in the real UI
 * against the real server, and after every step the page must show what the state the machine
 * reached says.
 */
export function modelJourneys(model: BrowserModel): E2ETest[] {
  let paths: Path[];
  try {
    paths = modelPaths(model);
  } catch (error) {
    // A model that no longer fits its machine fails as one journey, not the whole run's import.
    return [
      {
        name: `${model.name} model: path generation`,
        run: () => Promise.reject(error),
      },
    ];
  }
  return paths.map((path) => {
    const steps = path.steps.filter((s) => s.event.type !== "xstate.init");
    const label = steps.map((s) => (model.describe ?? describeEvent)(s.event)).join(" > ");
    return {
      name: `${model.name} model: ${label || "initial state"}`,
      async run(ctx) {
        const events = steps.map((s) => s.event);
        await model.start(ctx, events);
        await model.assert(ctx, path.steps[0]!.state);
        for (const [i, step] of steps.entries()) {
          await model.act(ctx, step.event, events.slice(i + 1));
          await model.assert(ctx, step.state);
        }
      },
    };
  });
}

/** The paths a model's journeys replay (see `BrowserModel.coverage`). */
export function modelPaths(model: BrowserModel): Path[] {
  // What the paths depend on: a second run of a model (its copy with another name or start)
  // shares them.
  const parts = [
    model.machine,
    model.events,
    model.serializeState,
    model.unreachable,
    model.goals,
    model.family,
    model.settled,
    model.fewestCounts,
    model.coverage,
  ];
  const hit = pathCache.find((c) => c.parts.every((p, i) => p === parts[i]));
  if (hit) return hit.paths;
  const paths = generatePaths(model);
  pathCache.push({ parts, paths });
  return paths;
}

const pathCache: { parts: unknown[]; paths: Path[] }[] = [];

function generatePaths(model: BrowserModel): Path[] {
  const options = optionsOf(model);
  if (model.coverage === "transitions") return transitionPaths(model, options);
  if (model.coverage === "fewest")
    return fewestPaths(
      model,
      modelPaths({ ...model, coverage: "transitions", fewestCounts: undefined }),
    );
  return getShortestPaths(model.machine, options) as unknown as Path[];
}

/**
 * Greedy set cover: the path adding the most transitions and state nodes not yet taken is
 * kept, until the kept paths take all that the given paths take together.
 */
function fewestPaths(model: BrowserModel, paths: Path[]): Path[] {
  const counts = model.fewestCounts ?? (() => true);
  const graph = machineGraph(model.machine);
  const keys = new Map(graph.transitions.map((t, i) => [t, transitionKey(t, i)]));
  const takes = paths.map((path) => {
    const taken = new Set<string>();
    path.steps.forEach((step, i) => {
      for (const node of (step.state as any)._nodes as { id: string }[])
        if (counts(`state ${node.id}`)) taken.add(`state ${node.id}`);
      const from = path.steps[i - 1]?.state;
      if (!from) return;
      for (const t of microsteps(model.machine, from, step.event).taken) {
        const key = keys.get(t as never);
        if (key && counts(key)) taken.add(key);
      }
    });
    return taken;
  });
  const covered = new Set<string>();
  const kept: Path[] = [];
  for (;;) {
    let best = -1;
    let gain = 0;
    takes.forEach((taken, i) => {
      const fresh = [...taken].filter((k) => !covered.has(k)).length;
      if (fresh > gain) [best, gain] = [i, fresh];
    });
    if (best < 0) return kept;
    takes[best]!.forEach((k) => covered.add(k));
    kept.push(paths[best]!);
  }
}

/**
 * The shortest paths that together take every transition of the machine: each edge of the
 * abstract graph is the shortest path to its source plus the edge; edges are tried shortest
 * first and kept when they take a transition (or reach a state node, or a goal) no kept path
 * took yet. Paths that are the start of another kept path are dropped: the longer journey
 * asserts every state of the shorter one on its way.
 */
function transitionPaths(model: BrowserModel, options: any): Path[] {
  const graph = machineGraph(model.machine);
  const keys = new Map(graph.transitions.map((t, i) => [t, transitionKey(t, i)]));
  const { kept, covered: own } = coveringPaths(model, options);
  // What the same machine's other models take counts too (their checks are the same).
  const covered = new Set(own);
  for (const other of model.family ?? [])
    coveringPaths(other, optionsOf(other)).covered.forEach((k) => covered.add(k));
  const problems: string[] = [];
  const reasons = Object.keys(model.unreachable ?? {});
  for (const key of keys.values()) {
    const listed = reasons.some((part) => key.includes(part));
    if (!covered.has(key) && !listed) problems.push(`no journey takes ${key}`);
    if (covered.has(key) && listed) problems.push(`listed as unreachable but taken: ${key}`);
  }
  for (const id of graph.states)
    if (!covered.has(`state ${id}`) && !reasons.some((part) => id.includes(part)))
      problems.push(`no journey reaches ${id}`);
  for (const goal of Object.keys(model.goals ?? {}))
    if (!own.has(`goal ${goal}`)) problems.push(`goal not reached: ${goal}`);
  if (problems.length > 0) throw new Error(`${model.name} model: ${problems.join("; ")}`);
  if (model.settled) kept.forEach((path) => settle(model, path));
  // Settling can make two journeys the same: the first is kept.
  const names = kept.map((p) => p.steps.map((s) => JSON.stringify(s.event)).join(">"));
  return kept.filter(
    (_, i) =>
      names.indexOf(names[i]!) === i &&
      !names.some((other, j) => j !== i && other.startsWith(`${names[i]}>`)),
  );
}

/** The traversal options of a model (its events, input and abstraction). */
function optionsOf(model: BrowserModel): any {
  return {
    events: (s: any) => (s.status === "done" ? [] : model.events(s)),
    input: model.input,
    serializeState: model.serializeState as any,
  };
}

/** The kept paths of coverage "transitions" and what they take together (unchecked). */
function coveringPaths(model: BrowserModel, options: any) {
  const graph = machineGraph(model.machine);
  const keys = new Map(graph.transitions.map((t, i) => [t, transitionKey(t, i)]));
  const adjacency = getAdjacencyMap(model.machine, options) as unknown as Record<
    string,
    { state: Snapshot; transitions: Record<string, { event: EventObject; state: Snapshot }> }
  >;
  const nodesOf = (s: Snapshot) =>
    ((s as any)._nodes as { id: string }[]).map((n) => `state ${n.id}`);
  /** What a step takes: the machine's transitions, the state nodes it enters, goals met. */
  const stepTakes = (from: Snapshot, step: Step): string[] => [
    ...microsteps(model.machine, from, step.event).taken.flatMap((t) => [
      ...[keys.get(t as never)].filter((k): k is string => k !== undefined),
      // A state left at once by an eventless transition is visited though no snapshot shows it.
      `state ${(t as { source: { id: string } }).source.id}`,
    ]),
    ...nodesOf(step.state),
    ...Object.entries(model.goals ?? {})
      .filter(([, holds]) => holds(step.state, step.event))
      .map(([goal]) => `goal ${goal}`),
  ];
  // Every event is one step: a breadth-first walk gives the shortest path to each state (the
  // graph is walked once; getShortestPaths would walk it again), and what that path takes.
  const [first] = Object.keys(adjacency);
  const init = adjacency[first!]!.state;
  const shortest = new Map<string, { path: Path; takes: Set<string> }>([
    [
      first!,
      {
        path: { state: init, steps: [{ event: { type: "xstate.init" }, state: init }] },
        takes: new Set(nodesOf(init)),
      },
    ],
  ]);
  const candidates: { path: Path; takes: Set<string> }[] = [];
  for (const queue = [first!]; queue.length > 0;) {
    const source = queue.shift()!;
    const { path: prefix, takes: before } = shortest.get(source)!;
    const from = adjacency[source]!.state;
    for (const edge of Object.values(adjacency[source]!.transitions)) {
      const takes = new Set([...before, ...stepTakes(from, edge)]);
      const path = { state: edge.state, steps: [...prefix.steps, edge] };
      candidates.push({ path, takes });
      const target = model.serializeState(edge.state);
      if (shortest.has(target)) continue;
      shortest.set(target, { path, takes });
      queue.push(target);
    }
  }
  candidates.sort((a, b) => a.path.steps.length - b.path.steps.length);
  const covered = new Set<string>();
  let kept: { path: Path; takes: Set<string> }[] = [];
  for (const c of candidates) {
    if ([...c.takes].every((k) => covered.has(k))) continue;
    c.takes.forEach((k) => covered.add(k));
    kept.push(c);
  }
  // A short journey kept first may be covered by longer ones kept after it: dropped.
  for (const c of [...kept]) {
    const others = kept.filter((o) => o !== c);
    if ([...c.takes].every((k) => others.some((o) => o.takes.has(k)))) kept = others;
  }
  return { kept: kept.map((c) => c.path), covered };
}

/**
 * Extends a path that ends while a call waits for its answer with the first event the model
 * offers there (the server's first answer), until the page settles.
 */
function settle(model: BrowserModel, path: Path) {
  for (let i = 0; i < 20; i++) {
    const last = path.steps[path.steps.length - 1]!.state;
    if ((last as { status?: string }).status === "done" || model.settled!(last)) return;
    const [event] = model.events(last);
    if (!event) return;
    const { next } = microsteps(model.machine, last, event);
    path.steps.push({ event, state: next });
    path.state = next;
  }
  throw new Error(`${model.name} model: a journey does not settle`);
}

/**
 * The machine's next snapshot for an event, and the transitions it took on the way (the
 * eventless ones after the event's included), as the actor's inspection reports them.
 */
export function microsteps(machine: AnyStateMachine, from: Snapshot, event: EventObject) {
  const taken: unknown[] = [];
  probe.sink = taken;
  const next = (machine as any).transition(from, event, probe.scope) as Snapshot;
  return { taken, next };
}

/** An actor scope whose system reports the microsteps (and so the transitions) it runs. */
const probe = (() => {
  const state: { sink: unknown[]; scope?: unknown } = { sink: [] };
  const self = createActor(createMachine({}), {
    inspect: (e) => {
      if (e.type === "@xstate.microstep")
        state.sink.push(...(e as unknown as { _transitions: unknown[] })._transitions);
    },
  });
  state.scope = {
    self,
    logger: () => {},
    id: "",
    sessionId: "model",
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
  return state;
})();

/**
 * What a model's journeys take of its machine: transitions taken by a browser, listed as
 * unreachable (with the reason), and the machine's total (for the report).
 */
export function browserCoverage(model: BrowserModel, paths = modelPaths(model)) {
  const graph = machineGraph(model.machine);
  const keys = new Map(graph.transitions.map((t, i) => [t, transitionKey(t, i)]));
  const taken = new Set<string>();
  for (const path of paths)
    path.steps.forEach((step, i) => {
      const from = path.steps[i - 1]?.state;
      if (!from) return;
      for (const t of microsteps(model.machine, from, step.event).taken) {
        const key = keys.get(t as never);
        if (key) taken.add(key);
      }
    });
  const listed = [...keys.values()].filter((key) =>
    Object.keys(model.unreachable ?? {}).some((part) => key.includes(part)),
  );
  return {
    journeys: paths.length,
    taken: taken.size,
    unreachable: listed.length,
    total: keys.size,
  };
}

/** An event as a journey's name shows it: its type and the value a person typed, if any. */
function describeEvent(event: EventObject): string {
  if (event.type.startsWith("xstate.done.actor.")) return `server answers ${event.type.slice(18)}`;
  const value = (event as { value?: unknown }).value;
  return value === undefined ? event.type : `${event.type}(${JSON.stringify(value)})`;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- one runner for every machine's types */
import type { AnyStateMachine, EventObject } from "xstate";
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
  /** Opens the page the machine lives on, signed in as needed. */
  start: (ctx: E2EContext) => Promise<void>;
  /** Does in the browser what the event stands for; events the server causes need nothing. */
  act: (ctx: E2EContext, event: EventObject) => Promise<void>;
  /** Checks what the page shows in a state (the snapshot the machine is in after the step). */
  assert: (ctx: E2EContext, snapshot: Snapshot) => Promise<void>;
  /** How a journey's name shows an event (default: its type and the value typed, if any). */
  describe?: (event: EventObject) => string;
  /**
   * Which paths become journeys: one shortest path per abstract state (default), or, with
   * "transitions", the shortest paths that together take every transition of the machine and
   * reach every state node (for machines whose abstract states are too many to visit one by one);
   * with "fewest", the fewest of the "states" journeys that together still take every
   * transition and reach every state node those take (a second run, e.g. on a phone).
   */
  coverage?: "states" | "transitions" | "fewest";
  /**
   * With coverage "transitions": situations that must each be reached as well (the shortest
   * path to the first abstract state where the predicate holds), e.g. a refusal's flavours.
   */
  goals?: Record<string, (snapshot: Snapshot) => boolean>;
  /**
   * With coverage "transitions": transitions a browser cannot cause, by a part of their key
   * (`editing --registration.goTo`), with the reason. Generation fails when a transition is
   * neither taken nor listed, or listed but taken, so the list stays honest.
   */
  unreachable?: Record<string, string>;
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
        await model.start(ctx);
        await model.assert(ctx, path.steps[0]!.state);
        for (const step of steps) {
          await model.act(ctx, step.event);
          await model.assert(ctx, step.state);
        }
      },
    };
  });
}

/** The paths a model's journeys replay (see `BrowserModel.coverage`). */
export function modelPaths(model: BrowserModel): Path[] {
  const options = {
    events: (s: any) => (s.status === "done" ? [] : model.events(s)),
    input: model.input,
    serializeState: model.serializeState as any,
  } as any;
  if (model.coverage === "transitions") return transitionPaths(model, options);
  const shortest = getShortestPaths(model.machine, options) as unknown as Path[];
  return model.coverage === "fewest" ? fewestPaths(model, shortest) : shortest;
}

/**
 * Greedy set cover: the path adding the most transitions and state nodes not yet taken is
 * kept, until the kept paths take all that the given paths take together.
 */
function fewestPaths(model: BrowserModel, paths: Path[]): Path[] {
  const graph = machineGraph(model.machine);
  const keys = new Map(graph.transitions.map((t, i) => [t, transitionKey(t, i)]));
  const takes = paths.map((path) => {
    const taken = new Set<string>();
    path.steps.forEach((step, i) => {
      for (const node of (step.state as any)._nodes as { id: string }[])
        taken.add(`state ${node.id}`);
      const from = path.steps[i - 1]?.state;
      if (!from) return;
      for (const t of (model.machine as any).getTransitionData(from, step.event) as unknown[]) {
        const key = keys.get(t as never);
        if (key) taken.add(key);
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
  const adjacency = getAdjacencyMap(model.machine, options) as unknown as Record<
    string,
    { state: Snapshot; transitions: Record<string, { event: EventObject; state: Snapshot }> }
  >;
  const nodesOf = (s: Snapshot) =>
    ((s as any)._nodes as { id: string }[]).map((n) => `state ${n.id}`);
  /** What a step takes: the machine's transitions, the state nodes it enters, goals met. */
  const stepTakes = (from: Snapshot, step: Step) => [
    ...((model.machine as any).getTransitionData(from, step.event) as unknown[])
      .map((t) => keys.get(t as never))
      .filter((k): k is string => k !== undefined),
    ...nodesOf(step.state),
    ...Object.entries(model.goals ?? {})
      .filter(([, holds]) => holds(step.state))
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
  const kept: Path[] = [];
  for (const c of candidates) {
    if ([...c.takes].every((k) => covered.has(k))) continue;
    c.takes.forEach((k) => covered.add(k));
    kept.push(c.path);
  }
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
    if (!covered.has(`goal ${goal}`)) problems.push(`goal not reached: ${goal}`);
  if (problems.length > 0) throw new Error(`${model.name} model: ${problems.join("; ")}`);
  const names = kept.map((p) => p.steps.map((s) => JSON.stringify(s.event)).join(">"));
  return kept.filter(
    (_, i) => !names.some((other, j) => j !== i && other.startsWith(`${names[i]}>`)),
  );
}

/** An event as a journey's name shows it: its type and the value a person typed, if any. */
function describeEvent(event: EventObject): string {
  if (event.type.startsWith("xstate.done.actor.")) return `server answers ${event.type.slice(18)}`;
  const value = (event as { value?: unknown }).value;
  return value === undefined ? event.type : `${event.type}(${JSON.stringify(value)})`;
}

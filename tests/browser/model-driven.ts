/* eslint-disable @typescript-eslint/no-explicit-any -- one runner for every machine's types */
import type { AnyStateMachine, EventObject } from "xstate";
import { getShortestPaths } from "xstate/graph";
import type { E2EContext, E2ETest } from "../../e2e/harness";

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
}

/**
 * One browser journey per shortest path of the machine (one per abstract state): the path's
 * events are performed in the real UI against the real server, and after every step the page
 * must show what the state the machine reached says.
 */
export function modelJourneys(model: BrowserModel): E2ETest[] {
  const paths = getShortestPaths(model.machine, {
    events: (s: any) => (s.status === "done" ? [] : model.events(s)),
    input: model.input,
    serializeState: model.serializeState as any,
  } as any) as unknown as { steps: { event: EventObject; state: Snapshot }[] }[];
  return paths.map((path) => {
    const steps = path.steps.filter((s) => s.event.type !== "xstate.init");
    const label = steps.map((s) => describeEvent(s.event)).join(" > ");
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

/** An event as a journey's name shows it: its type and the value a person typed, if any. */
function describeEvent(event: EventObject): string {
  if (event.type.startsWith("xstate.done.actor.")) return `server answers ${event.type.slice(18)}`;
  const value = (event as { value?: unknown }).value;
  return value === undefined ? event.type : `${event.type}(${JSON.stringify(value)})`;
}

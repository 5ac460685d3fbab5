/* eslint-disable @typescript-eslint/no-explicit-any -- walks any machine's definition */
import type { AnyStateMachine } from "xstate";
import { delayEvents, guardLabel } from "./paths.js";

/** One state node of a machine, as the docs and the auditor view show it. */
export interface StateDoc {
  /** The runtime id (`checkout.active.details`). */
  id: string;
  /** Keys from the root, dot-separated (`active.details`); "" for the root. */
  path: string;
  key: string;
  type: "atomic" | "compound" | "parallel" | "final" | "history";
  description: string | null;
  /** The id of the Mermaid node drawing it. */
  mermaidId: string;
  initial: string | null;
  invokes: { id: string; src: string }[];
  depth: number;
}

/** One transition definition, with what triggers it in readable form. */
export interface TransitionDoc {
  from: string;
  /** The event type as the runtime names it (`xstate.after.500.session.checking`). */
  event: string;
  /** `after 500 ms`, `onDone loadCheckout`, `always`, or the event type. */
  trigger: string;
  guard: string | null;
  /** Target state paths; empty for a transition that stays (actions only). */
  to: string[];
  delayMs: number | null;
}

/** The structure of a machine, walked from `machine.root`. */
export interface MachineDoc {
  id: string;
  description: string | null;
  states: StateDoc[];
  transitions: TransitionDoc[];
  /** Named guard implementations of the machine. */
  guardNames: string[];
}

type Node = {
  id: string;
  key: string;
  type: StateDoc["type"];
  description?: string;
  path: string[];
  states: Record<string, Node>;
  initial?: { target: Node[] };
  invoke: { id: string; src: unknown }[];
  transitions: Map<string, any[]>;
  always?: any[];
};

const mermaidIdOf = (path: string[]) =>
  path.length === 0 ? "root" : `s_${path.join("_").replace(/[^A-Za-z0-9_]/g, "_")}`;

const pathOf = (node: { path: string[] }) => node.path.join(".");

/** Walks the machine definition: states (history included), transitions, guard names. */
export function describeMachine(machine: AnyStateMachine): MachineDoc {
  const delays = delayEvents(machine);
  const states: StateDoc[] = [];
  const transitions: TransitionDoc[] = [];
  const walk = (node: Node) => {
    states.push({
      id: node.id,
      path: pathOf(node),
      key: node.key,
      type: node.type,
      description: node.description ?? null,
      mermaidId: mermaidIdOf(node.path),
      initial: node.initial?.target[0] ? pathOf(node.initial.target[0]) : null,
      invokes: node.invoke.map((i) => ({
        id: i.id,
        src: typeof i.src === "string" ? i.src : "inline",
      })),
      depth: node.path.length,
    });
    if (node.type === "history") return;
    const defs = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of defs) {
      const event: string = t.eventType;
      transitions.push({
        from: pathOf(node),
        event,
        trigger: triggerOf(event, delays),
        guard: t.guard === undefined ? null : guardLabel(t.guard),
        to: (t.target ?? []).map((n: Node) => pathOf(n)),
        delayMs: delays.get(event) ?? null,
      });
    }
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root as unknown as Node);
  const guards = (machine.implementations as { guards?: Record<string, unknown> }).guards ?? {};
  return {
    id: machine.id,
    description: (machine.root as unknown as { description?: string }).description ?? null,
    states,
    transitions,
    guardNames: Object.keys(guards).sort(),
  };
}

function triggerOf(event: string, delays: Map<string, number>): string {
  if (event === "") return "always";
  const ms = delays.get(event);
  if (ms !== undefined) return `after ${ms} ms`;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event);
  if (actor) return `${actor[1] === "done" ? "onDone" : "onError"} ${actor[2]}`;
  if (event.startsWith("xstate.done.state.")) return "onDone";
  return event;
}

/** Text Mermaid shows as is: its statement characters replaced by harmless look-alikes. */
export function mermaidText(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/;/g, ",")
    .replace(/:/g, " -")
    .replace(/#/g, "no. ")
    .replace(/"/g, "'")
    .replace(/\{/g, "(")
    .replace(/\}/g, ")")
    .replace(/</g, "‹")
    .replace(/>/g, "›")
    .trim();
}

function wrap(text: string, width = 44): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The class Mermaid draws the active state(s) with in the live view. */
export const ACTIVE_CLASS = "activeState";

/**
 * A Mermaid `stateDiagram-v2` of the machine: nested and parallel states (regions split by
 * `--`), initial and final states, history nodes, every transition labelled with its trigger
 * (event, `after N ms`, `onDone`/`onError` of an invoked actor, `always`) and guard, and the
 * descriptions and invoked actors of the leaf states. `active` paths get the active class.
 */
export function mermaidDiagram(doc: MachineDoc, active: readonly string[] = []): string {
  const byPath = new Map(doc.states.map((s) => [s.path, s]));
  const children = (path: string) =>
    doc.states.filter(
      (s) => s.depth > 0 && s.path.split(".").slice(0, -1).join(".") === path && s.path !== path,
    );
  const out: string[] = ["stateDiagram-v2"];
  const emit = (state: StateDoc, indent: string) => {
    const kids = children(state.path);
    if (state.type === "history") {
      out.push(`${indent}state "H (history)" as ${state.mermaidId}`);
      return;
    }
    if (kids.length === 0) {
      out.push(`${indent}state "${mermaidText(state.key)}" as ${state.mermaidId}`);
      const lines = state.description ? wrap(mermaidText(state.description)) : [];
      for (const i of state.invokes) lines.push(`invokes ${mermaidText(i.src)}`);
      for (const line of lines) out.push(`${indent}${state.mermaidId} : ${line}`);
      return;
    }
    out.push(`${indent}state "${mermaidText(state.key)}" as ${state.mermaidId} {`);
    body(state, kids, `${indent}  `);
    out.push(`${indent}}`);
  };
  const body = (state: StateDoc, kids: StateDoc[], indent: string) => {
    if (state.type === "parallel") {
      kids.forEach((kid, n) => {
        if (n > 0) out.push(`${indent}--`);
        emit(kid, indent);
      });
      return;
    }
    const initial = state.initial !== null ? byPath.get(state.initial) : undefined;
    if (initial) out.push(`${indent}[*] --> ${initial.mermaidId}`);
    for (const kid of kids) emit(kid, indent);
    for (const kid of kids) if (kid.type === "final") out.push(`${indent}${kid.mermaidId} --> [*]`);
  };
  const root = byPath.get("")!;
  body(root, children(""), "  ");
  for (const t of doc.transitions) {
    const from = byPath.get(t.from)!.mermaidId;
    const label = mermaidText(`${t.trigger}${t.guard ? ` [${t.guard}]` : ""}`);
    const targets = t.to.length ? t.to : [t.from];
    for (const to of targets) out.push(`  ${from} --> ${byPath.get(to)!.mermaidId} : ${label}`);
  }
  const history = doc.states.filter((s) => s.type === "history").map((s) => s.mermaidId);
  if (history.length)
    out.push("  classDef history font-style:italic", `  class ${history.join(",")} history`);
  const lit = active.map((p) => byPath.get(p)?.mermaidId).filter((x): x is string => !!x);
  if (lit.length) {
    out.push(`  classDef ${ACTIVE_CLASS} fill:gold,stroke:darkorange,stroke-width:3px`);
    out.push(`  class ${lit.join(",")} ${ACTIVE_CLASS}`);
  }
  return `${out.join("\n")}\n`;
}

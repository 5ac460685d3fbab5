import { staffFetch } from "../../lib/staff-session";

/** What `GET /api/v2/admin/machines` answers (docs/machines/machines.json). */
export interface MachineData {
  name: string;
  id: string;
  description: string | null;
  diagram: string;
  states: {
    path: string;
    type: string;
    description: string | null;
    mermaidId: string;
    invokes: string[];
  }[];
  transitions: { from: string; trigger: string; guard: string | null; to: string[] }[];
  guards: { name: string; true: number; false: number }[];
  coverage: {
    paths: number;
    states: { covered: number; total: number };
    transitions: { covered: number; total: number };
    invariants: number;
    /** Steps the model's oracle checked (0: no oracle). */
    oracleChecks?: number;
    passed: boolean;
  } | null;
  /** The mutation score (`npm run test:mutation`, decision 036); null: not measured. */
  mutation?: {
    mutants: number;
    pathScore: number;
    score: number;
    survivors: {
      line: number;
      column: number;
      mutator: string;
      replacement: string;
      /** "Survived", or "NoCoverage" when no test reaches the mutant. */
      status?: string;
    }[];
  } | null;
}

/**
 * Loads the machines. With a staff token always; without one only in the development build,
 * which asks a development server to waive the token (the server decides, see
 * server/http/routes/machines.ts).
 */
export async function fetchMachines(token: string | null, language: string) {
  const headers: Record<string, string> =
    !token && import.meta.env.DEV ? { "X-Machines-Dev": "1" } : {};
  const body = await staffFetch(token, language, "/machines", { headers });
  return (body as { machines: MachineData[] }).machines;
}

/** The state paths a snapshot value is in (`{ active: "details" }` -> active, active.details). */
export function activePaths(value: unknown, prefix = ""): string[] {
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (typeof value === "string") return [join(value)];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, child]) => [
      join(key),
      ...activePaths(child, join(key)),
    ]);
  return [];
}

/**
 * The diagram with the given states drawn as active (the live view). Only leaf states are
 * coloured: Mermaid draws compound states as clusters, which a class does not style.
 */
export function highlighted(machine: MachineData, paths: readonly string[]): string {
  const ids = machine.states
    .filter((s) => paths.includes(s.path) && (s.type === "atomic" || s.type === "final"))
    .map((s) => s.mermaidId);
  if (ids.length === 0) return machine.diagram;
  return `${machine.diagram.trimEnd()}\n  classDef activeState fill:gold,stroke:darkorange,stroke-width:3px\n  class ${ids.join(",")} activeState\n`;
}

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
    survivors: { line: number; column: number; mutator: string; replacement: string }[];
  } | null;
}

/** A refused call: the HTTP status and the server's translated detail when it gave one. */
export class StaffRequestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

const TOKEN_KEY = "portal.staffToken";

/** The staff token of this tab: session storage, so it ends with the tab. */
export const staffToken = {
  read(): string | null {
    try {
      return globalThis.sessionStorage?.getItem(TOKEN_KEY) ?? null;
    } catch {
      return null;
    }
  },
  write(token: string | null) {
    try {
      if (token === null) globalThis.sessionStorage?.removeItem(TOKEN_KEY);
      else globalThis.sessionStorage?.setItem(TOKEN_KEY, token);
    } catch {
      // Storage refused (private mode): the sign-in lasts as long as the page.
    }
  },
};

async function refused(response: Response): Promise<StaffRequestError> {
  const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
  return new StaffRequestError(
    response.status,
    typeof body?.detail === "string" ? body.detail : null,
  );
}

/** Signs a staff member in to the back office; returns the staff token. */
export async function signInStaff(email: string, password: string, language: string) {
  const response = await fetch("/api/v2/admin/token", {
    method: "POST",
    credentials: "omit",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, application/problem+json",
      "Accept-Language": language,
    },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw await refused(response);
  const { token } = (await response.json()) as { token: string };
  return token;
}

/**
 * Signs the staff token out on the server (it is revoked until it expires, issue 18). The tab
 * forgets it at once whatever the answer; `keepalive` lets the call finish if the tab closes.
 */
export async function signOutStaff(token: string): Promise<void> {
  await fetch("/api/v2/admin/token", {
    method: "DELETE",
    credentials: "omit",
    keepalive: true,
    headers: { Authorization: `Bearer ${token}` },
  }).catch(() => undefined);
}

/**
 * Loads the machines. With a staff token always; without one only in the development build,
 * which asks a development server to waive the token (the server decides, see
 * server/http/routes/machines.ts).
 */
export async function fetchMachines(token: string | null, language: string) {
  const headers: Record<string, string> = {
    Accept: "application/json, application/problem+json",
    "Accept-Language": language,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (import.meta.env.DEV) headers["X-Machines-Dev"] = "1";
  const response = await fetch("/api/v2/admin/machines", { credentials: "omit", headers });
  if (!response.ok) throw await refused(response);
  return ((await response.json()) as { machines: MachineData[] }).machines;
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

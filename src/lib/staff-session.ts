/**
 * The back office's staff session in the web app (the machines page, the volume price editor):
 * a staff token from `POST /api/v2/admin/token`, kept in this tab's session storage, so one
 * staff sign-in serves both pages and ends with the tab; signing out revokes it on the server.
 */

/** A refused staff call: the HTTP status and the server's translated detail when it gave one. */
export class StaffCallError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    readonly violations: { propertyPath: string; message: string }[] = [],
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

const TOKEN_KEY = "portal.staffToken";

export const staffSession = {
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

/**
 * A back-office call with the staff token; answers the JSON body, throws `StaffCallError`
 * with the problem's detail and violations.
 */
export async function staffFetch(
  token: string | null,
  language: string,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {
    Accept: "application/json, application/problem+json",
    "Accept-Language": language,
    ...init.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`/api/v2/admin${path}`, {
    method: init.method ?? "GET",
    credentials: "omit",
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    throw new StaffCallError(
      response.status,
      typeof body?.detail === "string" ? body.detail : null,
      Array.isArray(body?.violations)
        ? (body.violations as { propertyPath: string; message: string }[])
        : [],
    );
  }
  return body ?? {};
}

/** Signs a staff member in; answers the staff token. */
export async function signInStaff(email: string, password: string, language: string) {
  const body = await staffFetch(null, language, "/token", {
    method: "POST",
    json: { email, password },
  });
  return String(body.token);
}

/**
 * Signs the staff token out on the server (it is revoked until it expires, issue 18) and
 * forgets it in this tab at once, whatever the answer; `keepalive` lets the call finish if the
 * tab closes.
 */
export async function signOutStaff(token: string | null): Promise<void> {
  staffSession.write(null);
  if (!token) return;
  await fetch("/api/v2/admin/token", {
    method: "DELETE",
    credentials: "omit",
    keepalive: true,
    headers: { Authorization: `Bearer ${token}` },
  }).catch(() => undefined);
}

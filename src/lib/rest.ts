import { reportUnauthorized } from "./gateway";
import { gatewayHeaders } from "./graphql-client";
import { readSession } from "./storage";

/** Content types whose error bodies the storefront reads (spec section 8). */
const ERROR_TYPES = ["application/json", "application/problem+json", "application/vnd.api+json"];

/**
 * The data of a refused REST call, thrown as is so callers read its `message` or `detail`
 * (problem+json bodies carry a translated `detail`, 422s also `violations`).
 */
export interface RestErrorData {
  status: number;
  message?: string;
  detail?: string;
  violations?: Array<{ propertyPath: string; message: string; code?: string }>;
}

/**
 * Calls a REST endpoint of the commerce API directly, for what the gateway does not carry
 * (file uploads, account recovery), with the gateway's language and CSRF headers and the
 * session cookie. A non-2xx answer throws its body; only JSON-like bodies are accepted,
 * anything else becomes 'Unsupported error response with type {type}'. `anonymous` sends no
 * session cookie: account recovery must not fail on a session that a reset has just ended.
 */
export async function restCall(
  url: string,
  init: { method: string; json?: unknown; body?: FormData; language: string; anonymous?: boolean },
): Promise<Response> {
  const headers = gatewayHeaders(null, init.language);
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  headers.Accept = "application/json, application/problem+json";
  const response = await fetch(url, {
    method: init.method,
    headers,
    credentials: init.anonymous ? "omit" : "same-origin",
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  if (response.ok) return response;
  // The API no longer accepts the session: it ends like an expiry.
  if (response.status === 401 && !init.anonymous && readSession() !== null) reportUnauthorized();
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (!ERROR_TYPES.includes(type)) {
    throw { status: response.status, message: `Unsupported error response with type ${type}` };
  }
  const data = (await response.json().catch(() => ({}))) as Omit<RestErrorData, "status">;
  throw { ...data, status: response.status } satisfies RestErrorData;
}

/** Whether a thrown value is the data of a refused REST call with the given status. */
export function isRestError(error: unknown, status?: number): error is RestErrorData {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as RestErrorData).status === "number" &&
    (status === undefined || (error as RestErrorData).status === status)
  );
}

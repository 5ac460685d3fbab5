import { isStrongEtag, type EtagCache } from "./etag-cache.js";

/** One rule the REST API says a request broke (`violations` of a problem). */
export interface RestViolation {
  propertyPath: string;
  /** Already translated into the caller's language by the REST API. */
  message: string;
  /** Stable key of the rule (e.g. `quantity.range`); empty when the API sent none. */
  code: string;
}

/** An error answer of the REST API, whatever JSON flavour it came in. */
export interface RestProblem {
  status: number;
  /** Problem type, e.g. `/problems/out-of-stock`; `about:blank` when the API sent none. */
  type: string;
  title: string;
  /** A sentence for a person, in the caller's language. */
  detail: string;
  violations: RestViolation[];
  /** Seconds from the answer's Retry-After (a 429 or 503), when it sent one. */
  retryAfter?: number;
}

/** The REST API answered with an error status and a readable JSON body. */
export class RestError extends Error {
  constructor(readonly problem: RestProblem) {
    super(problem.detail || problem.title || `REST API answered ${problem.status}`);
    this.name = "RestError";
  }
}

/**
 * The REST API answered an error whose body is not JSON, JSON:API or problem+json: nothing a
 * person could be shown (storefront spec 8).
 */
export class UnsupportedErrorResponse extends Error {
  constructor(readonly contentType: string) {
    super(`Unsupported error response with type ${contentType}`);
    this.name = "UnsupportedErrorResponse";
  }
}

/** Error bodies the gateway reads (storefront spec 8: JSON, JSON:API or problem+json). */
const ERROR_TYPES = new Set([
  "application/json",
  "application/vnd.api+json",
  "application/problem+json",
]);

/**
 * Headers taken from the incoming GraphQL request and sent with every REST call. The user's
 * time zone travels as `User-Timezone`, the header the REST API reads (e.g. for the default
 * name of a shopping list).
 */
export const FORWARDED_HEADERS = [
  "authorization",
  "locale",
  "accept-language",
  "user-timezone",
  // The storefront's session is an HttpOnly cookie, and its writes carry the CSRF header
  // (decision 037): both reach the REST API, which checks them as for a direct call.
  "cookie",
  "x-requested-with",
];

/** Longest forwarded header value; anything longer is dropped rather than passed on. */
const MAX_HEADER_LENGTH = 4096;

/** The forwarded headers present on `headers`; of the cookies, only the session's travels. */
export function forwardedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    let value = headers.get(name);
    if (name === "cookie" && value !== null) {
      const session = sessionCookieOf(value);
      value = session === undefined ? null : `${SESSION_COOKIE}=${session}`;
    }
    if (value !== null && value !== "" && value.length <= MAX_HEADER_LENGTH) out[name] = value;
  }
  return out;
}

/** The name of the REST API's session cookie. */
export const SESSION_COOKIE = "token";

/** The session cookie's value in a Cookie header, if any. */
export function sessionCookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE && value.length > 0) return value.join("=") || undefined;
  }
  return undefined;
}

export type QueryValue = string | number | readonly string[] | undefined;

export interface RestRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Sends the body as `application/merge-patch+json`, as the storefront's PATCHes do. */
  mergePatch?: boolean;
  headers?: Record<string, string>;
}

/** What the client reads of an answer: a fetch Response has all of it. */
export interface RestResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  /** Each `Set-Cookie` header of the answer (fetch's `headers.getSetCookie()`). */
  setCookies?(): string[];
}

/**
 * How the client sends a request: `fetch` itself, or the composition root's in-process call
 * into the REST app (portal.ts), which answers without building fetch's Request and Response.
 */
export type RestFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<RestResponse>;

export interface RestClientOptions {
  /** Base URL of the commerce API, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  fetch: RestFetch;
  /** Headers forwarded from the incoming request (see forwardedHeaders). */
  forward: Record<string, string>;
  /**
   * Parsed answers kept by ETag and revalidated with If-None-Match on every GET (decision
   * 047); shared by the gateway's requests. Without it every answer is read and parsed.
   */
  cache?: EtagCache;
}

/**
 * The gateway's only way to the commerce API: JSON over HTTP with the caller's
 * Authorization, Locale, Accept-Language and User-Timezone headers. An error status becomes a
 * RestError carrying a RestProblem; a network failure rethrows the original error.
 */
export class RestClient {
  private readonly baseUrl: string;

  /**
   * The cookies the REST API set while answering this GraphQL request (sign-in, sign-out, a
   * new password): the gateway passes them on to the browser.
   */
  readonly setCookies: string[] = [];

  constructor(private readonly opts: RestClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, "");
  }

  /**
   * The caller's credential as an Authorization value: the bearer header, else the session
   * cookie's token (decision 037). Resolvers read the caller's id from it; the REST API is the
   * one that verifies it.
   */
  get authorization(): string | undefined {
    if (this.opts.forward.authorization) return this.opts.forward.authorization;
    const token = sessionCookieOf(this.opts.forward.cookie);
    return token ? `Bearer ${token}` : undefined;
  }

  get<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
    return this.request<T>({ method: "GET", path, query });
  }

  /** GET that answers null instead of failing on 404. */
  async find<T>(path: string, query?: Record<string, QueryValue>): Promise<T | null> {
    try {
      return await this.get<T>(path, query);
    } catch (error) {
      if (error instanceof RestError && error.problem.status === 404) return null;
      throw error;
    }
  }

  async request<T>(req: RestRequest, revalidate = true): Promise<T> {
    const headers: Record<string, string> = {
      ...this.opts.forward,
      accept: "application/json",
      ...req.headers,
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      headers["content-type"] = req.mergePatch
        ? "application/merge-patch+json"
        : "application/json";
      body = JSON.stringify(req.body);
    }
    const url = this.url(req.path, req.query);
    const cache = req.method === "GET" && !req.headers ? this.opts.cache : undefined;
    const held = revalidate ? cache?.ifNoneMatch(url) : undefined;
    if (held !== undefined) headers["if-none-match"] = held;
    // A network failure (no response at all) propagates as the original error.
    const response = await this.opts.fetch(url, { method: req.method, headers, body });
    this.setCookies.push(...cookiesOf(response));
    const etag = response.headers.get("etag");
    if (response.status === 304 && held !== undefined) {
      // The REST API checked this caller and says its answer is the one held under `etag`.
      const hit = isStrongEtag(etag) ? cache?.get(url, etag) : undefined;
      if (hit) return hit.value as T;
      // Dropped from the cache meanwhile (another request filled it): ask for the answer.
      return this.request<T>(req, false);
    }
    if (!response.ok) throw await errorFrom(response);
    if (response.status === 204) return null as T;
    const text = await response.text();
    const value = (text === "" ? null : JSON.parse(text)) as T;
    if (cache && response.status === 200 && isStrongEtag(etag) && value !== null)
      cache.store(url, etag, value, text.length);
    return value;
  }

  private url(path: string, query: Record<string, QueryValue> = {}): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) params.append(name, v);
      else params.append(name, String(value));
    }
    const search = params.toString();
    return `${this.baseUrl}${path}${search ? `?${search}` : ""}`;
  }
}

/** The Set-Cookie headers of an answer, from the in-process call or from fetch's Headers. */
function cookiesOf(response: RestResponse): string[] {
  if (response.setCookies) return response.setCookies();
  const headers = response.headers as { getSetCookie?: () => string[] };
  return typeof headers.getSetCookie === "function" ? headers.getSetCookie() : [];
}

/** Reads an error answer into a RestError, or refuses a body that is not JSON. */
async function errorFrom(response: RestResponse): Promise<Error> {
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (!ERROR_TYPES.has(contentType.toLowerCase())) {
    // Read to the end so the connection can be reused; the body itself tells nobody anything.
    await response.text().catch(() => "");
    return new UnsupportedErrorResponse(contentType || "none");
  }
  let data: unknown;
  try {
    data = JSON.parse(await response.text());
  } catch {
    data = undefined;
  }
  const problem = problemFrom(response.status, response.statusText, data);
  const retryAfter = Number(response.headers.get("retry-after") ?? "");
  if (Number.isInteger(retryAfter) && retryAfter > 0) problem.retryAfter = retryAfter;
  return new RestError(problem);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * A problem+json, JSON:API (`{errors: [...]}`) or plain JSON (`{message}`, as Sylius answers a
 * failed sign-in) error body as one RestProblem.
 */
export function problemFrom(status: number, statusText: string, data: unknown): RestProblem {
  const body = isObject(data) ? data : {};
  if (Array.isArray(body.errors)) {
    const errors = body.errors.filter(isObject);
    const first = errors[0] ?? {};
    return {
      status,
      type: str(first.type) ?? str(first.code) ?? "about:blank",
      title: str(first.title) ?? statusText,
      detail: str(first.detail) ?? str(first.title) ?? statusText,
      violations: errors.flatMap((e) => {
        const source = isObject(e.source) ? e.source : {};
        const path = str(source.pointer)?.replace(/^\/(data\/attributes\/)?/, "");
        const parameter = str(source.parameter);
        const propertyPath = (path ?? parameter ?? "").replaceAll("/", ".");
        if (!propertyPath) return [];
        return [
          {
            propertyPath,
            message: str(e.detail) ?? str(e.title) ?? "",
            code: str(e.code) ?? "",
          },
        ];
      }),
    };
  }
  const violations = Array.isArray(body.violations)
    ? body.violations.filter(isObject).map((v) => ({
        propertyPath: str(v.propertyPath) ?? "",
        message: str(v.message) ?? "",
        code: str(v.code) ?? "",
      }))
    : [];
  const title = str(body.title) ?? statusText;
  return {
    status,
    type: str(body.type) ?? "about:blank",
    title,
    detail: str(body.detail) ?? str(body.message) ?? title,
    violations,
  };
}

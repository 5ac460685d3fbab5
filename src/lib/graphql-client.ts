import type { TypedDocumentString } from "./gql/graphql";
import { apiLocale, toLanguage } from "./locale";

/** What a gateway call needs to know about the person and the page; read on every call. */
export interface GatewayClientOptions {
  /** Absolute URL of the gateway, `<origin>/graphql` in the browser. */
  endpoint: string;
  /**
   * A bearer token for API clients and tests; the storefront passes none, its session is the
   * HttpOnly cookie the server set (decision 037).
   */
  getToken?: () => string | null;
  getLanguage: () => string;
  /** Called when the gateway says the token is missing or no longer valid. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/** One GraphQL error as the gateway sends it (the GraphQL-over-HTTP response format). */
export interface GatewayGraphQLError {
  message: string;
  path?: ReadonlyArray<string | number>;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  extensions?: Record<string, unknown>;
}

/** What a refused gateway call answered: its HTTP status and, when it sent JSON, its errors. */
export interface GatewayErrorResponse {
  status: number;
  errors?: GatewayGraphQLError[];
  data?: unknown;
  /** The raw body, kept when it was not a GraphQL JSON answer (e.g. a proxy's HTML page). */
  body?: string;
}

/**
 * A refused gateway call: GraphQL errors in the answer, or an HTTP error status. Its message is
 * the first error's message, else `GraphQL Error (Code: <status>)`. Network failures are not
 * wrapped: they reject with fetch's own TypeError.
 */
export class GatewayError extends Error {
  readonly response: GatewayErrorResponse;
  readonly request: { query: string; variables?: unknown };

  constructor(response: GatewayErrorResponse, request: { query: string; variables?: unknown }) {
    super(response.errors?.[0]?.message ?? `GraphQL Error (Code: ${response.status})`);
    this.name = "GatewayError";
    this.response = response;
    this.request = request;
  }

  /** The HTTP status of the answer. */
  get status(): number {
    return this.response.status;
  }
}

/**
 * The header a write authenticated by the session cookie must carry (decision 037): pages of
 * another site cannot send it.
 */
export const CSRF_HEADER = "X-Requested-With";

/**
 * The headers the gateway forwards to the commerce API (Locale, language, zone, the CSRF
 * header, and Authorization when a bearer token is given).
 */
export function gatewayHeaders(token: string | null, language: string): Record<string, string> {
  const lang = toLanguage(language);
  const headers: Record<string, string> = {
    Locale: apiLocale(lang),
    "Accept-Language": lang,
    "User-Timezone": Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
    [CSRF_HEADER]: "XMLHttpRequest",
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Whether a gateway error means "sign in again" (extensions.code UNAUTHENTICATED). */
export function isUnauthenticated(error: unknown): boolean {
  if (!(error instanceof GatewayError)) return false;
  return (error.response.errors ?? []).some((e) => e.extensions?.code === "UNAUTHENTICATED");
}

/** The typed request function of the storefront. */
export type GatewayRequest = <TResult, TVariables extends Record<string, unknown>>(
  document: TypedDocumentString<TResult, TVariables>,
  variables?: TVariables,
) => Promise<TResult>;

/** The name of the document's operation (the generated documents hold one, plus fragments). */
function operationName(query: string): string | undefined {
  return /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1];
}

/** The answer as a GraphQL result, or null when the body is not a JSON object. */
function parseResult(body: string): { data?: unknown; errors?: GatewayGraphQLError[] } | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A gateway client that reads no environment: the endpoint, token and language are given by
 * the caller, so the same code runs in the browser and in tests. Each call POSTs
 * `{query, variables, operationName}` as JSON; it resolves with `data` only when the answer is a
 * 2xx without GraphQL errors, and rejects with a GatewayError otherwise.
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayRequest {
  return async <TResult, TVariables extends Record<string, unknown>>(
    document: TypedDocumentString<TResult, TVariables>,
    variables?: TVariables,
  ): Promise<TResult> => {
    const query = String(document);
    const request = { query, variables };
    const send = options.fetch ?? globalThis.fetch;
    const response = await send(options.endpoint, {
      method: "POST",
      headers: {
        ...gatewayHeaders(options.getToken?.() ?? null, options.getLanguage()),
        "Content-Type": "application/json",
        Accept: "application/graphql-response+json, application/json",
      },
      body: JSON.stringify({ query, variables, operationName: operationName(query) }),
      // The session cookie goes with every call of this origin.
      credentials: "same-origin",
    });
    const body = await response.text();
    const result = parseResult(body);
    const errors = Array.isArray(result?.errors) ? result.errors : undefined;
    if (!response.ok || !result || (errors && errors.length > 0) || result.data == null) {
      const error = new GatewayError(
        result
          ? { status: response.status, errors, data: result.data }
          : { status: response.status, body },
        request,
      );
      if (isUnauthenticated(error)) options.onUnauthorized?.();
      throw error;
    }
    return result.data as TResult;
  };
}

/** The detail a gateway error carries (extensions.detail), if any: the server's own words. */
export function gatewayErrorDetail(error: unknown): string | null {
  if (!(error instanceof GatewayError)) return null;
  const detail = error.response.errors?.[0]?.extensions?.detail;
  return typeof detail === "string" && detail !== "" ? detail : null;
}

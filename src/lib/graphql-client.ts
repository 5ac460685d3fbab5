import { ClientError, GraphQLClient } from "graphql-request";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { apiLocale, toLanguage } from "./locale";

/** What a gateway call needs to know about the person and the page; read on every call. */
export interface GatewayClientOptions {
  /** Absolute URL of the gateway, `<origin>/graphql` in the browser. */
  endpoint: string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Called when the gateway says the token is missing or no longer valid. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/** The headers the gateway forwards to the commerce API (Authorization, Locale, language, zone). */
export function gatewayHeaders(token: string | null, language: string): Record<string, string> {
  const lang = toLanguage(language);
  const headers: Record<string, string> = {
    Locale: apiLocale(lang),
    "Accept-Language": lang,
    "User-Timezone": Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Whether a gateway error means "sign in again" (extensions.code UNAUTHENTICATED). */
export function isUnauthenticated(error: unknown): boolean {
  if (!(error instanceof ClientError)) return false;
  return (error.response.errors ?? []).some(
    (e) => (e.extensions as { code?: unknown } | undefined)?.code === "UNAUTHENTICATED",
  );
}

/** The typed request function of the storefront. */
export type GatewayRequest = <TResult, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TResult, TVariables>,
  variables?: TVariables,
) => Promise<TResult>;

/**
 * A gateway client that reads no environment: the endpoint, token and language are given by
 * the caller, so the same code runs in the browser and in tests.
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayRequest {
  const client = new GraphQLClient(options.endpoint, {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: () => gatewayHeaders(options.getToken(), options.getLanguage()),
  });
  return async <TResult, TVariables extends Record<string, unknown>>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables?: TVariables,
  ): Promise<TResult> => {
    try {
      // graphql-request's overloads want the variables as a rest tuple; the types are the same.
      const request = client.request.bind(client) as (
        doc: TypedDocumentNode<TResult, TVariables>,
        vars?: TVariables,
      ) => Promise<TResult>;
      return await request(document, variables);
    } catch (error) {
      if (isUnauthenticated(error)) options.onUnauthorized?.();
      throw error;
    }
  };
}

/** The detail a gateway error carries (extensions.detail), if any: the server's own words. */
export function gatewayErrorDetail(error: unknown): string | null {
  if (!(error instanceof ClientError)) return null;
  const first = error.response.errors?.[0];
  const detail = (first?.extensions as { detail?: unknown } | undefined)?.detail;
  return typeof detail === "string" && detail !== "" ? detail : null;
}

import { readdirSync, readFileSync } from "node:fs";
import { GraphQLError } from "./graphql-js.js";
import { createSchema, createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import { createContext, setCookiesOf, type GatewayContext } from "./context.js";
import type { RestFetch } from "./rest/client.js";
import { EtagCache } from "./rest/etag-cache.js";
import { DEFAULT_LIMITS, useLimits, useSchemaPrivacy, type Limits } from "./limits.js";
import { resolvers } from "./resolver-map.js";

export interface GatewayOptions {
  /** Base URL of the commerce REST API, e.g. http://127.0.0.1:8080 */
  commerceApiUrl: string;
  /** fetch used for REST calls (the composition root may pass an in-process one); default globalThis.fetch */
  fetch?: RestFetch;
  /**
   * A fetch per GraphQL request, given the server context the request came with (the
   * composition root's in-process fetch passes the browser's address on); wins over `fetch`.
   */
  fetchFor?: (server: GatewayServerContext) => RestFetch;
  /** production: no introspection, no GraphiQL, no field suggestions, for anyone */
  production: boolean;
  /**
   * Outside production, whether this request may see the schema (GraphiQL, introspection,
   * "Did you mean" suggestions); default: every request. The composition root allows only
   * requests from the machine itself, so a LAN client of `npm start` sees none of them.
   */
  schemaVisible?: (server: GatewayServerContext) => boolean;
  /**
   * Origins besides the request's own (its Host) allowed to call from a browser, with
   * credentials; any other origin gets no CORS headers, so browsers keep its pages out.
   */
  corsOrigins?: string[];
  /** Overrides of the request limits (tests; the defaults suit the storefront). */
  limits?: Partial<Limits>;
  /** Yoga's logging; default on. */
  logging?: boolean;
}

/** The server context the composition root may pass to handleNodeRequestAndResponse. */
export type GatewayServerContext = Record<string, unknown>;

export type Gateway = YogaServerInstance<GatewayServerContext, GatewayContext>;

const schemaDir = new URL("./schema/", import.meta.url);

/** The schema: every `graphql/schema/*.graphql` (one file per area; later files extend types). */
export const typeDefs = readdirSync(schemaDir)
  .filter((f) => f.endsWith(".graphql"))
  .sort()
  .map((f) => readFileSync(new URL(f, schemaDir), "utf8"))
  .join("\n");

/** A GraphQL error the gateway raised on purpose, or graphql's own (syntax, validation). */
function isExpected(error: unknown): error is GraphQLError {
  if (!(error instanceof GraphQLError)) return false;
  return error.originalError === undefined || error.originalError === null
    ? true
    : isExpected(error.originalError);
}

/**
 * Failures that are not GraphQL errors (the network, a REST answer nobody can read) become
 * `INTERNAL`. In production their message is hidden; elsewhere it is kept for the developer.
 */
function maskError(production: boolean) {
  return (error: unknown, message: string): Error => {
    if (isExpected(error)) return error;
    const located = error instanceof GraphQLError ? error : undefined;
    const original = located?.originalError ?? error;
    const text = !production && original instanceof Error ? original.message : message;
    return new GraphQLError(text, {
      nodes: located?.nodes,
      source: located?.source,
      positions: located?.positions,
      path: located?.path,
      extensions: { code: "INTERNAL" },
    });
  };
}

/**
 * Passes the cookies the REST API set (the session cookie of a sign-in, its clearing at
 * sign-out, the new one after a password change) on in the GraphQL answer.
 */
function useSetCookies(): Plugin {
  return {
    onResponse({ request, response }) {
      for (const cookie of setCookiesOf(request)) response.headers.append("set-cookie", cookie);
    },
  };
}

/** Whether a browser page of `origin` may call: the request's own origin or a configured one. */
function allowedOrigin(origin: string, request: Request, configured: readonly string[]): boolean {
  if (configured.includes(origin)) return true;
  const host = request.headers.get("host");
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The GraphQL gateway (graphql-yoga) at `/graphql`: the schema served by calling the
 * commerce REST API over HTTP, with the caller's headers forwarded.
 */
export function createGateway(opts: GatewayOptions): Gateway {
  const fetchFn: RestFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  // Parsed catalogue answers, revalidated by ETag on every call (decision 047).
  const cache = new EtagCache();
  const visible = (server: GatewayServerContext | undefined) =>
    !opts.production && (opts.schemaVisible?.(server ?? {}) ?? true);
  return createYoga<GatewayServerContext, GatewayContext>({
    schema: createSchema<GatewayServerContext & GatewayContext>({
      typeDefs,
      resolvers,
    }),
    graphqlEndpoint: "/graphql",
    cors: (request) => {
      const origin = request.headers.get("origin");
      if (!origin || !allowedOrigin(origin, request, opts.corsOrigins ?? [])) return false;
      return { origin: [origin], credentials: true, methods: ["GET", "POST"] };
    },
    graphiql: opts.production ? false : (_request, server) => visible(server),
    landingPage: false,
    logging: opts.logging ?? true,
    maskedErrors: { maskError: maskError(opts.production) },
    plugins: [useLimits(limits, opts.production), useSchemaPrivacy(visible), useSetCookies()],
    context: (initial) =>
      createContext(initial.request, {
        commerceApiUrl: opts.commerceApiUrl,
        fetch: opts.fetchFor ? opts.fetchFor(initial) : fetchFn,
        cache,
      }),
  });
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { loadGatewayConfig, type GatewayConfig } from "./graphql/config.js";
import type { RestFetch } from "./graphql/rest/client.js";
import { createGateway, type Gateway } from "./graphql/server.js";
import { buildApp, type AppOptions } from "./server/app.js";
import { fromLoopback } from "./server/http/dev-access.js";
import { Problem } from "./server/core/problem.js";

/**
 * The composition root: the commerce server (REST, files, SPA) with the GraphQL gateway
 * mounted at /graphql. It lives outside server/ and graphql/ because neither may import the
 * other (docs/decisions/009-composition-root.md).
 */
export async function buildPortal(
  options: AppOptions & { gateway?: GatewayConfig },
): Promise<FastifyInstance> {
  const app: FastifyInstance = await buildApp({
    ...options,
    // The pages' first reads go through this gateway as the visitor, in process (issue 31): the
    // same session, rate limits and answers as the browser's own call.
    gatewayFetchOf: (request) => gatewayFetch(app, request),
  });
  const gatewayConfig = options.gateway ?? loadGatewayConfig();
  const yoga = createGateway({
    // Unset: the REST API of this same process, called in-process (no socket, no port needed).
    commerceApiUrl: gatewayConfig.commerceApiUrl ?? "http://portal.internal",
    fetchFor: gatewayConfig.commerceApiUrl
      ? undefined
      : (server) => inProcessFetch(app, (server.req as FastifyRequest | undefined)?.ip),
    production: gatewayConfig.production,
    corsOrigins: gatewayConfig.corsOrigins,
    // GraphiQL, introspection and field suggestions only for this machine itself: a LAN client
    // of `npm start` (development by default) learns nothing of the schema.
    schemaVisible: (server) => {
      const req = server.req as FastifyRequest | undefined;
      return req !== undefined && fromLoopback(req);
    },
    logging: options.logger ?? false,
  });
  mountGateway(app, yoga);
  return app;
}

/**
 * Calls the Fastify app itself through `inject`, as if from `clientIp` (the browser's address,
 * so the REST API's rate limits count the person, not the gateway). No socket and no fetch
 * Request or Response objects: the answer is read straight from the injected reply.
 */
export function inProcessFetch(app: FastifyInstance, clientIp?: string): RestFetch {
  return async (url, init) => {
    const { pathname, search } = new URL(url);
    const res = await app.inject({
      method: init.method as "GET",
      url: pathname + search,
      headers: init.headers,
      payload: init.body,
      ...(clientIp ? { remoteAddress: clientIp } : {}),
    });
    return {
      ok: res.statusCode >= 200 && res.statusCode < 300,
      status: res.statusCode,
      statusText: res.statusMessage,
      headers: {
        get: (name) => {
          const value = res.headers[name.toLowerCase()];
          return value === undefined ? null : [value].flat().join(", ");
        },
      },
      text: async () => res.payload,
      setCookies: () => [res.headers["set-cookie"] ?? []].flat(),
    };
  };
}

/**
 * A fetch for the server render's gateway reads: `/graphql` of the app itself through `inject`,
 * with the page request's cookie and address (decision 066).
 */
function gatewayFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (_input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = await app.inject({
      method: "POST",
      url: "/graphql",
      headers: { ...headers, cookie: request.headers.cookie ?? "" },
      payload: typeof init?.body === "string" ? init.body : "",
      remoteAddress: request.ip,
    });
    const replied = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) replied.set(name, String(value));
    return new Response(answer.payload, { status: answer.statusCode, headers: replied });
  };
}

/** Serves the gateway's endpoint from the Fastify app. */
export function mountGateway(app: FastifyInstance, yoga: Gateway) {
  app.route({
    url: yoga.graphqlEndpoint,
    method: ["GET", "POST", "OPTIONS"],
    handler: async (req, reply) => {
      // The REST app parses JSON-LD and merge-patch bodies on every route; Yoga takes only
      // application/json and would answer those (or no body) with a bare 415.
      const type = String(req.headers["content-type"] ?? "");
      if (req.method === "POST" && !/^application\/json\s*(;|$)/i.test(type)) {
        throw new Problem(415, "/problems/unsupported-media-type", "error.unsupportedMediaType");
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        if (key !== "set-cookie") void reply.header(key, value);
      });
      // Each cookie on its own header line (a joined list would break their Expires dates).
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header("set-cookie", cookies);
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}

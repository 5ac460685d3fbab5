import type { FastifyInstance } from "fastify";
import { loadGatewayConfig, type GatewayConfig } from "./graphql/config.js";
import { createGateway, type Gateway } from "./graphql/server.js";
import { buildApp, type AppOptions } from "./server/app.js";
import { Problem } from "./server/http/problem.js";

/**
 * The composition root: the commerce server (REST, files, SPA) with the GraphQL gateway
 * mounted at /graphql. It lives outside server/ and graphql/ because neither may import the
 * other (docs/decisions/009-composition-root.md).
 */
export async function buildPortal(
  options: AppOptions & { gateway?: GatewayConfig },
): Promise<FastifyInstance> {
  const app = await buildApp(options);
  const gatewayConfig = options.gateway ?? loadGatewayConfig();
  const yoga = createGateway({
    // Unset: the REST API of this same process, called in-process (no socket, no port needed).
    commerceApiUrl: gatewayConfig.commerceApiUrl ?? "http://portal.internal",
    fetch: gatewayConfig.commerceApiUrl ? undefined : inProcessFetch(app),
    production: gatewayConfig.production,
    logging: options.logger ?? false,
  });
  mountGateway(app, yoga);
  return app;
}

/** A fetch that answers from the Fastify app itself through `inject`. */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const res = await app.inject({
      method: (init?.method ?? "GET") as "GET",
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers)),
      payload: typeof init?.body === "string" ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v !== undefined) headers.append(name, String(v));
      }
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
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
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}

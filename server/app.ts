import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import type { ServerConfig } from "./config.js";
import type { Database } from "./db/database.js";
import {
  cookieSession,
  principalOf,
  sessionCookieOptions,
  staffPrincipalOf,
  TOKEN_COOKIE,
} from "./http/auth.js";
import type { AppContext } from "./http/context.js";
import { frameworkErrors, registerProblemHandlers } from "./http/problem.js";
import { nulPath } from "./http/validate.js";
import { LOG_REDACT, logSerializers } from "./http/log-redaction.js";
import { registerRateLimits } from "./http/rate-limit.js";
import { createPageRenderer } from "./http/pages.js";
import { productPageIsMissing, productPageName } from "./db/catalog.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerAccountRoutes } from "./http/routes/account.js";
import { registerBackOfficeRoutes } from "./http/routes/backoffice/index.js";
import { registerCatalogRoutes } from "./http/routes/catalog.js";
import { registerFileRoutes } from "./http/routes/files.js";
import { registerShoppingListRoutes } from "./http/routes/shopping-lists.js";
import { registerContractPriceRoutes } from "./http/routes/contract-prices.js";
import { registerMachineRoutes } from "./http/routes/machines.js";
import { registerCustomerRoutes } from "./http/routes/customers.js";
import { registerOutboxPages } from "./http/routes/dev-mail.js";
import { registerPasswordReset } from "./http/routes/password-reset.js";
import { registerPartnerRegistration } from "./modules/registration/routes.js";
import { registerSupportRoutes } from "./modules/support/routes.js";
import { registerOrderRoutes } from "./http/routes/orders.js";
import { registerPaymentRoutes } from "./http/routes/payments.js";
import { registerReferenceRoutes } from "./http/routes/reference.js";
import { registerVolumePriceRoutes } from "./http/routes/volume-prices.js";
import { WEBHOOK_PATH } from "./payments/service.js";
import { fromLoopback } from "./http/dev-access.js";
import { notFound, unprocessable } from "./core/problem.js";

/** JSON bodies are small: the largest legitimate one is a bulk add of 1,000 lines. */
export const BODY_LIMIT = 256 * 1024;

/** One registered route: method and Fastify URL pattern (e.g. `/api/v2/shop/orders/:tokenValue`). */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  /** Folder of the built single-page app; served with an index.html fallback when present. */
  staticDir?: string;
  logger?: boolean;
  /** Where the log goes when `logger` is on (default stdout); the log tests read it. */
  logStream?: { write(line: string): void };
  /**
   * A fetch to the gateway as a page request's visitor, given by the composition root that
   * mounts the gateway (portal.ts): the pages' marked reads run in the server render with it
   * (issue 31, decision 066). Without it the browser runs every read.
   */
  gatewayFetchOf?: (request: FastifyRequest) => typeof fetch;
}

/** The commerce server: REST API, media and (when built) the storefront, on one Fastify app. */
export async function buildApp({
  config,
  database,
  staticDir,
  logger,
  logStream,
  gatewayFetchOf,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // Secrets stay out of the log: URLs with tokens are masked, credentials redacted.
    logger: logger
      ? {
          level: config.logLevel,
          serializers: logSerializers,
          redact: LOG_REDACT,
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    trustProxy: config.trustProxy,
    // Sylius-style IRIs carry the identifier in the last segment; nothing needs more.
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors,
  });
  const ctx: AppContext = { db: database.db, config };
  // Every route as registered, for the access-matrix and bad-input tests to walk (tests/reliability).
  const routeTable: RouteEntry[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeTable.push({ method, url: route.url });
    }
  });
  // Pages are rendered on the server (decision 026); every other file of the build is static.
  const pages =
    staticDir === undefined
      ? undefined
      : await createPageRenderer(
          staticDir,
          (request) => cookieSession(request, database.db, config.jwtSecret),
          {
            isMissing: (pathname) => productPageIsMissing(database.db, pathname),
            subjectOf: (pathname, language) => productPageName(database.db, pathname, language),
            gatewayFetchOf,
          },
        );
  registerProblemHandlers(app, pages);
  await app.register(cookie);

  // The API speaks JSON only: anything else is a 415, not a string to trip over.
  app.removeContentTypeParser("text/plain");
  // merge-patch and JSON-LD bodies are JSON (the storefront PATCHes with merge-patch).
  app.addContentTypeParser(
    ["application/merge-patch+json", "application/ld+json"],
    { parseAs: "string" },
    app.getDefaultJsonParser("error", "error"),
  );

  // A token cookie the server refused (bad, expired, signed out) is removed from the browser
  // with the answer, unless the answer sets a new one (a sign-in).
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.staleTokenCookie) return payload;
    const set = [reply.getHeader("set-cookie") ?? []].flat().map(String);
    if (set.some((c) => c.startsWith(`${TOKEN_COOKIE}=`))) return payload;
    const cleared = app.serializeCookie(TOKEN_COOKIE, "", {
      ...sessionCookieOptions(request, config),
      expires: new Date(0),
      maxAge: 0,
    });
    reply.header("set-cookie", [...set, cleared]);
    return payload;
  });

  registerSecurityHeaders(app, config);
  // On PostgreSQL every rate limit counts in a table all processes share (decision 041).
  registerRateLimits(
    app,
    config.rateLimits,
    Date.now,
    database.backend === "postgres" ? database.db : undefined,
  );

  // A NUL character anywhere in a JSON body (a value or a key) is refused with a field
  // violation naming where it is, before a route could pass it to PostgreSQL (a 500). /graphql
  // is left to the gateway: its REST calls come back here.
  // The query string likewise (`code[]` lists, search terms; issue 32, finding G).
  app.addHook("preValidation", async (request) => {
    if (request.url.startsWith("/graphql")) return;
    const inQuery = nulPath(request.query);
    if (inQuery !== undefined)
      throw unprocessable([{ propertyPath: inQuery, message: "field.nul" }]);
    if (typeof request.body !== "object" || request.body === null) return;
    const path = nulPath(request.body);
    if (path !== undefined) throw unprocessable([{ propertyPath: path, message: "field.nul" }]);
  });

  app.addHook("onRequest", async (request) => {
    // PostgreSQL text cannot hold a NUL byte: a path with one names nothing (404), where it
    // would otherwise reach a query as a parameter and fail as a 500.
    if (request.url.split("?")[0]!.includes("%00")) throw notFound();
    // Adyen may send its webhook with HTTP basic auth, which is no bearer token: the route
    // authenticates each item by its HMAC signature instead (server/payments/README.md).
    if (request.method === "POST" && request.url.split("?")[0] === WEBHOOK_PATH) return;
    // Signing in needs no caller, and signing out reads (and revokes) the token itself, also
    // one the other routes would refuse.
    if (request.url.split("?")[0] === "/api/v2/shop/customers/token") return;
    if (request.url.startsWith("/api/v2/admin/")) {
      request.staff = await staffPrincipalOf(request, database.db, config.jwtSecret);
    } else if (/^\/(api|customer-admin|shop\/export|shop\/import|form)\//.test(request.url)) {
      request.principal = await principalOf(request, database.db, config.jwtSecret);
    }
  });

  // Asks the database too, so a load balancer or orchestrator sees an instance whose database is
  // unreachable (503 problem+json, from the error handler) and sees it recover without a restart.
  // This machine also reads the catalogue cache's size (bench:memory prints it).
  app.get("/health", async (request) => {
    await database.db.selectFrom("channels").select("code").limit(1).execute();
    if (!fromLoopback(request)) return { status: "ok" };
    const cache = app.catalogueCache;
    return { status: "ok", catalogueCache: { entries: cache.size, bytes: cache.bytes } };
  });

  app.get("/media/*", async (request, reply) => {
    const path = request.url.split("?")[0]!;
    const row = await database.db
      .selectFrom("media")
      .selectAll()
      .where("path", "=", decodeURI(path))
      .executeTakeFirst();
    if (!row) throw notFound();
    return reply
      .header("content-type", row.content_type)
      .header("cache-control", "public, max-age=86400")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
      .header("x-content-type-options", "nosniff")
      .send(Buffer.from(row.body));
  });

  registerReferenceRoutes(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  await registerAccountRoutes(app, ctx);
  await registerShoppingListRoutes(app, ctx);
  registerContractPriceRoutes(app, ctx);
  await registerFileRoutes(app, ctx);
  // Mail and the public account entry points that work by mail: the development outbox page,
  // forgotten password (request, check and use a reset link) and partner registration.
  registerOutboxPages(app, ctx);
  registerPasswordReset(app, ctx);
  registerPartnerRegistration(app, ctx);
  await registerSupportRoutes(app, ctx);
  await registerBackOfficeRoutes(app, ctx);
  await registerVolumePriceRoutes(app, ctx);
  await registerMachineRoutes(app, ctx);
  await registerPaymentRoutes(app, ctx);

  // The build writes .br/.gz twins of every asset (vite.config.ts): sent as the browser accepts.
  // `/` is a page like any other (not index.html as a file); the renderer in ssr/ is not sent.
  if (pages) {
    await app.register(fastifyStatic, {
      root: staticDir!,
      wildcard: false,
      preCompressed: true,
      index: false,
      allowedPath: (pathName) => !pathName.startsWith("/ssr/"),
    });
  }
  return app;
}

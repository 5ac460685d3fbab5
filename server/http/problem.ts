import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pickLanguage, supportedLanguage, translate, type Language } from "../core/i18n.js";
import { Problem } from "../core/problem.js";
import type { PageRenderer } from "./pages.js";

// Problems and their constructors live in server/core/problem.ts (services below the routes
// raise them); this module answers them over HTTP.

const titles: Record<number, string> = {
  400: "title.badRequest",
  401: "title.unauthorized",
  403: "title.forbidden",
  404: "title.notFound",
  409: "title.conflict",
  413: "title.payloadTooLarge",
  415: "title.unsupportedMediaType",
  422: "title.validation",
  429: "title.tooManyRequests",
  502: "title.badGateway",
  503: "title.serviceUnavailable",
  504: "title.gatewayTimeout",
  500: "title.internal",
};

export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers["locale"], request.headers["accept-language"]);
}

/**
 * The language of a mail to a known person (decision 053, issue 30): their stored language; the
 * request's only when they have none we write in. A link opened from a mail (a password reset,
 * an e-mail confirmation) often comes without the storefront's `Locale` header, and must not
 * switch the person's mails to the browser's language or to English.
 */
export function recipientLanguage(storedLocale: unknown, request: FastifyRequest): Language {
  return supportedLanguage(storedLocale) ?? languageOf(request);
}

/**
 * Errors Fastify raises before routing (a malformed URL or percent-escape) get the same
 * problem+json answer as everything else. Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return send(
    reply,
    languageOf(request),
    new Problem(error.statusCode ?? 400, "/problems/bad-request", "error.badUrl"),
  );
}

function send(reply: FastifyReply, lang: Language, p: Problem) {
  const body: Record<string, unknown> = {
    type: p.type,
    title: translate(lang, titles[p.status] ?? "title.internal"),
    status: p.status,
    detail: translate(lang, p.detailKey, p.params),
  };
  if (p.violations.length > 0) {
    body.violations = p.violations.map((v) => ({
      propertyPath: v.propertyPath,
      message: translate(lang, v.message, v.params),
      code: v.message,
    }));
  }
  return reply.code(p.status).type("application/problem+json; charset=utf-8").send(body);
}

/**
 * Makes every error and every unknown route a problem+json answer. With `pages`, a page
 * navigation (GET accepting HTML) to a client-side route gets the rendered page instead;
 * API, media and GraphQL paths always get the problem.
 */
export function registerProblemHandlers(app: FastifyInstance, pages?: PageRenderer) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = languageOf(request);
    if (error instanceof Problem) return send(reply, lang, error);
    switch (error.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return send(
          reply,
          lang,
          new Problem(413, "/problems/payload-too-large", "error.bodyTooLarge", {
            limit: app.initialConfig.bodyLimit ?? 0,
          }),
        );
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return send(
          reply,
          lang,
          new Problem(415, "/problems/unsupported-media-type", "error.unsupportedMediaType"),
        );
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
      case "FST_ERR_CTP_INVALID_JSON_BODY":
        return send(reply, lang, new Problem(400, "/problems/bad-request", "error.badJson"));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(
        reply,
        lang,
        new Problem(error.statusCode, "/problems/bad-request", "error.badJson"),
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return send(reply, lang, new Problem(503, "/problems/unavailable", "error.unavailable"));
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, lang, new Problem(500, "/problems/internal", "error.internal"));
  });
  app.setNotFoundHandler((request, reply) => {
    const api = /^\/(api|media|graphql|health)(\/|\?|$)/.test(request.url);
    if (
      pages &&
      request.method === "GET" &&
      !api &&
      request.headers.accept?.includes("text/html")
    ) {
      return pages.send(request, reply);
    }
    return send(
      reply,
      languageOf(request),
      new Problem(404, "/problems/not-found", "error.routeNotFound", {
        method: request.method,
        url: request.url.split("?")[0] ?? "",
      }),
    );
  });
}

function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === "ECONNREFUSED" ||
    code === "ECONNRESET" ||
    code === "57P01" || // admin_shutdown
    code === "57P02" || // crash_shutdown
    code === "57P03" || // cannot_connect_now
    code === "08000" || // connection_exception
    code === "08003" || // connection_does_not_exist
    code === "08006" ||
    code === "08001" ||
    // node-postgres raises these without a code: the server went away mid-query, or the pool
    // could not connect within its timeout.
    (typeof message === "string" &&
      /^(Connection terminated|timeout exceeded when trying to connect)/.test(message))
  );
}

import type { FastifyRequest } from "fastify";

/**
 * What the request log may show (docs/decisions/020-security-hardening.md): secrets travel in
 * headers (never logged) and in a few URL paths (reset and invitation links), which are
 * masked here. Pino's `redact` is the second line for anything a route logs by mistake.
 */

/** Path segments that are secrets: the token after these prefixes. */
const SECRET_PATHS = [
  /^(\/api\/v2\/shop\/reset-password\/)[^/?#]+/,
  /^(\/api\/v2\/team-members\/invitations\/)[^/?#]+/,
  /^(\/forgotten-password\/)[^/?#]+/,
  /^(\/register\/)[^/?#]+/,
  /^(\/api\/v2\/shop\/email-changes\/)[^/?#]+/,
  /^(\/confirm-email\/)[^/?#]+/,
];

/** Query parameters whose values are secrets. */
const SECRET_QUERY = /([?&](?:token|password|secret|key|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, "$1[redacted]");
  return out.replace(SECRET_QUERY, "$1[redacted]");
}

/** Fastify's default request serializer, with the URL masked. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Pino `redact` paths: headers and body fields that carry secrets, wherever they are logged. */
export const LOG_REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  "*.password",
  "*.newPassword",
  "*.newPlainPassword",
  "*.confirmNewPassword",
  "*.passwordRepeat",
  "*.currentPassword",
  "*.token",
  "*.encryptedCardNumber",
  "*.encryptedSecurityCode",
  "*.authorization",
];

import type { FastifyInstance } from "fastify";
import type { PaymentsConfig, ServerConfig } from "../config.js";

/**
 * Security headers on every answer (docs/decisions/020-security-hardening.md). Pages get the
 * single-page app's policy; JSON, problems, scripts, styles and downloads get `default-src
 * 'none'`. An answer that sets its own policy (media, /dev/mail) keeps it.
 */

/** Adyen Web Drop-in's origins (checkoutshopper hosts by environment and region). */
function adyenSources(payments: PaymentsConfig): { hosts: string[]; cdn: string[] } {
  if (payments.provider !== "adyen") return { hosts: [], cdn: [] };
  if (payments.environment === "test")
    return {
      hosts: ["https://checkoutshopper-test.adyen.com"],
      cdn: ["https://checkoutshopper-test.cdn.adyen.com"],
    };
  const regions = ["", "-us", "-au", "-apse", "-in"];
  return {
    hosts: regions.map((r) => `https://checkoutshopper-live${r}.adyen.com`),
    cdn: regions.map((r) => `https://checkoutshopper-live${r}.cdn.adyen.com`),
  };
}

/**
 * The policy of the web app's pages. Scripts are the built bundle only; styles allow inline
 * because Mantine writes `<style>` elements and `style` attributes at run time and Mermaid's
 * SVG carries its own `<style>` (no script can be injected through a style). With Adyen, its
 * hosts serve the card fields (frames), the API calls and the logos; 3-D Secure challenges
 * come from each card issuer's own domain, so frames and form posts allow any https origin.
 */
export function appPolicy(payments: PaymentsConfig): string {
  const { hosts, cdn } = adyenSources(payments);
  const adyen = hosts.length > 0;
  const list = (...sources: string[]) => sources.filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...hosts)}`,
    `style-src ${list("'self'", "'unsafe-inline'", ...hosts, ...cdn)}`,
    `img-src ${list("'self'", "data:", "blob:", ...hosts, ...cdn)}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", ...hosts)}`,
    `frame-src ${adyen ? list(...hosts, "https:") : "'none'"}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${adyen ? "'self' https:" : "'self'"}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Everything that is not a page: nothing may load, nothing may frame it. */
export const STRICT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

const HSTS = "max-age=31536000; includeSubDomains";

/** The headers every answer gets, whatever its type. */
export function commonHeaders(config: ServerConfig): Record<string, string> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Popups (3-D Secure redirects, payment wallets) keep working with allow-popups.
    "cross-origin-opener-policy":
      config.payments.provider === "adyen" ? "same-origin-allow-popups" : "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy":
      config.payments.provider === "adyen"
        ? "camera=(), microphone=(), geolocation=(), usb=(), payment=(self)"
        : "camera=(), microphone=(), geolocation=(), usb=(), payment=()",
  };
  // Always in production; elsewhere only on answers sent over HTTPS (see registerSecurityHeaders):
  // on a plain-HTTP development host it would stick for a year.
  if (config.env === "production") headers["strict-transport-security"] = HSTS;
  return headers;
}

/** Adds the headers to every answer of `app` (errors and 404s included). */
export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig) {
  const common = Object.entries(commonHeaders(config));
  const page = appPolicy(config.payments);
  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of common) if (!reply.hasHeader(name)) reply.header(name, value);
    // A development server reached over HTTPS (its own TLS, or a proxy named in TRUST_PROXY
    // saying so) is as exposed as production: browsers only honour HSTS over HTTPS anyway.
    if (request.protocol === "https" && !reply.hasHeader("strict-transport-security"))
      reply.header("strict-transport-security", HSTS);
    // A 304's headers replace the cached answer's: a strict policy there would blank a page
    // revalidated on reload, so it carries none and the cached one stays.
    if (!reply.hasHeader("content-security-policy") && reply.statusCode !== 304) {
      const type = String(reply.getHeader("content-type") ?? "");
      // GraphiQL (development only: production turns it off) is an inline page from a CDN.
      if (type.startsWith("text/html") && request.url.startsWith("/graphql")) {
        reply.header("content-security-policy", "frame-ancestors 'none'");
        return payload;
      }
      // Chromium's PDF viewer is a plugin that `object-src 'none'` would block (a tab opened on
      // an invoice stays blank), so a PDF only forbids framing.
      const policy = type.startsWith("text/html")
        ? page
        : type.startsWith("application/pdf")
          ? "frame-ancestors 'none'"
          : STRICT_POLICY;
      reply.header("content-security-policy", policy);
    }
    return payload;
  });
}

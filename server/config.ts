import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { isIP } from "node:net";
import { z } from "zod";

/** One rate limit: at most `limit` counted requests per key in a fixed window of `minutes`. */
export interface RateLimit {
  limit: number;
  minutes: number;
}

/**
 * The rate limits (docs/decisions/020-security-hardening.md), each set by an environment
 * variable `RATE_LIMIT_<NAME>` as `<limit>/<minutes>`, e.g. `RATE_LIMIT_SIGN_IN_ACCOUNT=10/15`.
 * Most count only failures, so people who get it right are never slowed down.
 */
export const RATE_LIMIT_DEFAULTS = {
  /** Failed sign-ins (shop or back office) per e-mail address. */
  signInAccount: { limit: 10, minutes: 15 },
  /** Failed sign-ins per client address (many accounts tried from one place). */
  signInIp: { limit: 50, minutes: 15 },
  /** Accepted password reset requests per e-mail address. */
  resetRequestAccount: { limit: 5, minutes: 60 },
  /** Accepted password reset requests per client address. */
  resetRequestIp: { limit: 20, minutes: 60 },
  /** Reset or invitation links that do not work, per client address (token guessing). */
  tokenGuessIp: { limit: 30, minutes: 15 },
  /** Partner applications sent or refused as duplicates, per client address. */
  registrationIp: { limit: 30, minutes: 60 },
  /** Team-member registrations tried (accepted or refused), per client address. */
  teamRegistrationIp: { limit: 60, minutes: 15 },
  /** Refused coupon codes per signed-in user. */
  couponAccount: { limit: 30, minutes: 15 },
  /** Refused coupon codes per client address. */
  couponIp: { limit: 100, minutes: 15 },
  /** Support requests sent per client address. */
  supportIp: { limit: 30, minutes: 60 },
  /**
   * Addresses looked up per signed-in user: invitations and e-mail changes, answered or
   * refused (each tells something about an address; issue 18, finding 5).
   */
  emailCheckUser: { limit: 40, minutes: 60 },
} satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;
export type RateLimits = Record<RateLimitName, RateLimit> & { maxKeys: number };

/** `signInAccount` -> `RATE_LIMIT_SIGN_IN_ACCOUNT` */
export function rateLimitVariable(name: RateLimitName): string {
  return `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/**
 * The server's configuration, parsed once from the environment. Nothing else in `server/`
 * reads `process.env`: everything receives a `ServerConfig`.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./var/db"),
  DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
  JWT_SECRET: z.string().min(32).optional(),
  BRAND_NAME: z.string().min(1).default("Lumé Atelier"),
  SUPPORT_EMAIL: z.string().email().default("partners@lume-atelier.example"),
  SELLER_ADDRESS: z.string().min(1).default("Torstraße 140, 10119 Berlin, Germany"),
  SELLER_VAT_ID: z.string().min(1).default("DE312456789"),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Partner Portal <no-reply@lume-atelier.example>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Folder of the built web app (default: `dist` beside main.ts). */
  STATIC_DIR: z.string().optional(),
  ADYEN_API_KEY: z.string().min(1).optional(),
  ADYEN_MERCHANT_ACCOUNT: z.string().min(1).optional(),
  ADYEN_CLIENT_KEY: z.string().min(1).optional(),
  ADYEN_ENVIRONMENT: z.enum(["test", "live"]).default("test"),
  /** Hex HMAC key of the Adyen webhook (standard notification). */
  ADYEN_HMAC_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{2})+$/, "hex")
    .optional(),
  /** The live endpoint prefix Adyen assigns to a merchant (live environment only). */
  ADYEN_LIVE_URL_PREFIX: z.string().min(1).optional(),
  /**
   * Behind a reverse proxy: its addresses or CIDRs, comma-separated, so the client address
   * (rate limits) is the right-most `X-Forwarded-For` hop that is not one of them. `true`
   * (trust every hop) is refused: it would take whatever address a client writes itself.
   */
  TRUST_PROXY: z.string().min(1).optional(),
  /** Days an order may await its company's approval before it expires (issue 32, finding B). */
  HELD_ORDER_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Orders one buyer may have awaiting approval at once (issue 32, finding B). */
  HELD_ORDERS_PER_BUYER: z.coerce.number().int().min(1).max(100).default(3),
  /** Megabytes of catalogue answers one process keeps in memory (decision 046; finding F). */
  CATALOGUE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Most keys each rate-limit rule remembers (the oldest are dropped beyond it). */
  RATE_LIMIT_MAX_KEYS: z.coerce.number().int().min(100).default(10_000),
  ...rateLimitVariables(),
});

/** The card gateway: Adyen when a key is set, otherwise the offline test gateway. */
export type PaymentsConfig =
  | {
      provider: "adyen";
      apiKey: string;
      merchantAccount: string;
      clientKey: string;
      environment: "test" | "live";
      hmacKey: string;
      liveUrlPrefix: string | undefined;
    }
  | { provider: "test" };

export interface ServerConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL: statements with parameters as named prepared statements (decision 049); off
   * behind a pooler that cannot keep them (PgBouncer before 1.21 in transaction mode).
   */
  preparedStatements: boolean;
  dataDir: string;
  jwtSecret: Uint8Array;
  brandName: string;
  supportEmail: string;
  /** The seller's postal address (comma-separated lines) and VAT id, printed on invoices. */
  sellerAddress: string;
  sellerVatId: string;
  logLevel: string;
  /** Where people reach the portal; links in mails start with it. */
  publicUrl: string;
  /** SMTP server for the outbox; unset: mails stay in the outbox (readable in development). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Folder of the built web app, when set by the environment. */
  staticDir: string | undefined;
  payments: PaymentsConfig;
  /** Fastify's `trustProxy`: the proxies' addresses or CIDRs whose `X-Forwarded-For` counts. */
  trustProxy: false | string[];
  rateLimits: RateLimits;
  /** Bytes of catalogue answers one process keeps in memory at most. */
  catalogueCacheBytes: number;
  /** Orders awaiting approval: how long they may wait, and how many one buyer may have. */
  heldOrders: { days: number; perBuyer: number };
}

function rateLimitVariables() {
  const limit = z
    .string()
    .regex(/^\d{1,7}\/\d{1,5}$/, "<limit>/<minutes>, e.g. 10/15")
    .refine((v) => v.split("/").every((n) => Number(n) > 0), "both numbers above 0")
    .optional();
  return Object.fromEntries(
    (Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[]).map((n) => [rateLimitVariable(n), limit]),
  ) as Record<string, typeof limit>;
}

/**
 * Parses the environment. In development an unset `JWT_SECRET` is generated once and kept in
 * the data folder, so tokens survive restarts; production refuses to start without one.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  let secret = e.JWT_SECRET;
  if (!secret) {
    if (e.NODE_ENV === "production") throw new Error("JWT_SECRET must be set in production");
    secret = storedSecret(dataDir);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS === "on",
    dataDir,
    jwtSecret: new TextEncoder().encode(secret),
    brandName: e.BRAND_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    sellerAddress: e.SELLER_ADDRESS,
    sellerVatId: e.SELLER_VAT_ID,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staticDir: e.STATIC_DIR === undefined ? undefined : resolve(e.STATIC_DIR),
    payments: paymentsConfig(e),
    trustProxy: trustProxy(e.TRUST_PROXY),
    rateLimits: rateLimits(e),
    catalogueCacheBytes: e.CATALOGUE_CACHE_MB * 1024 * 1024,
    heldOrders: { days: e.HELD_ORDER_DAYS, perBuyer: e.HELD_ORDERS_PER_BUYER },
  };
}

/**
 * The trusted proxies: addresses or CIDRs only. Fastify then takes the client address from the
 * right of `X-Forwarded-For`, skipping the trusted hops, so a client cannot pose as another
 * address (issue 32, finding E). `true` and hop counts are refused.
 */
function trustProxy(value: string | undefined): false | string[] {
  if (value === undefined || value === "false") return false;
  const entries = value.split(",").map((a) => a.trim());
  const bad = entries.filter((entry) => {
    const [address, bits, ...rest] = entry.split("/");
    const family = isIP(address ?? "");
    if (family === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    const n = Number(bits);
    return !/^\d{1,3}$/.test(bits) || n > (family === 4 ? 32 : 128);
  });
  if (bad.length > 0)
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: list the reverse proxy's addresses or CIDRs ` +
        `(e.g. 127.0.0.1 or 10.0.0.0/8), not ${bad.map((b) => JSON.stringify(b)).join(", ")}`,
    );
  return entries;
}

function rateLimits(e: z.infer<typeof schema>): RateLimits {
  const env = e as Record<string, unknown>;
  const out = { maxKeys: e.RATE_LIMIT_MAX_KEYS } as RateLimits;
  for (const name of Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[]) {
    const value = env[rateLimitVariable(name)];
    if (typeof value === "string") {
      const [limit, minutes] = value.split("/").map(Number);
      out[name] = { limit: limit!, minutes: minutes! };
    } else out[name] = RATE_LIMIT_DEFAULTS[name];
  }
  return out;
}

function paymentsConfig(e: z.infer<typeof schema>): PaymentsConfig {
  if (e.ADYEN_API_KEY === undefined) {
    // The offline gateway marks orders paid for public test cards: never in production
    // (issue 32, finding D).
    if (e.NODE_ENV === "production")
      throw new Error(
        "Invalid configuration:\n  ADYEN_API_KEY (with ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY " +
          "and ADYEN_HMAC_KEY) must be set in production: the offline test gateway accepts " +
          "public test cards",
      );
    return { provider: "test" };
  }
  const missing = (
    ["ADYEN_MERCHANT_ACCOUNT", "ADYEN_CLIENT_KEY", "ADYEN_HMAC_KEY"] as const
  ).filter((name) => e[name] === undefined);
  if (e.ADYEN_ENVIRONMENT === "live" && e.ADYEN_LIVE_URL_PREFIX === undefined)
    missing.push("ADYEN_LIVE_URL_PREFIX" as never);
  if (missing.length > 0)
    throw new Error(
      `Invalid configuration:\n  ADYEN_API_KEY is set, so ${missing.join(", ")} must be too`,
    );
  return {
    provider: "adyen",
    apiKey: e.ADYEN_API_KEY,
    merchantAccount: e.ADYEN_MERCHANT_ACCOUNT!,
    clientKey: e.ADYEN_CLIENT_KEY!,
    environment: e.ADYEN_ENVIRONMENT,
    hmacKey: e.ADYEN_HMAC_KEY!,
    liveUrlPrefix: e.ADYEN_LIVE_URL_PREFIX,
  };
}

function storedSecret(dataDir: string): string {
  const file = join(dataDir, "..", "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(join(dataDir, ".."), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

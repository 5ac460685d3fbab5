import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

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
  JWT_SECRET: z.string().min(32).optional(),
  BRAND_NAME: z.string().min(1).default("Lumé Atelier"),
  SUPPORT_EMAIL: z.string().email().default("partners@lume-atelier.example"),
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
  dataDir: string;
  jwtSecret: Uint8Array;
  brandName: string;
  supportEmail: string;
  logLevel: string;
  /** Where people reach the portal; links in mails start with it. */
  publicUrl: string;
  /** SMTP server for the outbox; unset: mails stay in the outbox (readable in development). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Folder of the built web app, when set by the environment. */
  staticDir: string | undefined;
  payments: PaymentsConfig;
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
    dataDir,
    jwtSecret: new TextEncoder().encode(secret),
    brandName: e.BRAND_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staticDir: e.STATIC_DIR === undefined ? undefined : resolve(e.STATIC_DIR),
    payments: paymentsConfig(e),
  };
}

function paymentsConfig(e: z.infer<typeof schema>): PaymentsConfig {
  if (e.ADYEN_API_KEY === undefined) return { provider: "test" };
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

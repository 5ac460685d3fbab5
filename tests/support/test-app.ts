import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { inject, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { loadConfig, type ServerConfig } from "../../server/config.js";
import type { GatewayConfig } from "../../graphql/config.js";
import { buildPortal } from "../../portal.js";
import {
  openPGlite,
  openPostgres,
  type Backend,
  type Database,
  type StatementLog,
} from "../../server/db/database.js";
import type { DB } from "../../server/db/schema.js";

/** The backends the API suite runs on; PostgreSQL only where a server could be started. */
export const backends: Backend[] = inject("pgUrl") ? ["pglite", "postgres"] : ["pglite"];

/**
 * `it` on `only`, and on any other backend nothing: a test that applies to one backend is not
 * registered on the other (it does not exist there, so it is not counted as skipped).
 */
export function itOnlyOn(only: Backend, backend: Backend): typeof it {
  return backend === only ? it : ((() => undefined) as unknown as typeof it);
}

export const DEMO_PASSWORD = "partner-demo";
export const USERS = {
  spaAdmin: "admin@demo-spa.example",
  spaBuyer: "buyer@demo-spa.example",
  spaMarketing: "marketing@demo-spa.example",
  retailAdmin: "admin@demo-retail.example",
} as const;

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON freely
  body: any;
  raw: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  backend: Backend;
  config: ServerConfig;
  /** A bearer token for a demo user (cached per user). */
  token(email: string): Promise<string>;
  /** Replaces the cached token, e.g. after a password change revoked the old one. */
  setToken(email: string, token: string): void;
  request(
    method: InjectOptions["method"],
    url: string,
    opts?: { as?: string; token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  /** A hash of every table a request could change, to prove a refused request changed nothing. */
  fingerprint(): Promise<string>;
  /**
   * Runs a request that must be refused: checks the problem+json answer with `status` and that
   * the database is exactly as before (no row written, changed or deleted, no audit, no mail).
   */
  refused(status: number, run: () => Promise<TestResponse>): Promise<ProblemBody>;
  /** The id of a shop user by e-mail. */
  userId(email: string): Promise<number>;
  close(): Promise<void>;
}

export const TEST_SECRET = "test-secret-".padEnd(48, "x");

/**
 * Adyen settings that are never called: production refuses to start without a payment provider
 * (issue 32, finding D), so tests that start a production app name one.
 */
export const UNUSED_ADYEN = {
  ADYEN_API_KEY: "unused-in-tests",
  ADYEN_MERCHANT_ACCOUNT: "TestMerchant",
  ADYEN_CLIENT_KEY: "test_unused",
  ADYEN_HMAC_KEY: "00ff",
} as const;

/**
 * A fresh PostgreSQL database cloned from the run's seeded template on the shared cluster:
 * its URL and how to drop it.
 */
export async function clonePostgresTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject("pgUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name} template ${inject("pgTemplate")}`);
  await client.end();
  return {
    url: admin.replace(/\/postgres$/, `/${name}`),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh copy of the seeded database on `backend`, opened (optionally logging every statement),
 * and how to get rid of it after closing.
 */
export async function cloneDatabase(
  backend: Backend,
  opts: { poolSize?: number; log?: StatementLog } = {},
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (backend === "pglite") {
    const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
    return { database: await openPGlite({ dump }, opts.log), drop: async () => {} };
  }
  const clone = await clonePostgresTemplate();
  return { database: openPostgres(clone.url, opts.poolSize ?? 25, opts.log), drop: clone.drop };
}

/**
 * Another app on a test app's database with its own config (own rate-limit counters): the REST
 * app, or with `portal` the whole portal with /graphql. The caller closes it.
 */
export async function appOn(
  t: TestApp,
  config: ServerConfig = t.config,
  opts: { portal?: boolean; gateway?: GatewayConfig } = {},
): Promise<FastifyInstance> {
  const database: Database = { db: t.db, backend: t.backend, close: async () => {} };
  const app = opts.portal
    ? await buildPortal({ config, database, gateway: opts.gateway })
    : await buildApp({ config, database });
  await app.ready();
  return app;
}

/** A fresh copy of the seeded database on `backend` and the app on top of it. */
export async function startTestApp(backend: Backend): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: "test",
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: "/nonexistent",
  });
  const { database, drop } = await cloneDatabase(backend);
  const app = await buildApp({ config, database });
  await app.ready();
  const tokens = new Map<string, string>();

  const request: TestApp["request"] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token ?? (opts.as ? await testApp.token(opts.as) : undefined);
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(opts.body === undefined
        ? {}
        : typeof opts.body === "string"
          ? { payload: opts.body }
          : {
              payload: JSON.stringify(opts.body),
              headers: { "content-type": "application/json", ...headers },
            }),
    });
    let body: unknown = undefined;
    const type = String(res.headers["content-type"] ?? "");
    if (type.includes("json") && res.body) body = JSON.parse(res.body);
    return { status: res.statusCode, headers: res.headers, body, raw: res.body };
  };

  const testApp: TestApp = {
    app,
    db: database.db,
    backend,
    config,
    async token(email) {
      const cached = tokens.get(email);
      if (cached) return cached;
      const res = await request("POST", "/api/v2/shop/customers/token", {
        body: { email, password: DEMO_PASSWORD },
      });
      if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.raw}`);
      tokens.set(email, res.body.token);
      return res.body.token as string;
    },
    setToken(email, token) {
      tokens.set(email, token);
    },
    request,
    async fingerprint() {
      const tables = [
        "orders",
        "order_items",
        "payments",
        "shipments",
        "product_variants",
        "variant_prices",
        "variant_price_tiers",
        "coupons",
        "idempotency_keys",
        "addresses",
        "shop_users",
        "companies",
        "staff_users",
        "invitations",
        "password_resets",
        "email_changes",
        "mail_outbox",
        "shopping_lists",
        "shopping_list_items",
        "support_requests",
        "partner_applications",
        "audit_events",
        "card_payment_attempts",
        "payment_webhook_events",
      ];
      const parts: string[] = [];
      for (const t of tables) {
        const r = await sql<{
          h: string;
        }>`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.table(t)} x`.execute(
          database.db,
        );
        parts.push(`${t}:${r.rows[0]!.h}`);
      }
      return parts.join(",");
    },
    async refused(status, run) {
      const before = await testApp.fingerprint();
      const problem = expectProblem(await run(), status);
      const after = await testApp.fingerprint();
      if (after !== before)
        throw new Error(`a refused request changed the database (status ${status})`);
      return problem;
    },
    async userId(email) {
      const row = await database.db
        .selectFrom("shop_users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async close() {
      // Every test of the file is done: a keep-alive socket still counted as busy (seen once in
      // CI under heavy load, holding the close for a minute) is closed after a short grace.
      const grace = setTimeout(() => app.server.closeAllConnections(), 2_000);
      await app.close();
      clearTimeout(grace);
      await database.close();
      await drop();
    },
  };
  return testApp;
}

export interface ProblemBody {
  type: string;
  title: string;
  detail: string;
  violations?: { propertyPath: string; message: string; code: string }[];
}

/** Checks an answer is a problem+json with the given status. */
export function expectProblem(res: TestResponse, status: number): ProblemBody {
  if (
    res.status !== status ||
    !String(res.headers["content-type"]).startsWith("application/problem+json")
  ) {
    throw new Error(
      `expected problem ${status}, got ${res.status} ${String(res.headers["content-type"])}: ${res.raw}`,
    );
  }
  if (typeof res.body.title !== "string" || typeof res.body.detail !== "string") {
    throw new Error(`problem without title/detail: ${res.raw}`);
  }
  return res.body as ProblemBody;
}

/** How many uses of coupon `code` are counted (`coupons.used`, which a usage limit is checked against). */
export async function couponUses(db: Kysely<DB>, code: string): Promise<number> {
  const row = await db
    .selectFrom("coupons")
    .select("used")
    .where("code", "=", code)
    .executeTakeFirstOrThrow();
  return row.used;
}

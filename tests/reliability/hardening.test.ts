import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, RATE_LIMIT_DEFAULTS, type ServerConfig } from "../../server/config.js";
import { buildApp } from "../../server/app.js";
import { createInvitation, hashToken } from "../../server/db/invitations.js";
import { redactUrl } from "../../server/http/log-redaction.js";
import { TableWindows } from "../../server/db/rate-limit-windows.js";
import { FixedWindowCounter, RATE_LIMITED_ROUTES } from "../../server/http/rate-limit.js";
import { appPolicy } from "../../server/http/security-headers.js";
import {
  appOn,
  backends,
  DEMO_PASSWORD,
  expectProblem,
  itOnlyOn,
  startTestApp,
  TEST_SECRET,
  UNUSED_ADYEN,
  USERS,
  type TestApp,
} from "../support/test-app.js";
import { testCard } from "../support/test-card.js";
import { recordFigures } from "./figures.js";
import { hashPassword, verifyPassword } from "../../server/core/password-hash.js";

const TOKEN = "/api/v2/shop/customers/token";
const RESET_REQUEST = "/api/v2/shop/reset-password-requests";
const RESET = (token: string) => `/api/v2/shop/reset-password/${token}`;
const REGISTER = "/api/v2/team-members/register";
const NEW_PASSWORD = "a-brand-new-passphrase-9";

const baseEnv = { NODE_ENV: "test", JWT_SECRET: TEST_SECRET, DATA_DIR: "/nonexistent" } as const;

/** A config of the test app with some limits changed (env-style values). */
const configWith = (env: Record<string, string>): ServerConfig =>
  loadConfig({ ...baseEnv, ...env });

type Json = Record<string, unknown>;

async function send(
  app: FastifyInstance,
  method: InjectOptions["method"],
  url: string,
  opts: { body?: unknown; ip?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? "127.0.0.1",
    headers: {
      ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { payload: JSON.stringify(opts.body) }),
  });
  const type = String(res.headers["content-type"] ?? "");
  const body = type.includes("json") && res.body ? (JSON.parse(res.body) as Json) : undefined;
  return { status: res.statusCode, headers: res.headers, body, raw: res.body };
}

const signIn = (app: FastifyInstance, email: string, password: string, ip?: string) =>
  send(app, "POST", TOKEN, { body: { email, password }, ip });

/** The newest mail to `to`, with the token of its link after `prefix`. */
async function mailedToken(t: TestApp, to: string, prefix: string): Promise<string> {
  const mail = await t.db
    .selectFrom("mail_outbox")
    .select("text_body")
    .where("to_address", "=", to)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const match = new RegExp(`${prefix}/([A-Za-z0-9_-]+)`).exec(mail.text_body);
  expect(match, `a ${prefix} link in the mail`).not.toBeNull();
  return match![1]!;
}

const figures = {
  rateLimitedRoutes: RATE_LIMITED_ROUTES.length,
  headersChecked: 0,
  secretsChecked: 0,
};

describe("configuration refuses what is unsafe in production", () => {
  it("requires a JWT secret of at least 32 characters in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: "/nonexistent" })).toThrow(
      /JWT_SECRET must be set in production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: "production", DATA_DIR: "/nonexistent", JWT_SECRET: "short" }),
    ).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...baseEnv, JWT_SECRET: "x".repeat(31) })).toThrow(/JWT_SECRET/);
    const ok = loadConfig({ ...baseEnv, ...UNUSED_ADYEN, NODE_ENV: "production" });
    expect(new TextDecoder().decode(ok.jwtSecret)).toBe(TEST_SECRET);
  });

  it("requires the webhook HMAC key whenever Adyen is configured", () => {
    const adyen = {
      ...baseEnv,
      NODE_ENV: "production",
      ADYEN_API_KEY: "key",
      ADYEN_MERCHANT_ACCOUNT: "Merchant",
      ADYEN_CLIENT_KEY: "test_client",
    };
    expect(() => loadConfig(adyen)).toThrow(/ADYEN_HMAC_KEY/);
    expect(loadConfig({ ...adyen, ADYEN_HMAC_KEY: "00ff" }).payments.provider).toBe("adyen");
  });

  it("reads rate limits as <limit>/<minutes> and refuses anything else", () => {
    expect(loadConfig(baseEnv).rateLimits.signInAccount).toEqual(RATE_LIMIT_DEFAULTS.signInAccount);
    expect(configWith({ RATE_LIMIT_SIGN_IN_ACCOUNT: "3/5" }).rateLimits.signInAccount).toEqual({
      limit: 3,
      minutes: 5,
    });
    for (const bad of ["0/15", "10", "ten/15", "10/0", "-1/15"])
      expect(() => configWith({ RATE_LIMIT_SIGN_IN_ACCOUNT: bad })).toThrow(
        /RATE_LIMIT_SIGN_IN_ACCOUNT/,
      );
  });
});

describe("passwords are hashed with scrypt, a salt per user, compared in constant time", () => {
  it("hashes with a fresh salt and verifies", async () => {
    const a = await hashPassword(DEMO_PASSWORD);
    const b = await hashPassword(DEMO_PASSWORD);
    expect(a).toMatch(/^scrypt\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a.split("$")[1]).not.toBe(b.split("$")[1]);
    expect(await verifyPassword(DEMO_PASSWORD, a)).toBe(true);
    expect(await verifyPassword("partner-demo!", a)).toBe(false);
    expect(await verifyPassword(DEMO_PASSWORD, null)).toBe(false);
  });

  it("compares with timingSafeEqual and does the same work for unknown users", () => {
    const source = readFileSync("server/core/password-hash.ts", "utf8");
    const verify = source.slice(source.indexOf("export async function verifyPassword"));
    const body = verify.slice(0, verify.indexOf("\n}\n"));
    expect(body).toContain("timingSafeEqual(");
    expect(body).not.toMatch(/actual\s*===|===\s*expected|\.equals\(/);
    // The unknown-user branch hashes too, so its timing matches a wrong password's.
    expect(body).toMatch(/if \(scheme !== "scrypt"[\s\S]*await scrypt\(/);
  });
});

describe.each(backends)("hardening on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it("stores every user's password as scrypt with its own salt", async () => {
    const rows = await t.db
      .selectFrom("shop_users")
      .select("password_hash")
      .where("password_hash", "is not", null)
      .execute();
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) expect(r.password_hash).toMatch(/^scrypt\$/);
  });

  describe("invitation tokens", () => {
    const invite = async (email: string) =>
      t.db.transaction().execute((tx) =>
        createInvitation(tx, {
          companyId: 1,
          email,
          roles: ["ROLE_COMMERCIAL"],
          publicUrl: "http://portal.test",
          brandName: "Test",
        }),
      );
    const register = (token: string) =>
      t.request("POST", REGISTER, {
        body: {
          firstName: "Ada",
          lastName: "Lovelace",
          token,
          newPlainPassword: NEW_PASSWORD,
          passwordRepeat: NEW_PASSWORD,
          termsAccepted: true,
        },
      });

    it("are stored hashed, work once and not after they expire", async () => {
      const { token } = await invite("once@demo-spa.example");
      const row = await t.db
        .selectFrom("invitations")
        .select("token_hash")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(hashToken(token));
      expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
      const stored = await t.db.selectFrom("invitations").selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(token);

      expect((await register(token)).status).toBe(201);
      // The new password got its own salt (the demo users share one seeded hash).
      const hashes = await t.db
        .selectFrom("shop_users")
        .select(["email", "password_hash"])
        .where("password_hash", "is not", null)
        .execute();
      const mine = hashes.find((h) => h.email === "once@demo-spa.example")!.password_hash!;
      const salt = mine.split("$")[1];
      expect(hashes.filter((h) => h.password_hash!.split("$")[1] === salt)).toHaveLength(1);
      const again = await t.refused(422, () => register(token));
      expect(again.violations?.[0]?.propertyPath).toBe("token");
      expect((await t.request("GET", `/api/v2/team-members/invitations/${token}`)).status).toBe(
        404,
      );

      const late = await invite("late@demo-spa.example");
      await t.db
        .updateTable("invitations")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("token_hash", "=", hashToken(late.token))
        .execute();
      await t.refused(422, () => register(late.token));
    });
  });

  describe("password-reset tokens", () => {
    const request = () => t.request("POST", RESET_REQUEST, { body: { email: USERS.spaMarketing } });
    const reset = (token: string) =>
      t.request("PATCH", RESET(token), {
        body: { newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      });

    it("are stored hashed, work once and not after they expire", async () => {
      expect((await request()).status).toBe(202);
      const token = await mailedToken(t, USERS.spaMarketing, "forgotten-password");
      const rows = await t.db.selectFrom("password_resets").selectAll().execute();
      expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);

      expect((await reset(token)).status).toBe(204);
      await t.refused(404, () => reset(token));

      expect((await request()).status).toBe(202);
      const late = await mailedToken(t, USERS.spaMarketing, "forgotten-password");
      await t.db
        .updateTable("password_resets")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("token_hash", "=", hashToken(late))
        .execute();
      await t.refused(404, () => reset(late));
      expect((await t.request("GET", RESET(late))).status).toBe(404);
    });
  });

  describe("rate limits", () => {
    // Each check gets its own app and fresh counters. On PostgreSQL the sign-in and reset
    // counters are rows of the database every app on it shares (decision 020): start them empty.
    beforeEach(async () => {
      await t.db.deleteFrom("rate_limits").execute();
    });

    it("locks an account after 10 failed sign-ins, not its colleagues, until the window ends", async () => {
      const app = await appOn(t, configWith({}));
      try {
        for (let i = 0; i < 9; i++)
          expect((await signIn(app, USERS.spaAdmin, `wrong-${i}`)).status).toBe(401);
        // A success clears the count: a person who gets it right is never locked out.
        expect((await signIn(app, USERS.spaAdmin, DEMO_PASSWORD)).status).toBe(200);
        for (let i = 0; i < 10; i++)
          expect((await signIn(app, USERS.spaAdmin, `wrong-${i}`)).status).toBe(401);
        const locked = await send(app, "POST", TOKEN, {
          body: { email: USERS.spaAdmin.toUpperCase(), password: DEMO_PASSWORD },
          headers: { "accept-language": "de" },
        });
        const problem = expectProblem(locked, 429);
        expect(problem.type).toBe("/problems/too-many-requests");
        expect(problem.detail).toContain("Anmeldeversuche");
        expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
        expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(900);
        expect((await signIn(app, USERS.spaBuyer, DEMO_PASSWORD)).status).toBe(200);
        // Staff accounts are counted apart from shop accounts.
        const staff = await send(app, "POST", "/api/v2/admin/token", {
          body: { email: "staff@brand.example", password: DEMO_PASSWORD },
        });
        expect(staff.status).toBe(200);
      } finally {
        await app.close();
      }
    });

    it("lifts an account's sign-in lock once its password is reset, and only that account's", async () => {
      const app = await appOn(t, configWith({}));
      const who = USERS.spaMarketing;
      const { password_hash: before } = await t.db
        .selectFrom("shop_users")
        .select("password_hash")
        .where("email", "=", who)
        .executeTakeFirstOrThrow();
      try {
        for (let i = 0; i < 10; i++)
          expect((await signIn(app, who, `wrong-${i}`, `10.9.0.${i}`)).status).toBe(401);
        expect((await signIn(app, who, DEMO_PASSWORD, "10.9.1.1")).status).toBe(429);
        for (let i = 0; i < 10; i++)
          expect((await signIn(app, USERS.spaAdmin, `wrong-${i}`, "10.9.2.1")).status).toBe(401);
        // The mailbox proves who this is: the new password signs in at once (decision 060).
        expect((await send(app, "POST", RESET_REQUEST, { body: { email: who } })).status).toBe(202);
        const token = await mailedToken(t, who, "forgotten-password");
        const reset = await send(app, "PATCH", RESET(token), {
          body: { newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
          ip: "10.9.1.1",
        });
        expect(reset.status).toBe(204);
        expect((await signIn(app, who, NEW_PASSWORD, "10.9.1.1")).status).toBe(200);
        // Another account's lock stays.
        expect((await signIn(app, USERS.spaAdmin, DEMO_PASSWORD, "10.9.2.1")).status).toBe(429);
      } finally {
        await app.close();
        await t.db
          .updateTable("shop_users")
          .set({ password_hash: before })
          .where("email", "=", who)
          .execute();
      }
    });

    it("limits failed sign-ins per client address, also through the GraphQL gateway", async () => {
      const app = await appOn(t, configWith({ RATE_LIMIT_SIGN_IN_IP: "3/15" }), { portal: true });
      try {
        const gql = (email: string, ip: string) =>
          send(app, "POST", "/graphql", {
            ip,
            body: {
              query:
                "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { __typename } }",
              variables: { e: email, p: "wrong-password" },
            },
          });
        for (let i = 0; i < 3; i++)
          expect((await gql(`nobody${i}@x.example`, "203.0.113.7")).status).toBe(200);
        // A GraphQL client is told it is a rate limit, and how long to wait (issue 18), not a
        // generic INTERNAL or BAD_USER_INPUT.
        const limited = (await gql("nobody9@x.example", "203.0.113.7")).body as {
          errors?: { extensions?: { code?: string; status?: number; retryAfter?: number } }[];
        };
        const extensions = limited.errors?.[0]?.extensions;
        expect(extensions).toMatchObject({ code: "TOO_MANY_REQUESTS", status: 429 });
        expect(extensions?.retryAfter).toBeGreaterThan(0);
        // The gateway's in-process REST calls were counted for the browser's address.
        expectProblem(await signIn(app, USERS.spaBuyer, DEMO_PASSWORD, "203.0.113.7"), 429);
        expect((await signIn(app, USERS.spaBuyer, DEMO_PASSWORD, "203.0.113.8")).status).toBe(200);
        expect((await signIn(app, USERS.spaBuyer, DEMO_PASSWORD, "127.0.0.1")).status).toBe(200);
      } finally {
        await app.close();
      }
    });

    it("limits reset requests per e-mail (known or not) and per address, and token guesses", async () => {
      const app = await appOn(
        t,
        configWith({ RATE_LIMIT_RESET_REQUEST_IP: "6/60", RATE_LIMIT_TOKEN_GUESS_IP: "3/15" }),
      );
      try {
        const ask = (email: string, ip = "198.51.100.1") =>
          send(app, "POST", RESET_REQUEST, { body: { email }, ip });
        for (let i = 0; i < 5; i++) expect((await ask("ghost@nowhere.example")).status).toBe(202);
        const refused = await ask("Ghost@nowhere.example", "198.51.100.2");
        expectProblem(refused, 429);
        expect(refused.headers["retry-after"]).toBeDefined();
        for (let i = 0; i < 6; i++)
          expect((await ask(`g${i}@nowhere.example`, "198.51.100.3")).status).toBe(202);
        expectProblem(await ask("other@nowhere.example", "198.51.100.3"), 429);
        // Bad input is not counted: it sends no mail.
        expect(
          (await send(app, "POST", RESET_REQUEST, { body: {}, ip: "198.51.100.4" })).status,
        ).toBe(422);

        for (let i = 0; i < 3; i++)
          expect((await send(app, "GET", RESET(`guess${i}`), { ip: "198.51.100.5" })).status).toBe(
            404,
          );
        const guessed = await send(app, "PATCH", RESET("guess9"), {
          ip: "198.51.100.5",
          body: { newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
        });
        expectProblem(guessed, 429);
        expect(
          (await send(app, "GET", "/api/v2/team-members/invitations/guess", { ip: "198.51.100.5" }))
            .status,
        ).toBe(429);
      } finally {
        await app.close();
      }
    });

    it("limits registrations, refused coupons and support requests", async () => {
      const app = await appOn(
        t,
        configWith({
          RATE_LIMIT_TEAM_REGISTRATION_IP: "2/15",
          RATE_LIMIT_COUPON_ACCOUNT: "2/15",
          RATE_LIMIT_SUPPORT_IP: "1/60",
          RATE_LIMIT_REGISTRATION_IP: "1/60",
        }),
      );
      try {
        const team = () =>
          send(app, "POST", REGISTER, {
            ip: "192.0.2.1",
            body: { firstName: "A", lastName: "B", token: "nope", newPlainPassword: NEW_PASSWORD },
          });
        expect((await team()).status).toBe(422);
        expect((await team()).status).toBe(422);
        expectProblem(await team(), 429);

        const token = await t.token(USERS.spaBuyer);
        const auth = { authorization: `Bearer ${token}` };
        const cart = await send(app, "POST", "/api/v2/shop/orders", { body: {}, headers: auth });
        const put = (couponCode: string) =>
          send(app, "PUT", `/api/v2/shop/orders/${cart.body!.tokenValue as string}`, {
            body: { couponCode },
            headers: auth,
          });
        expect((await put("NOPE-1")).status).toBe(422);
        expect((await put("NOPE-2")).status).toBe(422);
        const coupon = await put("WELCOME10");
        expectProblem(coupon, 429);
        expect(coupon.body!.detail).toMatch(/coupon/i);
        // Other cart changes go on.
        expect(
          (
            await send(app, "PUT", `/api/v2/shop/orders/${cart.body!.tokenValue as string}`, {
              body: { shippingAddress: "/api/v2/shop/addresses/2" },
              headers: auth,
            })
          ).status,
        ).toBe(200);

        const support = () =>
          app.inject({
            method: "POST",
            url: "/form/support",
            remoteAddress: "192.0.2.2",
            payload: multipart({
              name: "Ada Lovelace",
              email: "ada@example.com",
              subject: "Order",
              question: "How do I order samples for the spa?",
            }),
            headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
          });
        const first = await support();
        expect(first.statusCode, first.body).toBeLessThan(300);
        const second = await support();
        expect(second.statusCode).toBe(429);
        expect(second.headers["retry-after"]).toBeDefined();
      } finally {
        await app.close();
      }
    });

    // On PGlite the windows live in memory, a bounded number of them.
    itOnlyOn("pglite", backend)("keeps a bounded number of keys", async () => {
      const app = await appOn(t, configWith({ RATE_LIMIT_MAX_KEYS: "100" }));
      try {
        for (let i = 0; i < 150; i++)
          await send(app, "GET", RESET(`nothing${i}`), { ip: `10.0.${i >> 8}.${i & 255}` });
        expect(app.rateLimitCounters.get("tokenGuessIp")!.size).toBeLessThanOrEqual(100);
      } finally {
        await app.close();
      }
    });

    // On PostgreSQL they are rows of `rate_limits`, which a sweep empties of ended windows.
    itOnlyOn("postgres", backend)(
      "keeps every rule's windows in the shared table and sweeps the ended ones",
      async () => {
        let clock = Date.now();
        const windows = new TableWindows(t.db, () => clock);
        const app = await appOn(t, configWith({ RATE_LIMIT_TOKEN_GUESS_IP: "3/15" }));
        try {
          // Every rule counts in the table (issue 18): no window in this process's memory.
          expect(app.rateLimitCounters.size).toBe(0);
          for (let i = 0; i < 3; i++)
            expect((await send(app, "GET", RESET(`sweep${i}`), { ip: "10.9.0.1" })).status).toBe(
              404,
            );
          const rows = await t.db.selectFrom("rate_limits").selectAll().execute();
          expect(rows).toEqual([
            expect.objectContaining({
              rule: "tokenGuessIp",
              key: TableWindows.digest("10.9.0.1"),
              count: 3,
            }),
          ]);
          // The key is a digest: the table holds no address.
          expect(JSON.stringify(rows)).not.toContain("10.9.0.1");
          expectProblem(await send(app, "GET", RESET("sweep9"), { ip: "10.9.0.1" }), 429);

          // One window of 1 minute and one of 60; the first count sweeps (nothing has ended).
          await windows.take([
            { rule: "supportIp", key: "short", windowMs: 60_000 },
            { rule: "registrationIp", key: "long", windowMs: 3_600_000 },
          ]);
          expect(await t.db.selectFrom("rate_limits").select("rule").execute()).toHaveLength(3);
          // 61 seconds on: the next count sweeps the ended minute, a window that ended since is
          // counted from 1 again, and the open ones stay.
          clock += 61_000;
          await windows.take([{ rule: "registrationIp", key: "long", windowMs: 3_600_000 }]);
          const left = await t.db
            .selectFrom("rate_limits")
            .select(["rule", "count"])
            .orderBy("rule")
            .execute();
          expect(left).toEqual([
            { rule: "registrationIp", count: 2 },
            { rule: "tokenGuessIp", count: 3 },
          ]);
          // 16 minutes on, the guesses' window has
          // ended: a sweep deletes it, and the address may try again.
          clock += 16 * 60_000;
          expect(await windows.sweep()).toBe(1);
          expect(await t.db.selectFrom("rate_limits").select("rule").execute()).toEqual([
            { rule: "registrationIp" },
          ]);
          expect((await send(app, "GET", RESET("sweep10"), { ip: "10.9.0.1" })).status).toBe(404);
        } finally {
          await app.close();
        }
      },
    );
  });

  describe("security headers", () => {
    const COMMON = {
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
    };

    it("strict policy on JSON, problems and 404s; the app's policy on pages", async () => {
      const dir = mkdtempSync(join(tmpdir(), "h5-spa-"));
      writeFileSync(join(dir, "index.html"), "<!doctype html><title>x</title>");
      const app = await buildApp({
        config: t.config,
        database: { db: t.db, backend: t.backend, close: async () => {} },
        staticDir: dir,
      });
      await app.ready();
      try {
        const answers = [
          await send(app, "GET", "/api/v2/shop/taxons"),
          await send(app, "GET", "/api/v2/shop/orders"),
          await send(app, "GET", "/api/v2/nothing-here"),
          await signIn(app, USERS.spaBuyer, DEMO_PASSWORD),
        ];
        for (const res of answers) {
          expect(res.headers).toMatchObject(COMMON);
          expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
          expect(res.headers["strict-transport-security"]).toBeUndefined();
          figures.headersChecked += Object.keys(COMMON).length + 1;
        }
        for (const url of ["/", "/machines", "/shop/products/x"]) {
          const page = await send(app, "GET", url, { headers: { accept: "text/html" } });
          expect(page.status).toBe(200);
          expect(page.headers).toMatchObject(COMMON);
          const csp = String(page.headers["content-security-policy"]);
          for (const directive of [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob:",
            "connect-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "object-src 'none'",
          ])
            expect(csp).toContain(directive);
          expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
          figures.headersChecked += Object.keys(COMMON).length + 1;
        }
        // A 304 carries no policy: its headers would replace the cached page's.
        const first = await send(app, "GET", "/", { headers: { accept: "text/html" } });
        const etag = String(first.headers.etag);
        const again = await send(app, "GET", "/", {
          headers: { accept: "text/html", "if-none-match": etag },
        });
        expect(again.status).toBe(304);
        expect(again.headers["content-security-policy"]).toBeUndefined();
        // Answers that bring their own policy keep it (the mail viewer, media).
        const mail = await send(app, "GET", "/dev/mail");
        if (mail.status === 200)
          expect(mail.headers["content-security-policy"]).toContain("style-src 'unsafe-inline'");
      } finally {
        await app.close();
      }
    });

    it("adds HSTS in production and Adyen's sources when Adyen is configured", async () => {
      const prod = await appOn(t, configWith({ NODE_ENV: "production", ...UNUSED_ADYEN }));
      try {
        const res = await send(prod, "GET", "/health");
        expect(res.headers["strict-transport-security"]).toBe(
          "max-age=31536000; includeSubDomains",
        );
      } finally {
        await prod.close();
      }
      const adyen = configWith({
        ADYEN_API_KEY: "k",
        ADYEN_MERCHANT_ACCOUNT: "M",
        ADYEN_CLIENT_KEY: "test_x",
        ADYEN_HMAC_KEY: "00ff",
      });
      const policy = appPolicy(adyen.payments);
      expect(policy).toContain("connect-src 'self' https://checkoutshopper-test.adyen.com");
      expect(policy).toMatch(/frame-src https:\/\/checkoutshopper-test\.adyen\.com https:/);
      expect(policy).toContain("https://checkoutshopper-test.cdn.adyen.com");
      expect(appPolicy(t.config.payments)).toContain("frame-src 'none'");
      expect(appPolicy(t.config.payments)).not.toContain("adyen");
    });
  });

  describe("logs", () => {
    it("never contain passwords, tokens, card numbers or the JWT secret", async () => {
      const lines: string[] = [];
      const config = configWith({ LOG_LEVEL: "trace" });
      const app = await buildApp({
        config,
        database: { db: t.db, backend: t.backend, close: async () => {} },
        logger: true,
        logStream: { write: (line) => void lines.push(line) },
      });
      await app.ready();
      const secrets: string[] = [DEMO_PASSWORD, NEW_PASSWORD, TEST_SECRET, "4111111111111111"];
      try {
        const bad = await signIn(app, USERS.spaBuyer, "not-my-password-1");
        expect(bad.status).toBe(401);
        secrets.push("not-my-password-1");
        const ok = await signIn(app, USERS.spaBuyer, DEMO_PASSWORD);
        const bearer = ok.body!.token as string;
        secrets.push(bearer);
        const auth = { authorization: `Bearer ${bearer}` };
        expect((await send(app, "GET", "/api/v2/shop/orders", { headers: auth })).status).toBe(200);
        // A bad token is logged as a 401, never as its value.
        await send(app, "GET", "/api/v2/shop/orders", {
          headers: { authorization: "Bearer bogus.token.value-xyz" },
        });
        secrets.push("bogus.token.value-xyz");
        const staff = await send(app, "POST", "/api/v2/admin/token", {
          body: { email: "staff@brand.example", password: DEMO_PASSWORD },
        });
        secrets.push(staff.body!.token as string);

        // Password reset: the link's token travels in the URL.
        await send(app, "POST", RESET_REQUEST, { body: { email: USERS.retailAdmin } });
        const resetToken = await mailedToken(t, USERS.retailAdmin, "forgotten-password");
        secrets.push(resetToken);
        expect((await send(app, "GET", RESET(resetToken))).status).toBe(200);
        const reset = await send(app, "PATCH", RESET(resetToken), {
          body: { newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
        });
        expect(reset.status).toBe(204);

        // Team-member registration through an invitation.
        const { token: invitation } = await t.db.transaction().execute((tx) =>
          createInvitation(tx, {
            companyId: 1,
            email: "logged@demo-spa.example",
            roles: ["ROLE_COMMERCIAL"],
            publicUrl: "http://portal.test",
            brandName: "Test",
          }),
        );
        secrets.push(invitation);
        expect(
          (await send(app, "GET", `/api/v2/team-members/invitations/${invitation}`)).status,
        ).toBe(200);
        const registered = await send(app, "POST", REGISTER, {
          body: {
            firstName: "Log",
            lastName: "Reader",
            token: invitation,
            newPlainPassword: NEW_PASSWORD,
            passwordRepeat: NEW_PASSWORD,
            termsAccepted: true,
          },
        });
        expect(registered.status).toBe(201);

        // A card payment with the offline test gateway.
        const cart = await send(app, "POST", "/api/v2/shop/orders", { body: {}, headers: auth });
        const cartToken = cart.body!.tokenValue as string;
        const added = await send(app, "POST", `/api/v2/shop/orders/${cartToken}/items`, {
          headers: auth,
          body: {
            productVariant: "/api/v2/shop/product-variants/FIRM-LIFT-SERUM-30ML",
            quantity: 30,
          },
        });
        expect(added.status).toBe(201);
        await send(app, "PUT", `/api/v2/shop/orders/${cartToken}`, {
          headers: auth,
          body: { shippingAddress: "/api/v2/shop/addresses/2" },
        });
        const paid = await send(
          app,
          "POST",
          `/api/v2/shop/payment/adyen/adyen_card/${cartToken}/payments`,
          {
            headers: auth,
            body: testCard("4111111111111111"),
          },
        );
        expect(paid.status, paid.raw).toBeLessThan(300);
      } finally {
        await app.close();
      }
      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(20);
      expect(log).toContain("/api/v2/shop/reset-password/[redacted]");
      for (const secret of secrets) expect(log, "a secret in the log").not.toContain(secret);
      expect(log).not.toMatch(/bearer\s+[A-Za-z0-9._-]{10,}/i);
      figures.secretsChecked = secrets.length;
      recordFigures("hardening", figures, backend);
    });
  });
});

describe("fixed-window counter", () => {
  it("counts first, then compares: a hit past the limit sees a count above it, and a given-back hit frees its place", () => {
    let now = 0;
    const c = new FixedWindowCounter(3, 60_000, 100, () => now);
    expect([1, 2, 3, 4].map(() => c.take("a").count)).toEqual([1, 2, 3, 4]);
    c.giveBack("a");
    expect(c.take("a")).toEqual({ count: 4, resetAt: 60_000 });
    c.giveBack("a");
    // Never below zero, and not in a window that has ended.
    for (let i = 0; i < 5; i++) c.giveBack("b");
    expect(c.take("b").count).toBe(1);
    now = 60_000;
    c.giveBack("a");
    expect(c.take("a")).toEqual({ count: 1, resetAt: 120_000 });
    for (let i = 0; i < 250; i++) c.take(`k${i}`);
    expect(c.size).toBeLessThanOrEqual(100);
    now = 10 * 60_000;
    c.take("fresh");
    expect(c.size).toBeLessThanOrEqual(100);
    c.reset("fresh");
    expect(c.take("fresh").count).toBe(1);
  });
});

describe("log redaction", () => {
  it("masks tokens in URLs", () => {
    expect(redactUrl("/api/v2/shop/reset-password/abc_DEF-1")).toBe(
      "/api/v2/shop/reset-password/[redacted]",
    );
    expect(redactUrl("/register/abc?x=1")).toBe("/register/[redacted]?x=1");
    expect(redactUrl("/x?token=abc&y=2")).toBe("/x?token=[redacted]&y=2");
    expect(redactUrl("/api/v2/shop/orders/tok")).toBe("/api/v2/shop/orders/tok");
  });
});

const BOUNDARY = "----hardening";
function multipart(fields: Record<string, string>): string {
  return (
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("") + `--${BOUNDARY}--\r\n`
  );
}

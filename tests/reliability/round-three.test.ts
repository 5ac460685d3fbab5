import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, type ServerConfig } from "../../server/config.js";
import {
  appOn,
  backends,
  DEMO_PASSWORD,
  startTestApp,
  TEST_SECRET,
  USERS,
  type TestApp,
} from "../support/test-app.js";

/**
 * Issue 32 (security, round three): findings checked through the REST API on both backends.
 * Finding A: every rate limit holds under a burst of parallel requests (the hit is taken before
 * the request runs, then compared), not only when the requests come one after another.
 */

const TOKEN = "/api/v2/shop/customers/token";

const configWith = (env: Record<string, string>): ServerConfig =>
  loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_SECRET, DATA_DIR: "/nonexistent", ...env });

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
  return { status: res.statusCode, headers: res.headers };
}

/** How many answers of each status a burst got. */
function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

describe.each(backends)("security round three on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  describe("finding A: rate limits hold under bursts", () => {
    beforeEach(async () => {
      await t.db.deleteFrom("rate_limits").execute();
    });

    it("checks at most 10 of 200 parallel wrong passwords for one account", async () => {
      const app = await appOn(t, configWith({}));
      try {
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            send(app, "POST", TOKEN, {
              body: { email: USERS.spaAdmin, password: `wrong-${i}` },
              ip: `198.51.100.${i % 250}`,
            }),
          ),
        );
        expect(tally(answers.map((a) => a.status))).toEqual({ 401: 10, 429: 190 });
        // The budget is spent: the right password waits for the window like any other.
        const right = await send(app, "POST", TOKEN, {
          body: { email: USERS.spaAdmin, password: DEMO_PASSWORD },
        });
        expect(right.status).toBe(429);
      } finally {
        await app.close();
      }
    });

    it("lets 300 requests from rotating addresses check at most the account's budget, the right password among them", async () => {
      const app = await appOn(t, configWith({}));
      try {
        const answers = await Promise.all(
          Array.from({ length: 300 }, (_, i) =>
            send(app, "POST", TOKEN, {
              body: {
                email: USERS.spaBuyer,
                password: i === 299 ? DEMO_PASSWORD : `guess-${i}`,
              },
              ip: `203.0.113.${i % 250}`,
            }),
          ),
        );
        const counts = tally(answers.map((a) => a.status));
        const checked = (counts[401] ?? 0) + (counts[200] ?? 0);
        expect(checked).toBeLessThanOrEqual(10);
        expect(counts[429]).toBeGreaterThanOrEqual(290);
      } finally {
        await app.close();
      }
    });

    it("checks at most 20 of 50 parallel sign-ins from one address", async () => {
      const app = await appOn(t, configWith({ RATE_LIMIT_SIGN_IN_IP: "20/15" }));
      try {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            send(app, "POST", TOKEN, {
              body: { email: `nobody-${i}@example.com`, password: "wrong-password" },
              ip: "192.0.2.77",
            }),
          ),
        );
        expect(tally(answers.map((a) => a.status))).toEqual({ 401: 20, 429: 30 });
      } finally {
        await app.close();
      }
    });

    it("checks at most 10 of 60 parallel wrong current passwords in a password change", async () => {
      const app = await appOn(t, configWith({}));
      try {
        const token = await t.token(USERS.spaBuyer);
        const id = await t.userId(USERS.spaBuyer);
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            send(app, "PUT", `/api/v2/shop/customers/${id}/password`, {
              body: {
                currentPassword: `not-it-${i}`,
                newPassword: "a-brand-new-passphrase-9",
                confirmNewPassword: "a-brand-new-passphrase-9",
              },
              headers: { authorization: `Bearer ${token}` },
            }),
          ),
        );
        const counts = tally(answers.map((a) => a.status));
        expect(counts[429]).toBe(50);
        expect(60 - counts[429]!).toBe(10);
      } finally {
        await app.close();
      }
    });

    it("checks at most the coupon budget of 120 parallel guesses over 6 carts, and the valid code among them is refused too", async () => {
      const app = await appOn(t, configWith({ RATE_LIMIT_COUPON_ACCOUNT: "5/15" }));
      try {
        const token = await t.token(USERS.spaBuyer);
        const auth = { authorization: `Bearer ${token}` };
        const carts: string[] = [];
        for (let i = 0; i < 6; i++) {
          const res = await app.inject({
            method: "POST",
            url: "/api/v2/shop/orders",
            headers: { ...auth, "content-type": "application/json" },
            payload: "{}",
          });
          carts.push((JSON.parse(res.body) as { tokenValue: string }).tokenValue);
        }
        const answers = await Promise.all(
          Array.from({ length: 120 }, (_, i) =>
            send(app, "PUT", `/api/v2/shop/orders/${carts[i % 6]!}`, {
              body: { couponCode: i === 119 ? "WELCOME10" : `GUESS-${i}` },
              headers: auth,
              ip: `192.0.2.${i % 200}`,
            }),
          ),
        );
        const counts = tally(answers.map((a) => a.status));
        // Five guesses are checked (refused); the rest, the valid code included, wait.
        expect(counts[422]).toBe(5);
        expect(counts[429]).toBe(115);
      } finally {
        await app.close();
      }
    });

    it("gives back the hit of an answer that does not count: accepted coupons never use up the budget", async () => {
      const app = await appOn(t, configWith({ RATE_LIMIT_COUPON_ACCOUNT: "2/15" }));
      try {
        const token = await t.token(USERS.spaBuyer);
        const auth = { authorization: `Bearer ${token}` };
        const cart = await app.inject({
          method: "POST",
          url: "/api/v2/shop/orders",
          headers: { ...auth, "content-type": "application/json" },
          payload: "{}",
        });
        const url = `/api/v2/shop/orders/${(JSON.parse(cart.body) as { tokenValue: string }).tokenValue}`;
        for (let i = 0; i < 5; i++)
          expect(
            (await send(app, "PUT", url, { body: { couponCode: "WELCOME10" }, headers: auth }))
              .status,
          ).toBe(200);
        expect(
          (await send(app, "PUT", url, { body: { couponCode: "NOPE-1" }, headers: auth })).status,
        ).toBe(422);
        expect(
          (await send(app, "PUT", url, { body: { couponCode: "NOPE-2" }, headers: auth })).status,
        ).toBe(422);
        expect(
          (await send(app, "PUT", url, { body: { couponCode: "NOPE-3" }, headers: auth })).status,
        ).toBe(429);
      } finally {
        await app.close();
      }
    });
  });
});

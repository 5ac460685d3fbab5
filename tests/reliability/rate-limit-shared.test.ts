import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clonePostgresTemplate } from "../support/test-app.js";
import { recordFigures } from "./figures.js";
import { call as callProcess, ServerProcess } from "./support/server-process.js";

/**
 * Issue 18, "beyond one process": two server processes (`node --import tsx main.ts`) on one
 * PostgreSQL database share every rate limit through the `rate_limits` table (migration 0010,
 * decision 041), so a second node gives an attacker no second budget. With counters in process
 * memory, each process would allow the whole budget again. Checked here: failed sign-ins,
 * reset requests, refused coupons and team registrations.
 */
describe.skipIf(!inject("pgUrl"))("rate limits across two processes (PostgreSQL)", () => {
  const figures = { processes: 2, rulesShown: 0, requests: 0, refusedOverBudget: 0 };
  /** A request to one of the processes, counted for the figures. */
  const call = async (...args: Parameters<typeof callProcess>) => {
    const answer = await callProcess(...args);
    figures.requests += 1;
    if (answer.status === 429) figures.refusedOverBudget += 1;
    return answer;
  };
  let drop: (() => Promise<void>) | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  beforeAll(async () => {
    const clone = await clonePostgresTemplate();
    drop = clone.drop;
    const env = {
      RATE_LIMIT_SIGN_IN_ACCOUNT: "4/15",
      RATE_LIMIT_RESET_REQUEST_ACCOUNT: "2/60",
      RATE_LIMIT_COUPON_ACCOUNT: "2/15",
      RATE_LIMIT_TEAM_REGISTRATION_IP: "3/15",
    };
    // One after the other: both migrate on start.
    a = await ServerProcess.start({ databaseUrl: clone.url, env, startTimeoutMs: 120_000 });
    b = await ServerProcess.start({ databaseUrl: clone.url, env, startTimeoutMs: 120_000 });
  }, 300_000);
  afterAll(async () => {
    if (figures.requests > 0)
      recordFigures("rate limits across two processes", figures, "postgres");
    await a?.terminate();
    await b?.terminate();
    await drop?.();
  });

  const signIn = (server: ServerProcess, password: string) =>
    call(server.url, "POST", "/api/v2/shop/customers/token", {
      body: { email: "buyer@demo-spa.example", password },
    });

  it("counts failed sign-ins of one account on both processes against one budget", async () => {
    // Four failures in all, alternating: each process has seen only two.
    for (const server of [a!, b!, a!, b!]) expect((await signIn(server, "wrong")).status).toBe(401);
    // Both refuse now, the right password too, with the time to wait.
    for (const server of [a!, b!]) {
      const refused = await signIn(server, "partner-demo");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Another account is untouched.
    const other = await call(a!.url, "POST", "/api/v2/shop/customers/token", {
      body: { email: "admin@demo-spa.example", password: "partner-demo" },
    });
    expect(other.status).toBe(200);
    figures.rulesShown += 1;
  });

  it("counts reset requests for one address on both processes against one budget", async () => {
    const request = (server: ServerProcess) =>
      call(server.url, "POST", "/api/v2/shop/reset-password-requests", {
        body: { email: "marketing@demo-spa.example" },
      });
    expect((await request(a!)).status).toBeLessThan(300);
    expect((await request(b!)).status).toBeLessThan(300);
    expect((await request(a!)).status).toBe(429);
    expect((await request(b!)).status).toBe(429);
    figures.rulesShown += 1;
  });

  it("counts refused coupons of one user on both processes against one budget", async () => {
    const signedIn = await call(a!.url, "POST", "/api/v2/shop/customers/token", {
      body: { email: "admin@demo-spa.example", password: "partner-demo" },
    });
    expect(signedIn.status).toBe(200);
    const auth = { authorization: `Bearer ${signedIn.body.token as string}` };
    const started = await call(a!.url, "POST", "/api/v2/shop/orders", { body: {}, headers: auth });
    expect(started.status).toBe(201);
    const cart = `/api/v2/shop/orders/${started.body.tokenValue as string}`;
    const coupon = (server: ServerProcess, couponCode: string) =>
      call(server.url, "PUT", cart, { body: { couponCode }, headers: auth });
    expect((await coupon(a!, "NOPE-1")).status).toBe(422);
    expect((await coupon(b!, "NOPE-2")).status).toBe(422);
    // A real code is refused too now, on either process, with the time to wait.
    for (const server of [a!, b!]) {
      const refused = await coupon(server, "WELCOME10");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Other cart changes go on.
    const address = await call(b!.url, "PUT", cart, {
      body: { shippingAddress: "/api/v2/shop/addresses/2" },
      headers: auth,
    });
    expect(address.status).toBe(200);
    figures.rulesShown += 1;
  });

  it("counts team registrations from one address on both processes against one budget", async () => {
    const register = (server: ServerProcess) =>
      call(server.url, "POST", "/api/v2/team-members/register", {
        body: {
          firstName: "Ada",
          lastName: "Probe",
          token: "not-an-invitation",
          newPlainPassword: "a-brand-new-passphrase-9",
        },
      });
    for (const server of [a!, b!, a!]) expect((await register(server)).status).toBe(422);
    expect((await register(b!)).status).toBe(429);
    expect((await register(a!)).status).toBe(429);
    figures.rulesShown += 1;
  });

  it("holds one budget under a burst spread over both processes (issue 32, finding A)", async () => {
    // 40 parallel wrong passwords for an account no other check uses, half on each process:
    // exactly the budget of 4 is checked, the rest wait.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 === 0 ? a!.url : b!.url, "POST", "/api/v2/shop/customers/token", {
          body: { email: "junior.buyer@demo-spa.example", password: `burst-${i}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(36);
    figures.rulesShown += 1;
  });
});

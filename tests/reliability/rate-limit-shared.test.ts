import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clonePostgresTemplate } from "../support/test-app.js";
import { call, ServerProcess } from "./support/server-process.js";

/**
 * Issue 18, "beyond one process": two server processes (`node --import tsx main.ts`) on one
 * PostgreSQL database share the sign-in and reset-request limits through the `rate_limits`
 * table (migration 0010), so a second node gives an attacker no second budget. With counters
 * in process memory, each process would allow the whole budget again.
 */
describe.skipIf(!inject("pgUrl"))("rate limits across two processes (PostgreSQL)", () => {
  let drop: (() => Promise<void>) | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  beforeAll(async () => {
    const clone = await clonePostgresTemplate();
    drop = clone.drop;
    const env = {
      RATE_LIMIT_SIGN_IN_ACCOUNT: "4/15",
      RATE_LIMIT_RESET_REQUEST_ACCOUNT: "2/60",
    };
    // One after the other: both migrate on start.
    a = await ServerProcess.start({ databaseUrl: clone.url, env, startTimeoutMs: 120_000 });
    b = await ServerProcess.start({ databaseUrl: clone.url, env, startTimeoutMs: 120_000 });
  }, 300_000);
  afterAll(async () => {
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
  });
});

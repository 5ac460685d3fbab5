import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import type { Database } from "../../server/db/database.js";
import { DEV_BYPASS_HEADER } from "../../server/http/routes/machines.js";
import {
  backends,
  DEMO_PASSWORD,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
} from "../support/test-app.js";

const URL = "/api/v2/admin/machines";
const MACHINES = readdirSync("machines")
  .filter((f) => f.endsWith(".machine.ts"))
  .map((f) => f.replace(/\.machine\.ts$/, ""));

describe.each(backends)("machine data for the auditor view on %s", (backend) => {
  let t: TestApp;
  let staffToken: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const res = await t.request("POST", "/api/v2/admin/token", {
      body: { email: "staff@brand.example", password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    staffToken = res.body.token;
  });
  afterAll(() => t.close());

  it("gives staff every machine's diagram, states, events, guards and coverage", async () => {
    const res = await t.request("GET", URL, { token: staffToken });
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const names = res.body.machines.map((m: { name: string }) => m.name);
    // Whether the committed data is current is tests/machines/docs.test.ts's business.
    expect(names).toEqual(expect.arrayContaining(["checkout", "session"]));
    expect(names.length).toBeGreaterThanOrEqual(MACHINES.length - 5);
    const checkout = res.body.machines.find((m: { name: string }) => m.name === "checkout");
    expect(checkout.diagram).toMatch(/^stateDiagram-v2\n/);
    expect(checkout.states.length).toBeGreaterThan(0);
    expect(checkout.transitions.length).toBeGreaterThan(0);
    expect(checkout.coverage).toMatchObject({ passed: true });
  });

  it("refuses visitors, shop users (even a company ADMIN) and bad tokens with a 401", async () => {
    expectProblem(await t.request("GET", URL), 401);
    expectProblem(await t.request("GET", URL, { as: USERS.spaAdmin }), 401);
    expectProblem(await t.request("GET", URL, { as: USERS.spaBuyer }), 401);
    expectProblem(await t.request("GET", URL, { token: "not-a-token" }), 401);
    expectProblem(
      await t.request("GET", URL, {
        headers: { cookie: `token=${await t.token(USERS.spaAdmin)}` },
      }),
      401,
    );
  });

  it("ignores the development header outside development", async () => {
    expectProblem(await t.request("GET", URL, { headers: { [DEV_BYPASS_HEADER]: "1" } }), 401);
  });

  it("answers the development build of the app without a token on a development server", async () => {
    const dev = await buildApp({
      config: { ...t.config, env: "development" },
      database: { db: t.db } as unknown as Database,
    });
    try {
      const open = await dev.inject({
        method: "GET",
        url: URL,
        headers: { [DEV_BYPASS_HEADER]: "1" },
      });
      expect(open.statusCode).toBe(200);
      const plain = await dev.inject({ method: "GET", url: URL });
      expect(plain.statusCode).toBe(401);
    } finally {
      await dev.close();
    }
  });
});

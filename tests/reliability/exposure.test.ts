import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.js";
import {
  appOn,
  backends,
  DEMO_PASSWORD,
  startTestApp,
  TEST_SECRET,
  UNUSED_ADYEN,
  USERS,
  type TestApp,
} from "../support/test-app.js";

/**
 * Issue 18 (security, round two): what `npm start` (development by default) shows to other
 * machines on the network, and what the GraphQL gateway tells about its schema.
 */

const LAN = "192.168.1.20";
const LOCAL = "127.0.0.1";
const env = (nodeEnv: string, extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: nodeEnv,
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: "/nonexistent",
    ...(nodeEnv === "production" ? UNUSED_ADYEN : {}),
    ...extra,
  });

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
    remoteAddress: opts.ip ?? LOCAL,
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

describe.each(backends)("what npm start exposes, on %s", (backend) => {
  let t: TestApp;
  let dev: FastifyInstance;
  let prod: FastifyInstance;
  let staffToken: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    dev = await appOn(t, env("development"), {
      portal: true,
      gateway: { commerceApiUrl: undefined, production: false },
    });
    prod = await appOn(t, env("production"), {
      portal: true,
      gateway: { commerceApiUrl: undefined, production: true },
    });
    const staff = await send(dev, "POST", "/api/v2/admin/token", {
      body: { email: "staff@brand.example", password: DEMO_PASSWORD },
    });
    staffToken = staff.body!.token as string;
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
    await t?.close();
  });

  describe("the development mail viewer", () => {
    it("gives a LAN visitor no reset link: the takeover of the issue stops at /dev/mail.json", async () => {
      const asked = await send(dev, "POST", "/api/v2/shop/reset-password-requests", {
        body: { email: USERS.spaBuyer },
        ip: LAN,
      });
      expect(asked.status).toBe(202);
      for (const url of ["/dev/mail", "/dev/mail.json"]) {
        const res = await send(dev, "GET", url, { ip: LAN });
        expect(res.status, url).toBe(404);
        expect(res.raw).not.toContain("forgotten-password/");
        // A forged forwarded-for header does not make a LAN client local.
        const forged = await send(dev, "GET", url, {
          ip: LAN,
          headers: { "x-forwarded-for": LOCAL },
        });
        expect(forged.status, url).toBe(404);
        // Nor does a partner's token.
        const partner = await send(dev, "GET", url, {
          ip: LAN,
          headers: { authorization: `Bearer ${await t.token(USERS.spaAdmin)}` },
        });
        expect(partner.status, url).toBe(401);
      }
    });

    it("shows the mails to this machine itself and to signed-in staff", async () => {
      const local = await send(dev, "GET", "/dev/mail.json", { ip: LOCAL });
      expect(local.status).toBe(200);
      expect(local.raw).toContain("forgotten-password/");
      expect((await send(dev, "GET", "/dev/mail", { ip: "::1" })).status).toBe(200);
      const staff = await send(dev, "GET", "/dev/mail.json", {
        ip: LAN,
        headers: { authorization: `Bearer ${staffToken}` },
      });
      expect(staff.status).toBe(200);
    });

    it("behind a proxy on this machine, a forwarded LAN client is not local", async () => {
      const proxied = await appOn(t, env("development", { TRUST_PROXY: "127.0.0.1" }));
      try {
        const res = await send(proxied, "GET", "/dev/mail.json", {
          ip: LOCAL,
          headers: { "x-forwarded-for": LAN },
        });
        expect(res.status).toBe(404);
      } finally {
        await proxied.close();
      }
    });

    it("does not exist in production, not even for this machine", async () => {
      expect((await send(prod, "GET", "/dev/mail.json", { ip: LOCAL })).status).toBe(404);
      expect((await send(prod, "GET", "/dev/mail", { ip: LOCAL })).status).toBe(404);
    });
  });

  it("the machines page's development bypass needs this machine too", async () => {
    const url = "/api/v2/admin/machines";
    const headers = { "x-machines-dev": "1" };
    expect((await send(dev, "GET", url, { ip: LAN, headers })).status).toBe(401);
    expect((await send(dev, "GET", url, { ip: LOCAL, headers })).status).not.toBe(401);
  });

  describe("GraphQL keeps its schema to this machine", () => {
    const gql = (app: FastifyInstance, query: string, ip: string) =>
      send(app, "POST", "/graphql", { body: { query }, ip });
    const INTROSPECTION = "{ __schema { queryType { name } } }";
    const TYPE = '{ __type(name: "Product") { name } }';
    const TYPO = "{ prodcts(page: 1) { totalItems } }";

    it("a LAN client of a development server gets no introspection, GraphiQL or suggestions", async () => {
      for (const query of [INTROSPECTION, TYPE]) {
        const res = await gql(dev, query, LAN);
        expect(res.body?.data ?? null, query).toBeNull();
        expect(JSON.stringify(res.body?.errors)).toMatch(/introspection/i);
      }
      const typo = await gql(dev, TYPO, LAN);
      expect(typo.raw).toMatch(/Cannot query field \\"prodcts\\"/);
      expect(typo.raw).not.toMatch(/Did you mean/);
      const page = await send(dev, "GET", "/graphql", {
        ip: LAN,
        headers: { accept: "text/html" },
      });
      expect(page.raw).not.toMatch(/graphiql/i);
    });

    it("this machine keeps them in development", async () => {
      const res = await gql(dev, INTROSPECTION, LOCAL);
      expect(res.body?.data).toEqual({ __schema: { queryType: { name: "Query" } } });
      expect((await gql(dev, TYPO, LOCAL)).raw).toMatch(/Did you mean/);
      const page = await send(dev, "GET", "/graphql", {
        ip: LOCAL,
        headers: { accept: "text/html" },
      });
      expect(page.raw).toMatch(/graphiql/i);
    });

    it("production names no field it was not asked for, to anyone (finding 10)", async () => {
      for (const ip of [LOCAL, LAN]) {
        const typo = await gql(prod, TYPO, ip);
        expect(typo.raw).toMatch(/Cannot query field \\"prodcts\\"/);
        expect(typo.raw).not.toMatch(/Did you mean/);
        const intro = await gql(prod, INTROSPECTION, ip);
        expect(intro.body?.data ?? null).toBeNull();
      }
    });
  });

  describe("HSTS and a Secure cookie whenever the portal is reached over HTTPS", () => {
    it("a development server behind a TLS proxy sends both", async () => {
      const proxied = await appOn(t, env("development", { TRUST_PROXY: "127.0.0.1" }));
      try {
        const https = { "x-forwarded-proto": "https", "x-forwarded-for": LAN };
        const signIn = await send(proxied, "POST", "/api/v2/shop/customers/token", {
          body: { email: USERS.spaBuyer, password: DEMO_PASSWORD },
          headers: https,
        });
        expect(signIn.status).toBe(200);
        expect(signIn.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
        expect(String(signIn.headers["set-cookie"])).toMatch(/;\s*Secure/i);
        // Plain HTTP on the same server: neither (HSTS there would pin a host without TLS).
        const plain = await send(proxied, "POST", "/api/v2/shop/customers/token", {
          body: { email: USERS.spaBuyer, password: DEMO_PASSWORD },
        });
        expect(plain.headers["strict-transport-security"]).toBeUndefined();
        expect(String(plain.headers["set-cookie"])).not.toMatch(/;\s*Secure/i);
      } finally {
        await proxied.close();
      }
    });
  });
  describe("CORS on /graphql (finding 8)", () => {
    const ME = "{ me { email } }";
    const post = (app: FastifyInstance, origin: string, host = "portal.test") =>
      send(app, "POST", "/graphql", { body: { query: ME }, headers: { origin, host } });
    const preflight = (app: FastifyInstance, origin: string) =>
      send(app, "OPTIONS", "/graphql", {
        headers: {
          origin,
          host: "portal.test",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, authorization",
        },
      });

    it("gives a foreign origin no CORS headers, credentials or not", async () => {
      for (const app of [dev, prod]) {
        for (const res of [
          await post(app, "https://evil.example"),
          await preflight(app, "https://evil.example"),
        ]) {
          expect(res.headers["access-control-allow-origin"]).toBeUndefined();
          expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
        }
      }
    });

    it("allows the portal's own origin and configured ones", async () => {
      const own = await post(dev, "http://portal.test");
      expect(own.headers["access-control-allow-origin"]).toBe("http://portal.test");
      const configured = await appOn(t, env("development"), {
        portal: true,
        gateway: {
          commerceApiUrl: undefined,
          production: false,
          corsOrigins: ["https://partners.example"],
        },
      });
      try {
        const res = await preflight(configured, "https://partners.example");
        expect(res.headers["access-control-allow-origin"]).toBe("https://partners.example");
        expect(res.headers["access-control-allow-credentials"]).toBe("true");
        const other = await preflight(configured, "https://evil.example");
        expect(other.headers["access-control-allow-origin"]).toBeUndefined();
      } finally {
        await configured.close();
      }
    });
  });
});

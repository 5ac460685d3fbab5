import type { FastifyInstance } from "fastify";
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
 * Issue 18, finding 3 (decision 037): the storefront's session is an HttpOnly cookie the server
 * sets at sign-in, cookie-authenticated writes need the CSRF header, signing out revokes the
 * token on the server, and API clients keep the bearer header. The browser half (no token in
 * document.cookie or localStorage) is e2e/session.spec.ts.
 */

const API = "/api/v2/shop";
const LAN = "192.168.1.20";
const LOCAL = "127.0.0.1";
const CSRF = { "x-requested-with": "XMLHttpRequest" };
const env = (nodeEnv: string, extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: nodeEnv,
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: "/nonexistent",
    ...(nodeEnv === "production" ? UNUSED_ADYEN : {}),
    ...extra,
  });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Sent {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  raw: string;
  cookies: string[];
}

async function send(
  app: FastifyInstance,
  method: string,
  url: string,
  opts: { body?: unknown; ip?: string; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const res = await app.inject({
    method: method as "GET",
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
  const cookies = [res.headers["set-cookie"] ?? []].flat().map(String);
  return { status: res.statusCode, headers: res.headers, body, raw: res.body, cookies };
}

/** The `token` Set-Cookie line of an answer. */
const tokenCookie = (res: Sent) => res.cookies.find((c) => c.startsWith("token=")) ?? "";
/** The value of the `token` cookie an answer sets, for the next request's Cookie header. */
const tokenOf = (res: Sent) => /^token=([^;]*)/.exec(tokenCookie(res))?.[1] ?? "";
/** Whether the answer removes the `token` cookie. */
const clearsCookie = (res: Sent) =>
  /^token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(tokenCookie(res));

describe.each(backends)("the session cookie on %s", (backend) => {
  let t: TestApp;
  let dev: FastifyInstance;
  let prod: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const gateway = { commerceApiUrl: undefined, production: false };
    dev = await appOn(t, env("development"), { portal: true, gateway });
    prod = await appOn(t, env("production"), {
      portal: true,
      gateway: { ...gateway, production: true },
    });
    proxied = await appOn(t, env("development", { TRUST_PROXY: "127.0.0.1" }), {
      portal: true,
      gateway,
    });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
    await proxied?.close();
    await t?.close();
  });

  const signIn = (app = dev, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
    send(app, "POST", `${API}/customers/token`, {
      body: { email: USERS.spaBuyer, password: DEMO_PASSWORD },
      ...opts,
    });
  const gql = (
    app: FastifyInstance,
    query: string,
    opts: { variables?: unknown; ip?: string; headers?: Record<string, string> } = {},
  ) =>
    send(app, "POST", "/graphql", {
      body: { query, variables: opts.variables },
      ip: opts.ip,
      headers: opts.headers,
    });
  const SIGN_IN = `mutation($email: String!, $password: String!) {
    signIn(email: $email, password: $password) { __typename ... on SignInSuccess { token customerId } }
  }`;
  const gqlSignIn = (app = dev, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
    gql(app, SIGN_IN, { variables: { email: USERS.spaBuyer, password: DEMO_PASSWORD }, ...opts });

  /** A placed order of Demo Spa, whose invoice the buyer may download. */
  const invoiceUrl = async () => {
    const order = await t.db
      .selectFrom("orders")
      .select("token_value")
      .where("company_id", "=", 1)
      .where("state", "=", "completed")
      .where("parent_order_id", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    return `/customer-admin/invoice/${order.token_value}/download`;
  };

  describe("flags", () => {
    it("REST sign-in sets an HttpOnly, SameSite=Lax cookie, Secure except on plain-HTTP loopback development", async () => {
      const local = await signIn(dev);
      expect(local.status).toBe(200);
      const cookie = tokenCookie(local);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
      // The cookie is the session the body's token is: the same JWT.
      expect(tokenOf(local)).toBe(local.body!.token);

      // A LAN client of a development server over plain HTTP: Secure all the same.
      expect(tokenCookie(await signIn(dev, { ip: LAN }))).toMatch(/;\s*Secure/i);
      // HTTPS through a trusted proxy, from loopback or the LAN.
      for (const ip of [LOCAL, LAN]) {
        const https = await signIn(proxied, {
          headers: { "x-forwarded-proto": "https", "x-forwarded-for": ip },
        });
        expect(tokenCookie(https), ip).toMatch(/;\s*Secure/i);
      }
      // Production: always Secure, even from loopback over HTTP.
      expect(tokenCookie(await signIn(prod))).toMatch(/;\s*Secure/i);
    });

    it("GraphQL sign-in sets the same cookie", async () => {
      const local = await gqlSignIn(dev);
      expect(local.body?.data?.signIn.__typename).toBe("SignInSuccess");
      const cookie = tokenCookie(local);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
      expect(tokenOf(local)).toBe(local.body!.data.signIn.token);
      expect(tokenCookie(await gqlSignIn(dev, { ip: LAN }))).toMatch(/;\s*Secure/i);
      expect(tokenCookie(await gqlSignIn(prod))).toMatch(/;\s*Secure/i);
    });
  });

  describe("CSRF: cookie-authenticated writes need the X-Requested-With header", () => {
    it("refuses a cross-site REST write (JSON or multipart) and changes nothing", async () => {
      const cookie = { cookie: `token=${tokenOf(await signIn())}` };
      const cart = await t.refused(403, () =>
        send(dev, "POST", `${API}/orders`, { body: {}, headers: cookie }),
      );
      expect(cart.type).toBe("/problems/csrf");
      expect(cart.detail).toMatch(/X-Requested-With/);
      const address = await t.refused(403, () =>
        send(dev, "POST", `${API}/addresses`, {
          body: {
            firstName: "Eve",
            lastName: "X",
            street: "1",
            city: "Y",
            postcode: "1",
            countryCode: "DE",
          },
          headers: { ...cookie, "accept-language": "de" },
        }),
      );
      // Translated, like every problem.
      expect(address.detail).toMatch(/X-Requested-With/);
      expect(address.detail).not.toBe(cart.detail);
      // A form of another site posting a file to the support form.
      const boundary = "----x";
      const multipart = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="message"',
        "",
        "hello",
        `--${boundary}--`,
        "",
      ].join("\r\n");
      await t.refused(403, () =>
        dev
          .inject({
            method: "POST",
            url: "/form/support",
            headers: { ...cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
            payload: multipart,
          })
          .then((res) => ({
            status: res.statusCode,
            headers: res.headers,
            body: JSON.parse(res.body),
            raw: res.body,
          })),
      );
      // Deleting is a write too.
      const mine = await send(dev, "POST", `${API}/orders`, {
        body: {},
        headers: { ...cookie, ...CSRF },
      });
      expect(mine.status).toBe(201);
      await t.refused(403, () =>
        send(dev, "DELETE", `${API}/orders/${mine.body!.tokenValue}`, { headers: cookie }),
      );
      // Reads need no header: links and page loads carry the cookie alone.
      expect(
        (await send(dev, "GET", `${API}/orders/${mine.body!.tokenValue}`, { headers: cookie }))
          .status,
      ).toBe(200);
    });

    it("refuses a cookie-authenticated GraphQL mutation without the header, and changes nothing", async () => {
      const cookie = { cookie: `token=${tokenOf(await signIn())}` };
      const before = await t.fingerprint();
      const refused = await gql(dev, "mutation { startCart { token } }", { headers: cookie });
      expect(refused.body?.data ?? null).toBeNull();
      const error = refused.body?.errors?.[0];
      expect(error?.extensions?.code).toBe("FORBIDDEN");
      expect(error?.extensions?.type).toBe("/problems/csrf");
      expect(error?.message).toMatch(/X-Requested-With/);
      // Translated, like the REST problem it comes from.
      const german = await gql(dev, "mutation { startCart { token } }", {
        headers: { ...cookie, "accept-language": "de" },
      });
      expect(german.body?.errors?.[0]?.message).toMatch(/X-Requested-With/);
      expect(german.body?.errors?.[0]?.message).not.toBe(error?.message);
      expect(await t.fingerprint()).toBe(before);
      // Queries go without it; the storefront's mutations send it.
      const me = await gql(dev, "{ me { email } }", { headers: cookie });
      expect(me.body?.data?.me?.email).toBe(USERS.spaBuyer);
      const started = await gql(dev, "mutation { startCart { token } }", {
        headers: { ...cookie, ...CSRF },
      });
      expect(started.body?.data?.startCart?.token).toMatch(/\w/);
    });

    it("keeps the bearer header working for API clients, with no CSRF header", async () => {
      const { token } = (await signIn()).body!;
      const bearer = { authorization: `Bearer ${token}` };
      expect((await send(dev, "POST", `${API}/orders`, { body: {}, headers: bearer })).status).toBe(
        201,
      );
      const started = await gql(dev, "mutation { startCart { token } }", { headers: bearer });
      expect(started.body?.data?.startCart?.token).toMatch(/\w/);
      // The bearer header wins over a cookie: a stale cookie beside it changes nothing.
      const both = await send(dev, "GET", `${API}/orders`, {
        headers: { ...bearer, cookie: "token=stale.jwt.value" },
      });
      expect(both.status).toBe(200);
    });
  });

  describe("sign-out revokes the token on the server", () => {
    it("REST sign-out: the old token is refused by REST, GraphQL and the invoice download", async () => {
      const signedIn = await signIn();
      const token = signedIn.body!.token as string;
      const other = (await signIn()).body!.token as string;
      const bearer = { authorization: `Bearer ${token}` };
      const cookie = { cookie: `token=${token}` };
      const url = await invoiceUrl();
      // Before: every way works.
      expect((await send(dev, "GET", url, { headers: bearer })).status).toBe(200);
      expect((await send(dev, "GET", url, { headers: cookie })).status).toBe(200);

      // Signing out with the cookie needs the CSRF header like any write.
      await t.refused(403, () =>
        send(dev, "DELETE", `${API}/customers/token`, { headers: cookie }),
      );
      const out = await send(dev, "DELETE", `${API}/customers/token`, {
        headers: { ...cookie, ...CSRF },
      });
      expect(out.status).toBe(204);
      expect(clearsCookie(out)).toBe(true);

      const id = await t.userId(USERS.spaBuyer);
      for (const headers of [bearer, cookie]) {
        expect((await send(dev, "GET", `${API}/customers/${id}`, { headers })).status).toBe(401);
        expect((await send(dev, "GET", url, { headers })).status).toBe(401);
        const me = await gql(dev, "{ me { email } }", { headers });
        expect(me.body?.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
        const cart = await gql(dev, "mutation { startCart { token } }", {
          headers: { ...headers, ...CSRF },
        });
        expect(cart.body?.data ?? null).toBeNull();
      }
      // A refused cookie is removed from the browser with the answer.
      expect(
        clearsCookie(await send(dev, "GET", `${API}/customers/${id}`, { headers: cookie })),
      ).toBe(true);
      // Production refuses it too (the same database, another process).
      expect((await send(prod, "GET", url, { headers: bearer })).status).toBe(401);
      // The user's other session goes on.
      expect(
        (
          await send(dev, "GET", `${API}/customers/${id}`, {
            headers: { authorization: `Bearer ${other}` },
          })
        ).status,
      ).toBe(200);
    });

    it("GraphQL signOut revokes the cookie's token and clears the cookie", async () => {
      const signedIn = await gqlSignIn();
      const token = tokenOf(signedIn);
      const cookie = { cookie: `token=${token}` };
      // Without the CSRF header another site cannot sign the person out.
      const forged = await gql(dev, "mutation { signOut }", { headers: cookie });
      expect(forged.body?.data ?? null).toBeNull();
      expect((await gql(dev, "{ me { email } }", { headers: cookie })).body?.data?.me?.email).toBe(
        USERS.spaBuyer,
      );
      const out = await gql(dev, "mutation { signOut }", { headers: { ...cookie, ...CSRF } });
      expect(out.body?.data?.signOut).toBe(true);
      expect(clearsCookie(out)).toBe(true);
      const bearer = { authorization: `Bearer ${token}` };
      expect(
        (await gql(dev, "{ me { email } }", { headers: bearer })).body?.errors?.[0]?.extensions
          ?.code,
      ).toBe("UNAUTHENTICATED");
      expect((await send(dev, "GET", await invoiceUrl(), { headers: bearer })).status).toBe(401);
      // Signing out again, or without a session, is no error.
      expect(
        (await send(dev, "DELETE", `${API}/customers/token`, { headers: bearer })).status,
      ).toBe(204);
      expect((await send(dev, "DELETE", `${API}/customers/token`)).status).toBe(204);
    });

    it("back-office sign-out revokes the staff token on the server", async () => {
      const staffSignIn = () =>
        send(dev, "POST", "/api/v2/admin/token", {
          body: { email: "staff@brand.example", password: DEMO_PASSWORD },
        });
      const token = (await staffSignIn()).body!.token as string;
      const other = (await staffSignIn()).body!.token as string;
      const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
      const machines = (value: string, app = dev) =>
        send(app, "GET", "/api/v2/admin/machines", { headers: bearer(value) });
      expect((await machines(token)).status).toBe(200);
      expect(
        (await send(dev, "GET", "/api/v2/admin/orders", { headers: bearer(token) })).status,
      ).toBe(200);

      const out = await send(dev, "DELETE", "/api/v2/admin/token", { headers: bearer(token) });
      expect(out.status).toBe(204);
      // The signed-out token opens nothing, on this process or another on the database.
      for (const app of [dev, prod]) {
        const refused = await machines(token, app);
        expect(refused.status).toBe(401);
        expect(refused.headers["content-type"]).toMatch(/problem\+json/);
      }
      expect(
        (await send(dev, "GET", "/api/v2/admin/orders", { headers: bearer(token) })).status,
      ).toBe(401);
      const stored = await t.db.selectFrom("revoked_tokens").select("jti").execute();
      expect(stored.length).toBeGreaterThan(0);
      expect(JSON.stringify(stored)).not.toContain(token);
      // The staff member's other session goes on; signing out without a token revokes nothing.
      expect((await machines(other)).status).toBe(200);
      expect((await send(dev, "DELETE", "/api/v2/admin/token")).status).toBe(204);
      expect((await machines(other)).status).toBe(200);
      // A shop token is no back-office token: it cannot sign staff out, and stays valid.
      const shop = (await signIn()).body!.token as string;
      expect(
        (await send(dev, "DELETE", "/api/v2/admin/token", { headers: bearer(shop) })).status,
      ).toBe(401);
      const id = await t.userId(USERS.spaBuyer);
      expect(
        (await send(dev, "GET", `${API}/customers/${id}`, { headers: bearer(shop) })).status,
      ).toBe(200);
    });

    it("keeps revoked ids only until their tokens expire", async () => {
      await t.db
        .insertInto("revoked_tokens")
        .values({ jti: "long-gone", expires_at: new Date(Date.now() - 60_000) })
        .execute();
      const { token } = (await signIn()).body!;
      await send(dev, "DELETE", `${API}/customers/token`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const rows = await t.db.selectFrom("revoked_tokens").select(["jti", "expires_at"]).execute();
      expect(rows.map((r) => r.jti)).not.toContain("long-gone");
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows)
        expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now());
    });
  });
});

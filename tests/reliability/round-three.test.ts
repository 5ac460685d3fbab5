import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, type ServerConfig } from "../../server/config.js";
import { CatalogueCache } from "../../server/http/catalogue-cache.js";
import { parseWorkbook } from "../../server/files/sheet-worker.js";
import { QUICK_ORDER_LIMITS } from "../../server/files/xlsx.js";
import { handWrittenXlsx, multipart, type Part } from "../fixtures/files/builders.js";
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

describe("finding D: production never falls back to the offline test gateway", () => {
  const production = { NODE_ENV: "production", JWT_SECRET: TEST_SECRET, DATA_DIR: "/nonexistent" };
  it("refuses to start without a card provider, naming what to set", () => {
    expect(() => loadConfig(production)).toThrow(/ADYEN_API_KEY .* must be set in production/s);
    expect(loadConfig({ ...production, ...UNUSED_ADYEN }).payments.provider).toBe("adyen");
    // Development and tests keep the offline gateway.
    expect(loadConfig({ ...production, NODE_ENV: "development" }).payments.provider).toBe("test");
  });
});

describe("finding E: only named proxies are trusted", () => {
  const base = { NODE_ENV: "development", JWT_SECRET: TEST_SECRET, DATA_DIR: "/nonexistent" };
  it("refuses TRUST_PROXY=true and anything that is not an address or a CIDR", () => {
    for (const value of ["true", "1", "proxy.example", "10.0.0.0/33", "::1/129", "10.0.0.1/8/2"])
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...base, TRUST_PROXY: "127.0.0.1, 10.0.0.0/8, ::1" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });
});

describe("finding F: the catalogue cache is bounded in bytes", () => {
  it("keeps at most its bytes, dropping the oldest first, and never keeps an answer larger than the bound", () => {
    const cache = new CatalogueCache(100_000);
    const body = "x".repeat(10_000);
    for (let i = 0; i < 50; i++) cache.store(`key-${i}`, 1, body);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBe(4);
    expect(cache.get("key-49", 1)).toBeDefined();
    expect(cache.get("key-0", 1)).toBeUndefined();
    // Replacing an answer does not count it twice.
    cache.store("key-49", 2, body);
    expect(cache.size).toBe(4);
    const huge = cache.store("huge", 2, "y".repeat(60_000));
    expect(huge.body).toHaveLength(60_000);
    expect(cache.get("huge", 2)).toBeUndefined();
    // A newer catalogue version empties it, bytes included.
    cache.saw(3);
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});

/** A quick-order sheet of `rows` codes, each `length` characters, as shared strings. */
function sheetOfCodes(rows: number, length: number): Buffer {
  const cells: (string | number)[][] = [["code", "quantity"]];
  for (let i = 0; i < rows; i++) cells.push([`C${i}-`.padEnd(length, "A"), 1]);
  return handWrittenXlsx([{ name: "Order", rows: cells }], { sharedStrings: true });
}

describe("finding C: a workbook is parsed off the event loop", () => {
  it("parses on the worker thread: the event loop turns before the parse answers", async () => {
    const file = sheetOfCodes(1000, 400);
    const order: string[] = [];
    const parsed = parseWorkbook(file, { type: "buffer", dense: true }).then((book) => {
      order.push("parsed");
      return book;
    });
    setTimeout(() => order.push("timer"), 0);
    const book = await parsed;
    expect(order).toEqual(["timer", "parsed"]);
    expect(book.SheetNames).toEqual(["Order"]);
    const data = book.Sheets.Order!["!data"] as { v: unknown }[][];
    expect(data).toHaveLength(1001);
    expect(String(data[1000]![0]!.v)).toMatch(/^C999-A+$/);
  });
});

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

  describe("finding E: a client cannot pose as this machine or as another address", () => {
    const proxied = () =>
      appOn(t, configWith({ NODE_ENV: "development", TRUST_PROXY: "127.0.0.1" }), {
        portal: true,
        gateway: { commerceApiUrl: undefined, production: false },
      });

    it("never serves /dev/mail or GraphiQL through a proxy, whatever address is forwarded", async () => {
      const app = await proxied();
      try {
        for (const forwarded of [
          "127.0.0.1",
          "127.0.0.1, 127.0.0.1",
          "::1",
          "127.0.0.1, 203.0.113.9",
        ]) {
          const headers = { "x-forwarded-for": forwarded };
          expect((await send(app, "GET", "/dev/mail.json", { headers })).status, forwarded).toBe(
            404,
          );
          const page = await app.inject({
            method: "GET",
            url: "/graphql",
            remoteAddress: "127.0.0.1",
            headers: { ...headers, accept: "text/html" },
          });
          expect(page.body, forwarded).not.toMatch(/graphiql/i);
        }
        // This machine itself, not through the proxy, still reads its mail in development.
        expect((await send(app, "GET", "/dev/mail.json")).status).toBe(200);
      } finally {
        await app.close();
      }
    });

    it("counts the address the proxy saw (the right-most untrusted hop), not the one a client wrote", async () => {
      await t.db.deleteFrom("rate_limits").execute();
      const app = await appOn(
        t,
        configWith({
          NODE_ENV: "development",
          TRUST_PROXY: "127.0.0.1",
          RATE_LIMIT_SIGN_IN_IP: "2/15",
        }),
      );
      try {
        const attempt = (forwarded: string, n: number) =>
          send(app, "POST", TOKEN, {
            body: { email: `nobody-${n}@example.com`, password: "wrong-password" },
            headers: { "x-forwarded-for": forwarded },
          });
        // The client writes a new address each time; the proxy appends the real one.
        expect((await attempt("10.1.1.1, 198.51.100.7", 1)).status).toBe(401);
        expect((await attempt("10.2.2.2, 198.51.100.7", 2)).status).toBe(401);
        expect((await attempt("10.3.3.3, 198.51.100.7", 3)).status).toBe(429);
        // Another client behind the same proxy has its own budget.
        expect((await attempt("198.51.100.8", 4)).status).toBe(401);
      } finally {
        await app.close();
      }
    });
  });

  describe("finding F: unknown query parameters make no new cache entries", () => {
    it("answers 300 unique query strings of one listing from one entry, and shows its size to this machine", async () => {
      const app = await appOn(t, configWith({}));
      try {
        const before = app.catalogueCache.size;
        for (let i = 0; i < 300; i++) {
          const res = await send(
            app,
            "GET",
            `/api/v2/shop/products?itemsPerPage=3&junk=${i}&_=${i}`,
            {
              ip: "198.51.100.99",
            },
          );
          expect(res.status).toBe(200);
        }
        // Parameters in another order, or one given twice the same way, are the same answer.
        await send(app, "GET", "/api/v2/shop/products?page=1&itemsPerPage=3", {
          ip: "198.51.100.99",
        });
        expect(app.catalogueCache.size - before).toBe(1);
        const health = await app.inject({
          method: "GET",
          url: "/health",
          remoteAddress: "127.0.0.1",
        });
        expect(JSON.parse(health.body)).toMatchObject({
          status: "ok",
          catalogueCache: { entries: app.catalogueCache.size, bytes: app.catalogueCache.bytes },
        });
        const remote = await app.inject({
          method: "GET",
          url: "/health",
          remoteAddress: "198.51.100.99",
        });
        expect(JSON.parse(remote.body)).toEqual({ status: "ok" });
      } finally {
        await app.close();
      }
    });
  });

  describe("findings C and G: uploads", () => {
    const IMPORT = "/shop/import/xlsx/quick-order";
    async function post(url: string, parts: readonly Part[], as?: string, lang = "en") {
      const { body, contentType } = multipart(parts);
      const headers: Record<string, string> = {
        "content-type": contentType,
        "accept-language": lang,
      };
      if (as) headers.authorization = `Bearer ${await t.token(as)}`;
      const res = await t.app.inject({ method: "POST", url, headers, payload: body });
      return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
    }
    const sheet = (data: Buffer): Part[] => [{ name: "file", filename: "order.xlsx", data }];

    it("refuses a small file whose strings unpack to megabytes before parsing it", async () => {
      // 1,000 codes of 17 KB: 17 MB of shared strings in a file of a few tens of kilobytes.
      const bomb = sheetOfCodes(1000, 17_000);
      expect(bomb.length).toBeLessThan(200_000);
      const res = await post(IMPORT, sheet(bomb), USERS.spaBuyer, "de");
      expect(res.status).toBe(413);
      expect(String(res.body.detail)).toMatch(/MB/);
    });

    it("refuses more shared strings than 1,000 rows need", async () => {
      // 1,000 rows, each with a code and four more texts: 5,006 strings, over the bound.
      const wide: (string | number)[][] = [["code", "quantity", "a", "b", "c", "d"]];
      for (let i = 0; i < 1000; i++) wide.push([`C-${i}`, 1, `a${i}`, `b${i}`, `c${i}`, `d${i}`]);
      const refused = await post(
        IMPORT,
        sheet(handWrittenXlsx([{ name: "Order", rows: wide }], { sharedStrings: true })),
        USERS.spaBuyer,
        "de",
      );
      expect(refused.status).toBe(413);
      expect(String(refused.body.detail)).toContain(String(QUICK_ORDER_LIMITS.maxStrings));
      // Two texts a row, as a real sheet has: read.
      const narrow = wide.map((row) => [row[0]!, String(row[1])]);
      const read = await post(
        IMPORT,
        sheet(handWrittenXlsx([{ name: "Order", rows: narrow }], { sharedStrings: true })),
        USERS.spaBuyer,
      );
      expect(read.status).toBe(200);
    });

    it("reads one file per user at a time and answers the other with 429", async () => {
      const file = sheetOfCodes(1000, 200);
      const answers = await Promise.all([
        post(IMPORT, sheet(file), USERS.spaBuyer, "de"),
        post(IMPORT, sheet(file), USERS.spaBuyer, "de"),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 429]);
      const refused = answers.find((a) => a.status === 429)!;
      expect(String(refused.body.detail)).toMatch(/vorige Datei/);
      // Another user is not held up by it, and the next file of the same user is read.
      expect((await post(IMPORT, sheet(file), USERS.spaBuyer)).status).toBe(200);
    });

    it("refuses a NUL character with 422 in query lists, multipart fields and spreadsheet cells (G)", async () => {
      for (const url of [
        "/api/v2/shop/products?code=GLOW%00MINI",
        "/api/v2/shop/products?code[]=A&code[]=B%00",
        "/api/v2/shop/product-variants?code[]=GLOW-MINI-ROSE%00",
        "/api/v2/shop/products?codeOrName=gl%00ow",
      ]) {
        const res = await t.app.inject({
          method: "GET",
          url,
          headers: { "accept-language": "de" },
        });
        expect(res.statusCode, url).toBe(422);
        const problem = JSON.parse(res.body) as { violations: { propertyPath: string }[] };
        expect(problem.violations[0]!.propertyPath, url).toMatch(/^code|codeOrName/);
      }
      const support = await post("/form/support", [
        { name: "name", value: "Ada\u0000 Lovelace" },
        { name: "email", value: "ada@example.com" },
        { name: "question", value: "Hello" },
      ]);
      expect(support.status).toBe(422);
      expect(JSON.stringify(support.body.violations)).toContain('"propertyPath":"name"');
      const nulCell = handWrittenXlsx([
        {
          name: "Order",
          rows: [
            ["code", "quantity"],
            ["GLOW-MINI-ROSE_x0000_", 2],
          ],
        },
      ]);
      const sheetAnswer = await post(IMPORT, sheet(nulCell), USERS.spaBuyer, "de");
      expect(sheetAnswer.status).toBe(422);
      expect(String(sheetAnswer.body.detail)).toMatch(/Zeile 2/);
    });

    it("refuses a NUL character in GraphQL productVariants codes without a server error (G)", async () => {
      const app = await appOn(t, t.config, { portal: true });
      try {
        const res = await app.inject({
          method: "POST",
          url: "/graphql",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({
            query: "query($c: [String!]!) { productVariants(codes: $c) { code } }",
            variables: { c: ["GLOW-MINI-ROSE\u0000"] },
          }),
        });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).not.toMatch(/Internal|INTERNAL_SERVER_ERROR/);
      } finally {
        await app.close();
      }
    });
  });

  describe("finding H: short texts that land in documents hold printable characters only", () => {
    const INVISIBLE = [
      "\u200B",
      "\u3164",
      "\u180E",
      "\u2800",
      "\u034F",
      "\u0001",
      "\r\n",
      "\u202E",
    ];
    let cart = "";
    beforeAll(async () => {
      const started = await t.request("POST", "/api/v2/shop/orders", {
        as: USERS.spaBuyer,
        body: {},
      });
      cart = started.body.tokenValue as string;
    });

    it("refuses a PO number that is invisible or holds a hidden character, over REST and GraphQL", async () => {
      for (const c of INVISIBLE) {
        // Inside a reference: refused, naming the field, in the caller's language.
        const res = await t.request("PUT", `/api/v2/shop/orders/${cart}`, {
          as: USERS.spaBuyer,
          body: { poNumber: `PO-${c}4711` },
          headers: { "accept-language": "de" },
        });
        expect(res.status, JSON.stringify(c)).toBe(422);
        expect(res.body.violations[0]).toMatchObject({ propertyPath: "poNumber" });
        expect(res.body.violations[0].message).toMatch(/drucken/);
        // Alone: refused, or trimmed away to no PO number at all, never kept as a reference.
        const alone = await t.request("PUT", `/api/v2/shop/orders/${cart}`, {
          as: USERS.spaBuyer,
          body: { poNumber: `${c}${c}` },
        });
        if (alone.status === 200) expect(alone.body.poNumber ?? null, JSON.stringify(c)).toBeNull();
        else expect(alone.status, JSON.stringify(c)).toBe(422);
      }
      // Trimmed of every kind of white space around a printable reference: kept.
      const ok = await t.request("PUT", `/api/v2/shop/orders/${cart}`, {
        as: USERS.spaBuyer,
        body: { poNumber: "\u00A0\u3000 PO-4711 \u2003" },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.poNumber).toBe("PO-4711");

      const app = await appOn(t, t.config, { portal: true });
      try {
        const res = await app.inject({
          method: "POST",
          url: "/graphql",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${await t.token(USERS.spaBuyer)}`,
          },
          payload: JSON.stringify({
            query:
              "mutation($t: String!, $p: String!) { setPurchaseOrderNumber(cartToken: $t, poNumber: $p) { __typename ... on ValidationError { violations { propertyPath } } } }",
            variables: { t: cart, p: "PO\u202E1234" },
          }),
        });
        const answer = JSON.parse(res.body) as {
          data: { setPurchaseOrderNumber: { __typename: string; violations: unknown[] } };
        };
        expect(answer.data.setPurchaseOrderNumber.__typename).toBe("ValidationError");
      } finally {
        await app.close();
      }
    });

    it("does not count an invisible PO number as given where the company requires one", async () => {
      const adminId = await t.userId(USERS.spaAdmin);
      const required = await t.request("PUT", `/api/v2/shop/customers/${adminId}`, {
        as: USERS.spaAdmin,
        body: { poNumberRequired: true },
      });
      expect(required.status).toBe(200);
      try {
        const token = (
          await t.request("POST", "/api/v2/shop/orders", { as: USERS.spaBuyer, body: {} })
        ).body.tokenValue as string;
        const added = await t.request("POST", `/api/v2/shop/orders/${token}/items`, {
          as: USERS.spaBuyer,
          body: {
            productVariant: "/api/v2/shop/product-variants/FIRM-LIFT-SERUM-30ML",
            quantity: 30,
          },
        });
        expect(added.status).toBe(201);
        await t.request("PUT", `/api/v2/shop/orders/${token}`, {
          as: USERS.spaBuyer,
          body: { shippingAddress: "/api/v2/shop/addresses/2" },
        });
        await t.request(
          "PATCH",
          `/api/v2/shop/orders/${token}/payments/${added.body.payments[0].id}`,
          {
            as: USERS.spaBuyer,
            body: { paymentMethod: "/api/v2/shop/payment-methods/invoice" },
          },
        );
        for (const poNumber of ["\u200B", "\u3164\u3164", "\u2800", "\u034F", "\r\n"]) {
          const res = await t.request("PATCH", `/api/v2/shop/orders/${token}/complete`, {
            as: USERS.spaBuyer,
            body: { poNumber },
          });
          expect(res.status, JSON.stringify(poNumber)).toBe(422);
          expect(JSON.stringify(res.body.violations)).toContain("poNumber");
        }
      } finally {
        await t.request("PUT", `/api/v2/shop/customers/${adminId}`, {
          as: USERS.spaAdmin,
          body: { poNumberRequired: false },
        });
      }
    });

    it("refuses hidden characters in notes and list names, and keeps a note's line breaks", async () => {
      for (const notes of ["Deliver \u202Eetatskcab", "a\u0007b", "\u200B"]) {
        const res = await t.request("POST", `/api/v2/shop/orders/${cart}`, {
          as: USERS.spaBuyer,
          body: { notes },
        });
        expect(res.status, JSON.stringify(notes)).toBe(422);
      }
      const note = await t.request("POST", `/api/v2/shop/orders/${cart}`, {
        as: USERS.spaBuyer,
        body: { notes: "Gate 3\r\nRing twice" },
      });
      expect(note.status).toBe(200);
      expect(note.body.notes).toBe("Gate 3\nRing twice");
      const list = await t.request("POST", "/api/v2/shopping-lists", {
        as: USERS.spaBuyer,
        body: {
          name: "Spr\u200Bing",
          items: [{ productVariant: "/api/v2/shop/product-variants/GLOW-MINI-ROSE", quantity: 1 }],
        },
      });
      expect(list.status).toBe(422);
      expect(list.body.violations[0]).toMatchObject({ propertyPath: "name" });
    });
  });
});

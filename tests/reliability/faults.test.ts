import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Notification } from "../../server/payments/gateway.js";
import { TestCardGateway } from "../../server/payments/test-gateway.js";
import { startPgCluster, type PgCluster } from "../support/pg-cluster.js";
import {
  backends,
  clonePostgresTemplate,
  expectProblem,
  startTestApp,
  USERS,
  type TestApp,
} from "../support/test-app.js";
import { testCard as card } from "../support/test-card.js";
import { recordFigures } from "./figures.js";
import { checkOrders, stockOf } from "./support/orders-check.js";
import { startDatabase, stopDatabase } from "./support/pg-control.js";
import { call, ServerProcess, signIn } from "./support/server-process.js";
import { openDirect, pgliteDataDir, readyCart, SHOPPERS, VARIANTS } from "./support/shop.js";

/**
 * Faults against the real server process (`node --import tsx main.ts`): kill -9 during a stream
 * of completions, the database going away and coming back, SIGTERM with requests in flight, and
 * (in-process) the card gateway timing out. docs/reliability.md, "Faults".
 */

const COUPON = "FAULT5";
type Source = { databaseUrl: string } | { dataDir: string };

/** A database of the backend's kind with plenty of stock and a coupon, and how to remove it. */
async function prepare(backend: string) {
  let source: Source;
  let remove: () => Promise<void>;
  if (backend === "pglite") {
    const folder = mkdtempSync(join(tmpdir(), "portal-faults-"));
    source = { dataDir: join(folder, "db") };
    await pgliteDataDir(source.dataDir);
    remove = async () => rmSync(folder, { recursive: true, force: true });
  } else {
    const clone = await clonePostgresTemplate();
    source = { databaseUrl: clone.url };
    remove = clone.drop;
  }
  const direct = await openDirect(source);
  await direct.db
    .updateTable("product_variants")
    .set({ on_hand: 1_000_000 })
    .where("code", "in", VARIANTS)
    .execute();
  await direct.db
    .insertInto("coupons")
    .values({ code: COUPON, name: "faults", percentage_bp: 500, usage_limit: null })
    .execute();
  const stockBefore = await stockOf(direct.db, VARIANTS);
  await direct.close();
  return { source, remove, stockBefore };
}

/** Runs `work` on each item with at most `limit` at a time. */
async function bounded<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe.each(backends)("kill -9 during a stream of completions on %s", (backend) => {
  const ROUNDS = 2;
  const CARTS_PER_ROUND = 18;
  let server: ServerProcess | undefined;
  let prepared: Awaited<ReturnType<typeof prepare>>;
  beforeAll(async () => {
    prepared = await prepare(backend);
    server = await ServerProcess.start(prepared.source);
  }, 240_000);
  afterAll(async () => {
    await server?.kill();
    await prepared?.remove();
  });

  it("keeps every acknowledged order, none half-written, and retries complete exactly once", async () => {
    const srv = server!;
    const tokens = new Map<string, string>();
    for (const s of SHOPPERS) tokens.set(s.email, await signIn(srv.url, s.email));
    const created: string[] = [];
    const owner = new Map<string, string>();
    const acknowledged = new Set<string>();
    let injected = 0;
    let retried = 0;
    let unanswered = 0;

    for (let round = 1; round <= ROUNDS; round++) {
      const carts: string[] = [];
      await bounded(
        Array.from({ length: CARTS_PER_ROUND }, (_, i) => i),
        4,
        async (i) => {
          const shopper = SHOPPERS[i % SHOPPERS.length]!;
          const cart = await readyCart(srv.url, tokens.get(shopper.email)!, {
            address: shopper.address,
            variant: VARIANTS[i % VARIANTS.length],
            quantity: 30 + (i % 5),
            coupon: i % 2 === 0 ? COUPON : undefined,
          });
          carts.push(cart);
          owner.set(cart, shopper.email);
        },
      );
      created.push(...carts);

      // The stream: six clients completing carts; the server is killed once a few answered.
      const ackedThisRound = new Set<string>();
      const unexpected: string[] = [];
      let killed: Promise<void> | undefined;
      const stream = bounded(carts, 6, async (cart) => {
        try {
          const res = await call(srv.url, "PATCH", `/api/v2/shop/orders/${cart}/complete`, {
            token: tokens.get(owner.get(cart)!),
            body: {},
            headers: { "idempotency-key": `fault-${cart}` },
          });
          if (res.status === 200) {
            acknowledged.add(cart);
            ackedThisRound.add(cart);
          } else unexpected.push(`${res.status}: ${JSON.stringify(res.body)}`);
        } catch {
          // The connection died with the server: not acknowledged.
        }
        if (ackedThisRound.size >= 4 && !killed) killed = srv.kill();
      });
      await stream;
      await (killed ?? srv.kill());
      injected++;
      expect(unexpected).toEqual([]);
      expect(ackedThisRound.size).toBeGreaterThanOrEqual(4);
      expect(ackedThisRound.size).toBeLessThan(carts.length); // some were in flight

      // Straight after the crash, before anything else touches the data.
      const direct = await openDirect(prepared.source);
      const check = await checkOrders(direct.db, {
        created,
        acknowledged,
        stockBefore: prepared.stockBefore,
      });
      await direct.close();
      expect(check.lost).toEqual([]);
      expect(check.halfWritten).toEqual([]);
      // Orders the crash committed but whose answer never left: the retries below must replay.
      unanswered += check.placed - acknowledged.size;

      await srv.restart();
      for (const cart of ackedThisRound) {
        const res = await call(srv.url, "GET", `/api/v2/shop/orders/${cart}`, {
          token: tokens.get(owner.get(cart)!),
        });
        expect(res.status).toBe(200);
        expect(res.body.checkoutState).toBe("completed");
      }
      // The clients whose answer was lost retry with the same key: one order each, never two.
      for (const cart of carts.filter((c) => !ackedThisRound.has(c))) {
        const res = await call(srv.url, "PATCH", `/api/v2/shop/orders/${cart}/complete`, {
          token: tokens.get(owner.get(cart)!),
          body: {},
          headers: { "idempotency-key": `fault-${cart}` },
        });
        expect(res.status).toBe(200);
        acknowledged.add(cart);
        retried++;
      }
    }

    expect(await srv.terminate()).toBe(0);
    const direct = await openDirect(prepared.source);
    const final = await checkOrders(direct.db, {
      created,
      acknowledged,
      stockBefore: prepared.stockBefore,
      coupon: { code: COUPON, usedBefore: 0 },
    });
    await direct.close();
    expect(final.placed).toBe(created.length);
    expect(final.lost).toEqual([]);
    expect(final.halfWritten).toEqual([]);
    recordFigures(
      "Faults: kill -9 during completions",
      {
        "faults injected": injected,
        "completions acknowledged before the kills": acknowledged.size - retried,
        "retried after restart": retried,
        "committed but unanswered at the kill": unanswered,
        "orders lost": final.lost.length,
        "half-written": final.halfWritten.length,
      },
      backend,
    );
  }, 300_000);
});

describe.skipIf(!inject("pgUrl"))("the database becoming unreachable (PostgreSQL)", () => {
  let cluster: PgCluster | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    cluster = await startPgCluster();
    // An empty database: the server migrates and seeds it on start, as in production.
    server = await ServerProcess.start({ databaseUrl: cluster.urlFor("postgres") });
  }, 240_000);
  afterAll(async () => {
    await server?.kill();
    await cluster?.stop();
  }, 60_000);

  it("answers 503 with a clear message while it is down and recovers without a restart", async () => {
    const srv = server!;
    const token = await signIn(srv.url, USERS.spaBuyer);
    const pid = srv.pid;
    expect((await call(srv.url, "GET", "/health")).status).toBe(200);

    // Requests keep coming while the database goes away: each is answered or refused with 503,
    // never a 500 (a query in flight sees its connection end).
    let stopping = true;
    const during: number[] = [];
    const traffic = Array.from({ length: 4 }, async () => {
      while (stopping) {
        try {
          const res = await call(srv.url, "GET", "/api/v2/shop/orders?itemsPerPage=30", { token });
          during.push(res.status);
        } catch {
          during.push(-1); // the connection broke
        }
      }
    });
    await new Promise((r) => setTimeout(r, 200));
    await stopDatabase(cluster!);
    await new Promise((r) => setTimeout(r, 300));
    stopping = false;
    await Promise.all(traffic);
    expect(srv.running, srv.log).toBe(true);
    expect(
      during.filter((s) => s !== 200 && s !== 503),
      srv.log.slice(-6000),
    ).toEqual([]);
    expect(during).toContain(503);
    const down = await call(srv.url, "GET", "/health");
    expect(down.status).toBe(503);
    expect(down.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const messages: Record<string, RegExp> = {
      en: /temporarily unavailable/,
      de: /vorübergehend nicht verfügbar/,
    };
    let answered503 = 1;
    for (const [lang, message] of Object.entries(messages)) {
      for (const [path, auth] of [
        ["/api/v2/shop/products?itemsPerPage=3", undefined],
        ["/api/v2/shop/orders", token],
        ["/api/v2/shop/addresses", token],
      ] as const) {
        const res = await call(srv.url, "GET", path, {
          token: auth,
          headers: { "accept-language": lang },
        });
        expect(res.status, `${path} (${lang})`).toBe(503);
        expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 503, type: "/problems/unavailable" });
        expect(res.body.detail).toMatch(message);
        answered503++;
      }
    }
    const write = await call(srv.url, "POST", "/api/v2/shop/orders", { token, body: {} });
    expect(write.status).toBe(503);
    answered503++;
    // The gateway passes the outage on as an error, never as made-up data.
    const gql = await call(srv.url, "POST", "/graphql", {
      body: { query: "{ products(perPage: 2) { totalItems } }" },
      headers: { "accept-language": "de" },
    });
    expect(gql.body?.data?.products ?? null).toBeNull();
    expect(gql.body.errors?.[0]?.extensions?.code).toBeTruthy();

    await startDatabase(cluster!);
    const deadline = Date.now() + 30_000;
    let health = 0;
    while (Date.now() < deadline && health !== 200) {
      health = (await call(srv.url, "GET", "/health")).status;
      if (health !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(health).toBe(200);
    expect(srv.pid).toBe(pid); // the same process, no restart
    expect((await call(srv.url, "GET", "/api/v2/shop/products?itemsPerPage=3")).status).toBe(200);
    const cart = await readyCart(srv.url, token, { address: 2 });
    const done = await call(srv.url, "PATCH", `/api/v2/shop/orders/${cart}/complete`, {
      token,
      body: {},
    });
    expect(done.status).toBe(200);
    recordFigures("Faults: database unreachable", {
      "faults injected": 1,
      "requests answered 503 while down": answered503,
      "requests during the stop (200 or 503, no 500)": during.length,
      "recovered without restart": "yes",
    });
  }, 120_000);
});

describe.each(backends)("SIGTERM with requests in flight on %s", (backend) => {
  let server: ServerProcess | undefined;
  let prepared: Awaited<ReturnType<typeof prepare>>;
  beforeAll(async () => {
    prepared = await prepare(backend);
    server = await ServerProcess.start(prepared.source);
  }, 240_000);
  afterAll(async () => {
    await server?.kill();
    await prepared?.remove();
  });

  it("finishes every in-flight request, refuses new connections and exits 0", async () => {
    const srv = server!;
    const token = await signIn(srv.url, USERS.spaBuyer);
    const carts: string[] = [];
    await bounded(
      Array.from({ length: 16 }, (_, i) => i),
      4,
      async (i) =>
        void carts.push(await readyCart(srv.url, token, { address: 2, quantity: 30 + i })),
    );
    let finished = 0;
    const requests = [
      ...carts.map((cart) =>
        call(srv.url, "PATCH", `/api/v2/shop/orders/${cart}/complete`, { token, body: {} }),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        call(srv.url, "POST", "/graphql", {
          body: { query: `{ products(perPage: ${10 + i}) { totalItems items { code name } } }` },
        }),
      ),
    ].map((p) =>
      p
        .then(
          (r) => r.status,
          (e: Error) => `${e.message} ${(e.cause as Error | undefined)?.message ?? ""}`,
        )
        .finally(() => finished++),
    );
    // Every request is on the wire before the signal.
    await new Promise((r) => setTimeout(r, 150));
    const inFlight = requests.length - finished;
    const exit = srv.terminate();
    // New connections are refused once the accepted ones are taken in (probing slowly: a probe
    // is a connection too, and the drain waits for a quiet moment).
    const refused = await new Promise<{ refused: boolean; whileRunning: boolean }>((resolve) => {
      const deadline = Date.now() + 40_000;
      const attempt = () => {
        const socket = connect(srv.port, "127.0.0.1");
        socket.once("connect", () => {
          socket.destroy();
          if (Date.now() > deadline) resolve({ refused: false, whileRunning: true });
          else setTimeout(attempt, 500);
        });
        socket.once("error", () => resolve({ refused: true, whileRunning: srv.running }));
      };
      setTimeout(attempt, 250);
    });
    const results = await Promise.all(requests);
    expect(await exit).toBe(0);
    expect(refused.refused).toBe(true);
    expect(inFlight).toBeGreaterThan(0);
    expect(results).toEqual(results.map(() => 200));
    const direct = await openDirect(prepared.source);
    const check = await checkOrders(direct.db, {
      created: carts,
      acknowledged: carts,
      stockBefore: prepared.stockBefore,
    });
    await direct.close();
    expect(check.lost).toEqual([]);
    expect(check.halfWritten).toEqual([]);
    recordFigures(
      "Faults: SIGTERM drain",
      {
        "faults injected": 1,
        "requests in flight at SIGTERM": inFlight,
        "finished 2xx": results.filter((r) => r === 200).length,
        "new connection refused while draining": refused.whileRunning ? "yes" : "after exit",
        "orders lost": check.lost.length,
        "exit code": 0,
      },
      backend,
    );
  }, 180_000);
});

describe.each(backends)("the card gateway timing out on %s", (backend) => {
  const BASE = "/api/v2/shop/payment/adyen";
  let t: TestApp;
  let gateway: TestCardGateway;
  beforeAll(async () => {
    t = await startTestApp(backend);
    gateway = t.app.cardGateway as TestCardGateway;
    expect(gateway).toBeInstanceOf(TestCardGateway);
  }, 240_000);
  afterAll(async () => t?.close());

  async function cart() {
    const token = (await t.request("POST", "/api/v2/shop/orders", { as: USERS.spaBuyer, body: {} }))
      .body.tokenValue as string;
    await t.request("POST", `/api/v2/shop/orders/${token}/items`, {
      as: USERS.spaBuyer,
      body: { productVariant: "/api/v2/shop/product-variants/FIRM-LIFT-SERUM-30ML", quantity: 30 },
    });
    await t.request("PUT", `/api/v2/shop/orders/${token}`, {
      as: USERS.spaBuyer,
      body: { shippingAddress: "/api/v2/shop/addresses/2" },
    });
    return token;
  }
  const pay = (token: string, number: string) =>
    t.request("POST", `${BASE}/adyen_card/${token}/payments`, {
      as: USERS.spaBuyer,
      body: card(number),
    });
  const order = (token: string) =>
    t.db
      .selectFrom("orders")
      .selectAll()
      .where("token_value", "=", token)
      .executeTakeFirstOrThrow();
  const webhook = (n: Notification) => t.request("POST", `${BASE}/webhook`, { body: n });

  it("leaves the order unpaid and payable; a late webhook settles it once", async () => {
    let faults = 0;
    // 1. Timeout, then the late webhook alone: the cart becomes a paid order, once.
    const first = await cart();
    gateway.takeNotifications();
    expect(expectProblem(await pay(first, "4000000000000119"), 504).type).toBe(
      "/problems/payment-gateway-timeout",
    );
    faults++;
    expect((await order(first)).state).toBe("cart");
    expect(
      (await t.request("GET", `${BASE}/adyen_card/${first}`, { as: USERS.spaBuyer })).status,
    ).toBe(200);
    const late = gateway.takeNotifications();
    expect(late).toHaveLength(1);
    expect((await webhook(late[0]!)).status).toBe(200);
    expect(await order(first)).toMatchObject({ state: "new", payment_state: "paid" });
    const once = await t.fingerprint();
    expect((await webhook(late[0]!)).status).toBe(200);
    const twice = await t.fingerprint();
    // Only the webhook log may differ (a delivery is recorded); no order, payment or stock.
    const strip = (f: string) =>
      f
        .split(",")
        .filter((p) => !p.startsWith("payment_webhook_events:"))
        .join(",");
    expect(strip(twice)).toBe(strip(once));

    // 2. Timeout, a new attempt pays, then the late webhook: kept once, the other given back.
    const second = await cart();
    expectProblem(await pay(second, "4000000000000119"), 504);
    faults++;
    const lost = gateway.takeNotifications();
    const again = await pay(second, "4111111111111111");
    expect(again.body).toMatchObject({ resultCode: "Authorised", order: { paymentState: "paid" } });
    for (const n of [...gateway.takeNotifications(), ...lost, ...lost])
      expect((await webhook(n)).status).toBe(200);
    for (const n of gateway.takeNotifications()) await webhook(n); // the reversal's confirmation
    const payments = await t.db
      .selectFrom("payments")
      .innerJoin("orders", "orders.id", "payments.order_id")
      .select("payments.state")
      .where("orders.token_value", "=", second)
      .execute();
    expect(payments.filter((p) => p.state === "completed")).toHaveLength(1);
    expect(await order(second)).toMatchObject({ state: "new", payment_state: "paid" });
    const voids = gateway.calls.filter((c) => c.operation === "cancel");
    expect(voids).toHaveLength(1);
    recordFigures(
      "Faults: card gateway timeout",
      {
        "faults injected": faults,
        "late webhooks delivered": 4,
        "orders settled": 2,
        "double settlements": 0,
        "authorisations given back": voids.length,
      },
      backend,
    );
  });
});

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Kind, parse, print, visit, type DefinitionNode } from "graphql";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FIGURES_DIR, LOAD_SECONDS, recordFigures } from "./figures.js";
import { checkOrders, stockOf } from "./support/orders-check.js";
import { call, ServerProcess, signIn } from "./support/server-process.js";
import { clonePostgresTemplate } from "../support/test-app.js";
import { openDirect, SHOPPERS, VARIANTS } from "./support/shop.js";

/**
 * The mixed load of issue 9 against the real server process on PostgreSQL: partners of two
 * companies browsing (the storefront's own GraphQL operations), changing carts, completing
 * orders and opening account pages, at a bounded concurrency and a paced rate, for
 * LOAD_SECONDS (20 s in `npm test`, 300 s with `npm run test:reliability -- --full`).
 * Afterwards: no 5xx, every acknowledged order there and whole, and the server's resident
 * memory not growing. docs/reliability.md, "Mixed load".
 */

/** Clients working at once (each one request at a time) and the total request rate. */
const WORKERS = 8;
const RATE_PER_SECOND = 40;
/**
 * Memory right after start grows while code is compiled, the heap sized and caches filled: the
 * same load runs this long first, unmeasured (10 s before the short load, 60 s before the full).
 */
const WARM_UP = Math.min(60, Math.max(10, LOAD_SECONDS / 5));
/**
 * Allowed growth of resident memory between the first and the last third of the measured run
 * (medians), per second between them, plus a fixed allowance for garbage collection: the heap
 * grows in a sawtooth (a five-minute run showed teeth of 40-60 MB, one major collection a few
 * minutes apart). A leak of 1 MB/s grows by 2/3 MB per second of the measured window: 200 MB
 * against 90 MB allowed in the full run, which is the leak check. The short run in `npm test`
 * is too short to tell a leak from one tooth of that sawtooth (CI saw +39 MB in 13 s with no
 * leak), so it allows one tooth and catches only gross growth.
 */
const RSS_SLOPE_LIMIT = 0.25 * 1024 * 1024;
const RSS_NOISE = (LOAD_SECONDS > 60 ? 40 : 64) * 1024 * 1024;

const OPERATIONS_DIR = fileURLToPath(new URL("../../graphql/operations/", import.meta.url));

/** The storefront's operations by name, each with the fragments it uses, as the UI sends them. */
function loadOperations(): Map<string, string> {
  const definitions = readdirSync(OPERATIONS_DIR)
    .filter((f) => f.endsWith(".graphql"))
    .flatMap((f) => parse(readFileSync(join(OPERATIONS_DIR, f), "utf8")).definitions);
  const fragments = new Map<string, DefinitionNode>();
  for (const d of definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const documents = new Map<string, string>();
  for (const d of definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION || !d.name) continue;
    const used = new Set<string>();
    const walk = (node: DefinitionNode) =>
      visit(node, {
        FragmentSpread(spread) {
          if (used.has(spread.name.value)) return;
          used.add(spread.name.value);
          walk(fragments.get(spread.name.value)!);
        },
      });
    walk(d);
    documents.set(
      d.name.value,
      [d, ...[...used].map((n) => fragments.get(n)!)].map(print).join("\n"),
    );
  }
  return documents;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe.skipIf(!inject("pgUrl"))("mixed load on PostgreSQL", () => {
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof clonePostgresTemplate>> | undefined;
  let stockBefore = new Map<string, number>();
  beforeAll(async () => {
    database = await clonePostgresTemplate();
    const direct = await openDirect({ databaseUrl: database.url });
    // Stock for the whole run: a refusal for stock would hide what the load is about.
    await direct.db.updateTable("product_variants").set({ on_hand: 10_000_000 }).execute();
    stockBefore = await stockOf(direct.db, VARIANTS);
    await direct.close();
    server = await ServerProcess.start({ databaseUrl: database.url });
  }, 240_000);
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it(
    `serves ${LOAD_SECONDS} s of browsing, carts, completions and account pages`,
    async () => {
      const srv = server!;
      const operations = loadOperations();
      const tokens = await Promise.all(SHOPPERS.map((s) => signIn(srv.url, s.email)));
      const catalogue = await call(srv.url, "GET", "/api/v2/shop/products?itemsPerPage=60");
      const productCodes = (catalogue.body["hydra:member"] as { code: string }[]).map(
        (p) => p.code,
      );
      const taxons = await call(srv.url, "GET", "/api/v2/shop/taxons?itemsPerPage=100");
      const taxonCodes = (taxons.body["hydra:member"] as { code: string }[]).map((t) => t.code);
      expect(productCodes.length).toBeGreaterThan(10);

      const counts = { requests: 0, status5xx: 0, failures: 0, graphqlErrors: 0, status4xx: 0 };
      const problems: string[] = [];
      const created: string[] = [];
      const acknowledged = new Set<string>();
      const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

      const started = Date.now();
      const until = started + (WARM_UP + LOAD_SECONDS) * 1000;
      const interval = (WORKERS * 1000) / RATE_PER_SECOND;

      async function request(
        method: string,
        path: string,
        opts: Parameters<typeof call>[3] = {},
        expected: number[] = [200, 201, 204],
      ) {
        counts.requests++;
        try {
          const res = await call(srv.url, method, path, opts);
          if (res.status >= 500) {
            counts.status5xx++;
            problems.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
          } else if (!expected.includes(res.status)) {
            counts.status4xx++;
            problems.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
          }
          return res;
        } catch (error) {
          counts.failures++;
          problems.push(`${method} ${path}: ${(error as Error).message}`);
          return undefined;
        }
      }
      async function graphql(name: string, variables: Record<string, unknown>, token?: string) {
        const res = await request("POST", "/graphql", {
          token,
          body: { operationName: name, query: operations.get(name), variables },
        });
        if (res?.body?.errors) {
          counts.graphqlErrors++;
          problems.push(`${name}: ${JSON.stringify(res.body.errors).slice(0, 300)}`);
        }
        return res;
      }

      async function worker(index: number) {
        const shopper = SHOPPERS[index % SHOPPERS.length]!;
        const token = tokens[index % SHOPPERS.length]!;
        let cart: string | undefined;
        let next = Date.now() + Math.random() * interval;
        const pace = async () => {
          next += interval;
          const wait = next - Date.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          else next = Date.now(); // behind: no catching up in a burst
        };
        while (Date.now() < until) {
          await pace();
          const roll = Math.random();
          if (roll < 0.45) {
            // Browsing, as the catalogue pages ask.
            const page = Math.random();
            if (page < 0.25) await graphql("Navigation", {});
            else if (page < 0.5)
              await graphql("Taxon", { code: pick(taxonCodes), page: 1, perPage: 24 });
            else if (page < 0.75)
              await graphql("Products", { taxonCode: pick(taxonCodes), page: 1, perPage: 24 });
            else await graphql("Product", { code: pick(productCodes) }, token);
          } else if (roll < 0.75) {
            // Cart adds and changes.
            if (!cart) {
              const res = await request("POST", "/api/v2/shop/orders", { token, body: {} }, [201]);
              cart = res?.body?.tokenValue;
              if (cart) created.push(cart);
              continue;
            }
            const change = Math.random();
            if (change < 0.6) {
              await request(
                "POST",
                `/api/v2/shop/orders/${cart}/items`,
                {
                  token,
                  body: {
                    productVariant: `/api/v2/shop/product-variants/${pick(VARIANTS)}`,
                    quantity: 1 + Math.floor(Math.random() * 5),
                  },
                },
                [201],
              );
            } else {
              const current = await request("GET", `/api/v2/shop/orders/${cart}`, { token });
              const item = current?.body?.items?.[0] as { id: number } | undefined;
              if (item && change < 0.9)
                await request("PATCH", `/api/v2/shop/orders/${cart}/items/${item.id}`, {
                  token,
                  body: { quantity: 1 + Math.floor(Math.random() * 9) },
                });
              else if (item)
                await request("DELETE", `/api/v2/shop/orders/${cart}/items/${item.id}`, { token });
            }
          } else if (roll < 0.85) {
            // Checkout: enough for the minimum order value, address, invoice, complete.
            if (!cart) continue;
            const added = await request(
              "POST",
              `/api/v2/shop/orders/${cart}/items`,
              {
                token,
                body: {
                  productVariant: `/api/v2/shop/product-variants/${VARIANTS[0]}`,
                  quantity: 30,
                },
              },
              [201],
            );
            await request("PUT", `/api/v2/shop/orders/${cart}`, {
              token,
              body: { shippingAddress: `/api/v2/shop/addresses/${shopper.address}` },
            });
            const paymentId = added?.body?.payments?.[0]?.id;
            if (paymentId)
              await request("PATCH", `/api/v2/shop/orders/${cart}/payments/${paymentId}`, {
                token,
                body: { paymentMethod: "/api/v2/shop/payment-methods/invoice" },
              });
            const done = await request("PATCH", `/api/v2/shop/orders/${cart}/complete`, {
              token,
              body: {},
              headers: { "idempotency-key": `load-${cart}` },
            });
            if (done && done.status >= 200 && done.status < 300) acknowledged.add(cart);
            cart = undefined;
          } else {
            // Account pages.
            const page = Math.random();
            if (page < 0.3) await graphql("Me", {}, token);
            else if (page < 0.6) await graphql("OrderHistory", { page: 1, perPage: 10 }, token);
            else if (page < 0.8) await graphql("Addresses", {}, token);
            else await request("GET", "/api/v2/shop/orders?page=1&itemsPerPage=10", { token });
          }
        }
      }

      const samples: { at: number; rss: number }[] = [];
      const sampler = setInterval(() => {
        const rss = srv.rss();
        if (rss !== undefined) samples.push({ at: (Date.now() - started) / 1000, rss });
      }, 250);
      try {
        await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
      } finally {
        clearInterval(sampler);
      }
      const elapsed = (Date.now() - started) / 1000;
      // The memory curve, for a look when the figures surprise (not a figures file: not .json).
      mkdirSync(FIGURES_DIR, { recursive: true });
      writeFileSync(
        join(FIGURES_DIR, "mixed-load-rss.csv"),
        ["seconds,rss_bytes", ...samples.map((s) => `${s.at.toFixed(2)},${s.rss}`)].join("\n"),
      );

      // Memory: the median of the last third of the measured window against the first third.
      const measured = samples.filter((s) => s.at >= WARM_UP);
      const third = Math.floor(measured.length / 3);
      const first = measured.slice(0, third);
      const last = measured.slice(-third);
      const rssStart = median(first.map((s) => s.rss));
      const rssEnd = median(last.map((s) => s.rss));
      const span = median(last.map((s) => s.at)) - median(first.map((s) => s.at));
      const allowed = RSS_NOISE + RSS_SLOPE_LIMIT * span;

      const direct = await openDirect({ databaseUrl: database!.url });
      const check = await checkOrders(direct.db, { created, acknowledged, stockBefore });
      await direct.close();
      const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
      recordFigures(
        "Mixed load",
        {
          "seconds (after warm-up)": Math.round(elapsed - WARM_UP),
          "warm-up seconds": WARM_UP,
          requests: counts.requests,
          "requests/s": Math.round(counts.requests / elapsed),
          workers: WORKERS,
          "paced rate/s": RATE_PER_SECOND,
          "5xx": counts.status5xx,
          "network errors": counts.failures,
          "GraphQL errors": counts.graphqlErrors,
          "orders acknowledged": acknowledged.size,
          "orders lost": check.lost.length,
          "half-written": check.halfWritten.length,
          "rss start MB": mb(rssStart),
          "rss end MB": mb(rssEnd),
          "rss allowed growth MB": mb(allowed),
        },
        "postgres",
      );

      expect(third).toBeGreaterThanOrEqual(5);
      expect(problems.slice(0, 10)).toEqual([]);
      expect(counts.status5xx).toBe(0);
      expect(acknowledged.size).toBeGreaterThan(0);
      expect(check.lost).toEqual([]);
      expect(check.halfWritten).toEqual([]);
      expect(
        rssEnd - rssStart,
        `rss ${mb(rssStart)} MB -> ${mb(rssEnd)} MB over ${span} s`,
      ).toBeLessThan(allowed);
    },
    (WARM_UP + LOAD_SECONDS + 120) * 1000,
  );
});

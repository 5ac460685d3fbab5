/**
 * The peer: Vendure 3.7 (`@vendure/core` with DefaultSearchPlugin and dummyPaymentHandler,
 * populated from `@vendure/create`'s sample data) on the same throwaway PostgreSQL cluster,
 * driven like our server: a category page of 20 products, add to cart in one's own session,
 * a whole guest checkout, and one cart changed from several tabs at once. Installed into
 * bench/peers/vendure/node_modules on first use, never by the project's own install.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Request } from "autocannon";
import pg from "pg";
import type { Row } from "../../api.js";
import { drive, type Client } from "../../lib/load.js";
import { freePort, otherCpu, postmasterPid, startServer } from "../../lib/processes.js";
import type { PgCluster } from "../../../tests/support/pg-cluster.js";

const here = import.meta.dirname;
const SHOP = "/shop-api";
const TABS = 8;

export async function benchVendure(opts: {
  cluster: PgCluster;
  seconds: number;
  warmup: number;
  connections: number;
}): Promise<Row[]> {
  install();
  const postmaster = postmasterPid(opts.cluster.dataDir);
  const admin = new pg.Client({ connectionString: opts.cluster.url });
  await admin.connect();
  await admin.query("create database vendure_bench");
  await admin.end();
  const env = {
    DB_HOST: "127.0.0.1",
    DB_PORT: String(opts.cluster.port),
    DB_NAME: "vendure_bench",
    DB_USERNAME: "postgres",
  };
  const started = Date.now();
  const populate = spawnSync(process.execPath, ["vendure.mjs", "populate"], {
    cwd: here,
    env: { ...process.env, ...env, PORT: String(await freePort()) },
    encoding: "utf8",
    timeout: 600_000,
  });
  if (populate.status !== 0) throw new Error(`Vendure populate failed:\n${populate.stderr}`);
  console.error(`Vendure populated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const port = await freePort();
  const server = await startServer({
    command: process.execPath,
    args: ["vendure.mjs", "serve"],
    cwd: here,
    env: { ...env, PORT: String(port) },
    port,
    cores: "0",
    readyPath: "/health",
    timeoutMs: 180_000,
  });
  try {
    const url = server.url;
    await settleJobs(url);
    const { slug, total } = await biggestCollection(url);
    const variants = await variantIds(url, slug);
    console.error(`Vendure: collection ${slug} (${total} products), ${variants.length} variants`);
    await smokeCheckout(url, variants[0]!);
    const rows: Row[] = [];
    const run = async (operation: Row["operation"], clients: Client[], seconds: number) => {
      if (opts.warmup > 0 && operation !== "tabs") await drive(url, clients, opts.warmup);
      server.resetPeak();
      const cpuBefore = server.cpuMs();
      const beside = otherCpu(postmaster);
      const figures = await drive(url, clients, seconds);
      const cpu = server.cpuMs() - cpuBefore;
      const { dbMs, driverMs } = beside();
      rows.push({
        run: "postgres",
        operation,
        via: "Vendure",
        figures,
        rssMb: server.peakRssMb(),
        cpuMsPerOp: figures.operations > 0 ? cpu / figures.operations : undefined,
        dbCpuMsPerOp:
          dbMs !== undefined && figures.operations > 0 ? dbMs / figures.operations : undefined,
        driverCpuMsPerOp: figures.operations > 0 ? driverMs / figures.operations : undefined,
      });
      console.error(
        `Vendure ${operation}: ${figures.perSecond.toFixed(1)}/s p50 ${figures.p50.toFixed(1)} ms p99 ${figures.p99.toFixed(1)} ms, ${figures.errors} errors of ${figures.operations}${figures.firstError ? ` (first: ${figures.firstError})` : ""}`,
      );
    };
    const n = opts.connections;
    await run(
      "category",
      range(n).map(() => categoryClient(slug)),
      opts.seconds,
    );
    const sessions = await Promise.all(
      range(n).map((i) => newSession(url, variants[i % variants.length]!)),
    );
    await run(
      "add to cart",
      sessions.map((token, i) => addClient(token, variants, i)),
      opts.seconds,
    );
    await run(
      "checkout",
      range(n).map((i) => checkoutClient(variants, i)),
      opts.seconds,
    );
    const shared = await newSession(url, variants[0]!);
    await run(
      "tabs",
      range(TABS).map((i) => addClient(shared, variants, i)),
      Math.min(opts.seconds, 5),
    );
    return rows;
  } finally {
    await server.stop();
  }
}

/** `npm install` into this folder, only when the peer is asked for and not there yet. */
function install() {
  if (existsSync(path.join(here, "node_modules", "@vendure", "core"))) return;
  console.error("Installing Vendure 3.7 into bench/peers/vendure (first peer run)...");
  const result = spawnSync(
    "npm",
    ["install", "--prefix", here, "--ignore-scripts", "--no-audit", "--no-fund"],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("npm install of the Vendure peer failed");
}

const gql = (query: string, variables: Record<string, unknown> = {}) =>
  JSON.stringify({ query, variables });

async function call(url: string, api: string, body: string, token?: string) {
  const res = await fetch(url + api, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  const json = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (json.errors) throw new Error(`Vendure ${api}: ${JSON.stringify(json.errors)}`);
  return { data: json.data!, token: res.headers.get("vendure-auth-token") ?? token };
}

/** Rebuilds the search index and waits until every job (collections, index) is settled. */
async function settleJobs(url: string) {
  const login = await call(
    url,
    "/admin-api",
    gql(`mutation { login(username: "superadmin", password: "superadmin") { __typename } }`),
  );
  const token = login.token!;
  await call(url, "/admin-api", gql(`mutation { reindex { id } }`), token);
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { data } = await call(
      url,
      "/admin-api",
      gql(`{ jobs(options: { filter: { isSettled: { eq: false } } }) { totalItems } }`),
      token,
    );
    if ((data.jobs as { totalItems: number }).totalItems === 0) return;
    if (Date.now() > deadline) throw new Error("Vendure jobs did not settle");
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function biggestCollection(url: string) {
  const { data } = await call(url, SHOP, gql(`{ collections { items { slug } } }`));
  let best = { slug: "", total: -1 };
  for (const { slug } of (data.collections as { items: { slug: string }[] }).items) {
    const res = await call(
      url,
      SHOP,
      gql(
        `query($slug: String!) { search(input: { collectionSlug: $slug, groupByProduct: true, take: 1 }) { totalItems } }`,
        { slug },
      ),
    );
    const total = (res.data.search as { totalItems: number }).totalItems;
    if (total > best.total) best = { slug, total };
  }
  return best;
}

async function variantIds(url: string, slug: string): Promise<string[]> {
  const { data } = await call(
    url,
    SHOP,
    gql(
      `query($slug: String!) { search(input: { collectionSlug: $slug, take: 60 }) { items { productVariantId } } }`,
      { slug },
    ),
  );
  return (data.search as { items: { productVariantId: string }[] }).items.map(
    (i) => i.productVariantId,
  );
}

/** One guest checkout step by step before the load, so a broken sequence fails loudly. */
async function smokeCheckout(url: string, variant: string) {
  const client = checkoutClient([variant], 0);
  const context: Record<string, unknown> = {};
  let last = "";
  for (const request of client.requests) {
    const req = request.setupRequest ? request.setupRequest({ ...request }, context) : request;
    if (!req) throw new Error("Vendure checkout: no session token after the first add");
    const res = await fetch(url + SHOP, {
      method: "POST",
      headers: { "content-type": "application/json", ...req.headers },
      body: req.body,
    });
    last = await res.text();
    if (!res.ok || /"errors"\s*:|"errorCode"\s*:/.test(last)) {
      throw new Error(`Vendure checkout step failed: ${res.status} ${last.slice(0, 400)}`);
    }
    request.onResponse?.(res.status, last, context, Object.fromEntries(res.headers));
  }
  if (!/"state":"Payment(Authorized|Settled)"/.test(last)) {
    throw new Error(`Vendure checkout did not place the order: ${last.slice(0, 400)}`);
  }
}

/** A guest session with one line in its cart; returns its bearer token. */
async function newSession(url: string, variant: string): Promise<string> {
  const res = await call(url, SHOP, gql(ADD, { id: variant, quantity: 1 }));
  return res.token!;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

// The collection page of Vendure's storefront starter: the collection and 20 of its products.
const CATEGORY = `query Collection($slug: String!) {
  collection(slug: $slug) {
    id name slug description
    breadcrumbs { id name slug }
    children { id name slug featuredAsset { id preview } }
    featuredAsset { id preview }
  }
  search(input: { collectionSlug: $slug, groupByProduct: true, take: 20 }) {
    totalItems
    items {
      productId productName slug currencyCode
      productAsset { id preview }
      priceWithTax { ... on SinglePrice { value } ... on PriceRange { min max } }
    }
    facetValues { count facetValue { id name facet { id name } } }
  }
}`;

const ORDER_FIELDS = `... on Order { id code state totalQuantity subTotalWithTax shippingWithTax totalWithTax
  lines { id quantity linePriceWithTax productVariant { id name sku } } }
  ... on ErrorResult { errorCode message }`;

const ADD = `mutation Add($id: ID!, $quantity: Int!) {
  addItemToOrder(productVariantId: $id, quantity: $quantity) { ${ORDER_FIELDS} }
}`;

function categoryClient(slug: string): Client {
  return {
    headers: {},
    requests: [{ method: "POST", path: SHOP, body: gql(CATEGORY, { slug }) }],
  };
}

function addClient(token: string, variants: string[], offset: number): Client {
  let n = offset;
  return {
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: "POST",
        path: SHOP,
        setupRequest: (req) => ({
          ...req,
          body: gql(ADD, { id: variants[n++ % variants.length], quantity: 1 }),
        }),
      },
    ],
  };
}

let guest = 0;

/** A whole guest checkout, from the first add (which opens the session) to a placed order. */
function checkoutClient(variants: string[], offset: number): Client {
  let n = offset;
  const withSession =
    (body: () => string) =>
    (req: Request, context: Record<string, unknown>): Request | undefined =>
      typeof context.token === "string"
        ? {
            ...req,
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${context.token}`,
            },
            body: body(),
          }
        : undefined;
  const step = (body: () => string): Request => ({
    method: "POST",
    path: SHOP,
    setupRequest: withSession(body),
  });
  return {
    headers: {},
    requests: [
      {
        method: "POST",
        path: SHOP,
        setupRequest: (req) => ({
          ...req,
          headers: { "content-type": "application/json" },
          body: gql(ADD, { id: variants[n++ % variants.length], quantity: 1 }),
        }),
        onResponse: (_status, _body, context, headers) => {
          context.token = headers["vendure-auth-token"];
        },
      },
      step(() =>
        gql(
          `mutation($input: CreateCustomerInput!) { setCustomerForOrder(input: $input) { ${ORDER_FIELDS} } }`,
          {
            input: {
              emailAddress: `guest-${++guest}-${process.pid}@bench.example`,
              firstName: "Bench",
              lastName: "Guest",
            },
          },
        ),
      ),
      step(() =>
        gql(
          `mutation($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) { ${ORDER_FIELDS} } }`,
          {
            input: {
              fullName: "Bench Guest",
              streetLine1: "1 Bench Street",
              city: "Berlin",
              postalCode: "10115",
              countryCode: "DE",
            },
          },
        ),
      ),
      step(() =>
        gql(`mutation { setOrderShippingMethod(shippingMethodId: ["1"]) { ${ORDER_FIELDS} } }`),
      ),
      step(() =>
        gql(
          `mutation { transitionOrderToState(state: "ArrangingPayment") { ${ORDER_FIELDS} ... on OrderStateTransitionError { errorCode message } } }`,
        ),
      ),
      step(() =>
        gql(
          `mutation { addPaymentToOrder(input: { method: "standard-payment", metadata: {} }) { ${ORDER_FIELDS} } }`,
        ),
      ),
    ],
  };
}

/* global setTimeout, clearTimeout */
/**
 * `npm run bench:pages`: builds the app, starts the real portal on a fresh demo database and runs
 * Lighthouse (default mobile emulation, performance + accessibility) with Debian Chromium on the
 * landing page, sign-in, shop home, a category, a product and the checkout (signed in as the demo
 * buyer with something in the cart). Prints one row per page against the goals of the
 * performance issue. Server and Chrome stop whatever happens; the whole run is bounded in time.
 * Options: `--runs N` (median of N runs per page, default 1), `--static <dir>` (skip the build),
 * `--only <page name>` (one page), `--details` (the elements behind each failed audit and the LCP
 * element).
 */
import { rmSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { buildApp } from "./lib/build.mjs";
import { CHROMIUM, CHROMIUM_FLAGS, startPortal, withTimeout } from "../scripts/lib/portal.mjs";
import { gql } from "./lib/gql.mjs";

const FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
const TOTAL_BUDGET_MS = 20 * 60_000;
const PER_RUN_MS = 180_000;
const GOALS = { performance: 95, accessibility: 95, lcpMs: 1500, cls: 0.05 };
const BUYER = { email: "buyer@demo-spa.example", password: "partner-demo" };
const PRODUCT = "FIRM-LIFT-SERUM";
const CATEGORY = "skincare";

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const runs = Math.max(1, Number(option("--runs") ?? 1));
const only = option("--only");
const details = args.includes("--details");

const PAGES = [
  { name: "landing", path: "/", signedIn: false },
  { name: "sign-in", path: "/login", signedIn: false },
  { name: "shop home", path: "/shop", signedIn: true },
  { name: "category", path: `/shop/category/${CATEGORY}`, signedIn: true },
  { name: "product", path: `/shop/products/${PRODUCT}`, signedIn: true },
  { name: "checkout", path: "/checkout", signedIn: true },
];

/** Signs the buyer in through the gateway and fills the cart so the checkout shows its form. */
async function prepareBuyer(baseUrl) {
  const { signIn } = await gql(
    baseUrl,
    "mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { __typename " +
      "... on SignInSuccess { token customerId } } }",
    { e: BUYER.email, p: BUYER.password },
  );
  if (!signIn.token) throw new Error(`sign-in failed: ${signIn.__typename}`);
  const { token } = signIn;
  const { activeCart } = await gql(baseUrl, "{ activeCart { token } }", {}, token);
  const cartToken =
    activeCart?.token ??
    (await gql(baseUrl, "mutation { startCart { token } }", {}, token)).startCart.token;
  const { product } = await gql(
    baseUrl,
    "query($c: String!) { product(code: $c) { variants { code } } }",
    { c: PRODUCT },
    token,
  );
  const variantCode = product?.variants[0]?.code;
  if (!variantCode) throw new Error(`no variant of ${PRODUCT}`);
  const { addToCart } = await gql(
    baseUrl,
    "mutation($t: String!, $v: String!) { addToCart(cartToken: $t, variantCode: $v, quantity: 2)" +
      " { __typename } }",
    { t: cartToken, v: variantCode },
    token,
  );
  if (addToCart.__typename !== "Cart") throw new Error(`add to cart: ${addToCart.__typename}`);
  return { token: signIn.token, customerId: signIn.customerId };
}

/**
 * Puts the buyer's session where a signed-in browser has it (decision 037): the HttpOnly `token`
 * cookie the server sets at sign-in, the `customer` entry with its expiry in localStorage (no
 * token there), and the cookie consent; then clears the HTTP cache, through the same Chrome.
 */
async function seedSession(port, baseUrl, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    await context.addCookies([
      { name: "token", value: session.token, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    ]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/health`);
    const expiry = Date.now() + 12 * 3600_000;
    await page.evaluate(
      ({ customerId, expiry }) => {
        const { localStorage } = globalThis;
        localStorage.removeItem("token");
        localStorage.setItem("customer", JSON.stringify({ value: customerId, expiry }));
        localStorage.setItem("cookiesAccepted", JSON.stringify({ accepted: true, expiry }));
      },
      { customerId: session.customerId, expiry },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.close();
  } finally {
    // Disconnects playwright only; Chrome stays for Lighthouse.
    await browser.close().catch(() => {});
  }
}

/** The elements behind the failed accessibility audits, the LCP element and layout shifts. */
function printDetails(name, lhr) {
  const ids = [
    ...lhr.categories.accessibility.auditRefs.map((ref) => ref.id),
    "largest-contentful-paint-element",
    "layout-shifts",
  ];
  for (const id of ids) {
    const audit = lhr.audits[id];
    if (!audit || (audit.score === 1 && !id.startsWith("l")) || audit.score === null) continue;
    const items = audit.details?.items ?? [];
    const nodes = items.flatMap((item) => [item.node, ...(item.items ?? []).map((i) => i.node)]);
    for (const node of nodes.filter(Boolean).slice(0, 6)) {
      console.log(`${name} ${id}: ${node.selector} ${node.snippet?.slice(0, 160)}`);
      if (node.explanation)
        console.log(`    ${node.explanation.split("\n").slice(0, 2).join(" ")}`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const started = Date.now();
const staticArg = option("--static");
const staticDir = staticArg ?? buildApp("bench-pages-");
let portal;
let chrome;
const hardStop = setTimeout(() => {
  console.error(`bench:pages: over ${TOTAL_BUDGET_MS / 60_000} min, stopping`);
  process.exitCode = 1;
  void cleanup().finally(() => process.exit(1));
}, TOTAL_BUDGET_MS);

async function cleanup() {
  await Promise.resolve(chrome?.kill()).catch(() => {});
  await portal?.stop().catch(() => {});
  if (!staticArg) rmSync(staticDir, { recursive: true, force: true });
}

try {
  portal = await startPortal(staticDir);
  const { baseUrl } = portal;
  const session = await prepareBuyer(baseUrl);
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const rows = [];
  let failed = false;
  for (const target of PAGES.filter((page) => !only || page.name === only)) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      let lhr;
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): one more try.
      for (let attempt = 1; ; attempt++) {
        // Signed-in pages keep the seeded storage; anonymous ones start from a clean browser.
        if (target.signedIn) await seedSession(chrome.port, baseUrl, session);
        const result = await withTimeout(
          lighthouse(`${baseUrl}${target.path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            disableStorageReset: target.signedIn,
          }),
          PER_RUN_MS,
          `lighthouse ${target.path}`,
        );
        lhr = result.lhr;
        if (!lhr.runtimeError) break;
        if (attempt >= 2) throw new Error(`${target.path}: ${lhr.runtimeError.message}`);
        console.error(`${target.path}: ${lhr.runtimeError.code}, trying once more`);
      }
      if (!lhr.finalDisplayedUrl.endsWith(target.path)) {
        throw new Error(`${target.path} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
      }
      const a11yFailures = Object.values(lhr.audits)
        .filter(
          (audit) =>
            lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id) &&
            audit.score === 0,
        )
        .map((audit) => audit.id);
      if (details) printDetails(target.name, lhr);
      samples.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        a11yFailures,
      });
    }
    const pick = (key) => median(samples.map((s) => s[key]));
    const row = {
      page: target.name,
      perf: pick("performance"),
      a11y: pick("accessibility"),
      "FCP s": (pick("fcp") / 1000).toFixed(2),
      "LCP s": (pick("lcp") / 1000).toFixed(2),
      "TBT ms": Math.round(pick("tbt")),
      CLS: pick("cls").toFixed(3),
    };
    const ok =
      row.perf >= GOALS.performance &&
      row.a11y >= GOALS.accessibility &&
      pick("lcp") < GOALS.lcpMs &&
      pick("cls") < GOALS.cls;
    if (!ok) failed = true;
    row.goal = ok ? "OK" : "OVER";
    rows.push(row);
    const issues = [...new Set(samples.flatMap((s) => s.a11yFailures))];
    if (issues.length) console.log(`${target.name}: failed accessibility audits: ${issues}`);
  }
  console.log(
    `Pages: Lighthouse ${lighthouse.version ?? ""} default mobile emulation, ${runs} run(s) ` +
      `per page (median), goals perf >= ${GOALS.performance}, a11y >= ${GOALS.accessibility}, ` +
      `LCP < ${GOALS.lcpMs / 1000} s, CLS < ${GOALS.cls}`,
  );
  console.table(rows);
  console.log(`Took ${Math.round((Date.now() - started) / 1000)} s`);
  process.exitCode = failed ? 1 : 0;
} catch (error) {
  console.error(`bench:pages failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  clearTimeout(hardStop);
  await cleanup();
}

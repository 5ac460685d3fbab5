/**
 * `npm run bench:bundle`: builds the app into a temporary folder and prints, for each route, the
 * gzip size of the JavaScript and CSS it loads first (entry chunk + the route's lazy chunk + their
 * static imports, from Vite's manifest), against the budgets of the performance issue. Also
 * checks that the heavy libraries (Adyen Drop-in, Mermaid, the spreadsheet library) are in no
 * first load. Exits 1 when a budget is exceeded or a heavy library is in a first load.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildApp } from "./lib/build.mjs";

const KB = 1024;

/**
 * Route, the module its router entry loads lazily, whether it is a signed-in page, and its budget
 * in KB of JS gzip (or null: shown for information).
 */
const ROUTES = [
  { route: "/ (landing)", module: "src/features/home/landing-page.tsx", shop: false, budget: 120 },
  { route: "/login", module: "src/features/auth/sign-in-page.tsx", shop: false, budget: 120 },
  { route: "/shop", module: "src/features/catalog/shop-home-page.tsx", shop: true, budget: 180 },
  {
    route: "/shop/category/:code",
    module: "src/features/catalog/category-page.tsx",
    shop: true,
    budget: 180,
  },
  {
    route: "/shop/products/:code",
    module: "src/features/catalog/product-page.tsx",
    shop: true,
    budget: 180,
  },
  {
    route: "/checkout",
    module: "src/features/checkout/checkout-page.tsx",
    shop: true,
    budget: 220,
  },
  {
    route: "/shop/account",
    module: "src/features/account/account-page.tsx",
    shop: true,
    budget: null,
  },
  {
    route: "/shop/quick-order",
    module: "src/features/quick-order/quick-order-page.tsx",
    shop: true,
    budget: null,
  },
  {
    route: "/machines",
    module: "src/features/machines/machines-page.tsx",
    shop: false,
    budget: null,
  },
];

/**
 * Chunks the layout fetches on every first render, right after the page's own: the language
 * menu, the cookie bar and the toasts (after hydration); signed-in pages add the shop chrome (navigation, search, mini-cart) and the cart actor
 * (src/app/cart-actor.ts, loaded once a session exists). They count towards the budget, since a
 * first visit downloads them straight away.
 */
const CHROME = [
  "src/app/layout/language-select.tsx",
  "src/app/layout/cookie-bar.tsx",
  "src/app/toasts.tsx",
];
/** The shop pages' layout route (session machine), loaded with the page (decision 026). */
const SHOP_ROUTE = ["src/app/require-session.tsx"];
const SHOP_CHROME = ["src/app/layout/shop-chrome.tsx", "src/app/cart-actor.ts"];

/** Libraries that must only ever load on demand, and how to recognise their modules. */
const HEAVY = [
  { name: "@adyen/adyen-web", pattern: /@adyen[\\/]adyen-web/ },
  { name: "mermaid", pattern: /node_modules[\\/]mermaid[\\/]/ },
  { name: "@e965/xlsx", pattern: /@e965[\\/]xlsx/ },
];

const outDir = process.argv[2] ?? buildApp("bench-bundle-");
const ownBuild = process.argv[2] === undefined;
try {
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("no entry in the manifest");

  /** Every manifest key reachable from `keys` through static imports. */
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };

  const gzipCache = new Map();
  const gz = (file) => {
    if (!gzipCache.has(file))
      gzipCache.set(file, gzipSync(readFileSync(join(outDir, file))).length);
    return gzipCache.get(file);
  };

  /** Which heavy libraries a JS file contains, read from its source map's sources. */
  const heavyIn = (file) => {
    let sources = [];
    try {
      sources = JSON.parse(readFileSync(join(outDir, `${file}.map`), "utf8")).sources ?? [];
    } catch {
      const code = readFileSync(join(outDir, file), "utf8");
      sources = [code.includes("AdyenCheckout") ? "@adyen/adyen-web" : ""];
    }
    return HEAVY.filter((lib) => sources.some((source) => lib.pattern.test(source))).map(
      (lib) => lib.name,
    );
  };

  const rows = [];
  let failed = false;
  const sizeOf = (keys) =>
    [...new Set([...keys].map((key) => manifest[key].file))].reduce((sum, f) => sum + gz(f), 0) /
    KB;
  for (const { route, module, shop, budget } of ROUTES) {
    const deferred = [...CHROME, ...(shop ? SHOP_CHROME : [])];
    const routeKeys = shop ? [...SHOP_ROUTE, module] : [module];
    for (const key of [...routeKeys, ...deferred]) {
      if (!manifest[key]) throw new Error(`${key} is not a chunk of the build`);
    }
    const critical = closure([entryKey, ...routeKeys]);
    const keys = closure([entryKey, ...routeKeys, ...deferred]);
    const js = new Set();
    const css = new Set();
    for (const key of keys) {
      js.add(manifest[key].file);
      for (const file of manifest[key].css ?? []) css.add(file);
    }
    const jsKb = [...js].reduce((sum, file) => sum + gz(file), 0) / KB;
    const cssKb = [...css].reduce((sum, file) => sum + gz(file), 0) / KB;
    const heavy = [...new Set([...js].flatMap(heavyIn))];
    const over = (budget !== null && jsKb > budget) || heavy.length > 0;
    if (over) failed = true;
    rows.push({
      route,
      "JS before paint KB": sizeOf(critical).toFixed(1),
      "JS gzip KB": jsKb.toFixed(1),
      "CSS gzip KB": cssKb.toFixed(1),
      chunks: js.size,
      budget: budget === null ? "-" : `${budget}`,
      heavy: heavy.length ? heavy.join(", ") : "none",
      result: budget === null && heavy.length === 0 ? "info" : over ? "OVER" : "OK",
    });
  }

  const totalJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith(".js"))
    .reduce((sum, file) => sum + gz(file), 0);
  console.log(`Bundle: first load of each route (gzip, KB = 1024 bytes), build in ${outDir}`);
  console.log(
    "JS before paint = entry + route chunk + their static imports; JS gzip (the budgeted " +
      "figure) adds the chrome chunks every first render fetches.",
  );
  console.table(rows);
  console.log(
    `Heavy libraries (${HEAVY.map((lib) => lib.name).join(", ")}) in a first load: ` +
      (rows.some((row) => row.heavy !== "none") ? "YES" : "none"),
  );
  console.log(`All JS chunks together: ${(totalJs / KB).toFixed(1)} KB gzip`);
  console.log(failed ? "Result: OVER budget" : "Result: every budget met");
  process.exitCode = failed ? 1 : 0;
} finally {
  if (ownBuild) rmSync(outDir, { recursive: true, force: true });
}

import type { BrowserContext } from "@playwright/test";
import { emptyCart, expect, gql, journeys, signInThroughApi, type E2EContext } from "./harness";

/**
 * Issue 31: a cold first load on a phone fetches few files. The chunks are grouped (decision
 * 061: framework, common, parts) instead of one file per Mantine component; this counts the
 * script and style requests of each page partners land on, from a browser with an empty cache,
 * until the page runs (hydrated), and fails when a page fetches more than it did when the
 * groups landed. The goal is at most 8 scripts
 * per page; the ceilings come down as the next levers land (docs/benchmarks.md).
 */
const PAGES = [
  // Counted until the page runs: the highest of three runs here (2026-11-29; a category page
  // counted 12 scripts once). Before, counting until the network was idle took in idle-time
  // chunks or not, by the machine's speed. /shop's ninth style sheet was also counted by CI.
  { path: "/", signedIn: false, scripts: 11, styles: 6 },
  { path: "/login", signedIn: false, scripts: 10, styles: 5 },
  { path: "/shop", signedIn: true, scripts: 16, styles: 9 },
  { path: "/shop/category/skincare", signedIn: true, scripts: 16, styles: 8 },
  { path: "/shop/products/GLOW-MINI", signedIn: true, scripts: 16, styles: 10 },
  { path: "/checkout", signedIn: true, scripts: 17, styles: 11 },
];
/** Before the groups: 40-85 scripts and 8-20 style sheets per page. */
const GOAL_SCRIPTS = 8;

/** The reads the server runs for each page (issue 31): the browser must not ask them again. */
const SERVED_READS: Record<string, string[]> = {
  "/": ["Products"],
  "/shop": ["Products", "HomeCollections"],
  "/shop/category/skincare": ["Taxon"],
  "/shop/products/GLOW-MINI": ["Product"],
};

export const tests = journeys(
  {
    name: "the pages partners land on come with their data and hydrate without a warning, in English and German (issue 31)",
    timeoutMs: 180_000,
    async run(ctx) {
      const problems: string[] = [];
      for (const language of ["en", "de"])
        for (const [path, reads] of Object.entries(SERVED_READS)) {
          const context: BrowserContext = await ctx.browser.newContext({
            viewport: { width: 390, height: 844 },
            locale: language === "de" ? "de-DE" : "en-US",
          });
          try {
            const page = await context.newPage();
            if (path !== "/")
              await signInThroughApi({ ...ctx, context, page }, "buyer@demo-spa.example");
            const said: string[] = [];
            page.on("console", (message) => {
              if (message.type() === "error" || message.type() === "warning")
                said.push(message.text().slice(0, 300));
            });
            page.on("pageerror", (error) => said.push(error.message.slice(0, 300)));
            const asked: string[] = [];
            page.on("request", (request) => {
              if (!request.url().endsWith("/graphql")) return;
              const name = /(?:query|mutation)\s+(\w+)/.exec(request.postData() ?? "")?.[1];
              if (name) asked.push(name);
            });
            // The first paint's HTML already holds the data: a product card, or the heading.
            const html = await (
              await context.request.get(`${ctx.baseUrl}${path}`, {
                headers: { accept: "text/html" },
              })
            ).text();
            const shown =
              path === "/"
                ? html.includes('data-testid="landing-bestseller"')
                : path.startsWith("/shop/products/")
                  ? /<h1[^>]*>Glow Mini/.test(html)
                  : html.includes('data-testid="product-card"');
            if (!shown) problems.push(`${language} ${path}: the served HTML has no products`);
            await page.goto(`${ctx.baseUrl}${path}`, { waitUntil: "networkidle" });
            await page.locator("html[data-running]").waitFor();
            for (const text of said) problems.push(`${language} ${path} said: ${text}`);
            for (const read of reads)
              if (asked.includes(read))
                problems.push(`${language} ${path} asked for ${read} again (${asked.join(", ")})`);
          } finally {
            await context.close();
          }
        }
      expect(problems.length === 0, problems.join("\n"));
    },
  },
  {
    name: "a cold first load fetches few script and style files on every page partners land on (390 px)",
    timeoutMs: 180_000,
    async run(ctx) {
      const counts: string[] = [];
      const over: string[] = [];
      for (const target of PAGES) {
        const context: BrowserContext = await ctx.browser.newContext({
          viewport: { width: 390, height: 844 },
        });
        try {
          const page = await context.newPage();
          const cold: E2EContext = { ...ctx, context, page };
          if (target.signedIn) {
            await signInThroughApi(cold, "buyer@demo-spa.example");
            if (target.path === "/checkout") {
              // A checkout with one line, as a partner reaches it.
              await emptyCart(cold);
              const { startCart } = await gql<{ startCart: { token: string } }>(
                cold,
                "mutation { startCart { token } }",
              );
              await gql(
                cold,
                'mutation($t: String!) { addToCart(cartToken: $t, variantCode: "FIRM-LIFT-SERUM-30ML", quantity: 20) { __typename } }',
                { t: startCart.token },
              );
            }
          }
          // Counted: the files the page started to fetch before it ran (hydrated: the moment
          // `html[data-running]` is set, taken in the page). The chunks deferred to idle time
          // (toasts, cookie bar, language menu) come after it; counting until the network was
          // idle made the figure depend on the machine's speed (CI, 2026-11-29).
          await page.addInitScript(() => {
            new MutationObserver((_, observer) => {
              if (!document.documentElement?.hasAttribute("data-running")) return;
              (window as unknown as { runningAt: number }).runningAt = performance.now();
              observer.disconnect();
            }).observe(document, {
              attributes: true,
              subtree: true,
              attributeFilter: ["data-running"],
            });
          });
          await page.goto(`${ctx.baseUrl}${target.path}`);
          await page.locator("html[data-running]").waitFor();
          const files = await page.evaluate(() => {
            const until = (window as unknown as { runningAt?: number }).runningAt;
            if (until === undefined) throw new Error("the page ran without the running mark");
            const paths = performance
              .getEntriesByType("resource")
              .filter((entry) => entry.startTime <= until)
              .map((entry) => new URL(entry.name).pathname);
            const distinct = (suffix: string) =>
              new Set(paths.filter((path) => path.endsWith(suffix))).size;
            return { scripts: distinct(".js"), styles: distinct(".css") };
          });
          expect(
            new URL(page.url()).pathname === target.path,
            `${target.path} rendered, not redirected (${page.url()})`,
          );
          const { scripts, styles } = files;
          counts.push(`${target.path}: ${scripts} scripts, ${styles} style sheets`);
          if (scripts > target.scripts || styles > target.styles)
            over.push(
              `${target.path}: ${scripts} scripts (at most ${target.scripts}, goal ${GOAL_SCRIPTS}), ${styles} style sheets (at most ${target.styles})`,
            );
        } finally {
          await context.close();
        }
      }
      console.log(`first loads: ${counts.join("; ")}`);
      expect(over.length === 0, `more files than allowed: ${over.join("; ")}`);
    },
  },
);

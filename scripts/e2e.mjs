// Browser journeys against the real portal. Expects a built dist/ (`npm run build`); starts
// `node --import tsx main.ts` on a free 127.0.0.1 port with a throwaway DATA_DIR, runs every
// e2e/*.spec.ts in Debian's Chromium via playwright-core, and always stops both.
// Usage: [STATIC_DIR=build] node scripts/e2e.mjs [filter]   (filter: substring of a spec file or
// journey name)
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";
import { CHROMIUM, CHROMIUM_FLAGS, ROOT as root, startPortal, withTimeout } from "./lib/portal.mjs";

const filter = process.argv[2] ?? "";
const TEST_TIMEOUT_MS = 60_000;

// STATIC_DIR: another build folder (several builds side by side); default dist/.
const distDir = resolve(process.env.STATIC_DIR ?? join(root, "dist"));
if (!existsSync(join(distDir, "index.html"))) {
  console.error(`${distDir} is missing: run \`npm run build\` first.`);
  process.exit(2);
}

register();
const { chromium } = await import("playwright-core");

const shots = join(root, "var", "screenshots");
mkdirSync(shots, { recursive: true });

let browser;
let passed = 0;
let failed = 0;
let portal;
try {
  portal = await startPortal(distDir, { timeoutMs: 120_000, prefix: "portal-e2e-" });
  const { baseUrl } = portal;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  // Black-box journeys (e2e/) and the journeys machines generate (tests/browser/).
  const specs = ["e2e", join("tests", "browser")].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith(".spec.ts"))
      .sort()
      .map((f) => join(dir, f)),
  );
  for (const file of specs) {
    const mod = await import(pathToFileURL(join(root, file)).href);
    for (const test of mod.tests ?? []) {
      const label = `${file} › ${test.name}`;
      if (filter && !label.includes(filter)) continue;
      const context = await browser.newContext({
        viewport: { width: 1366, height: 900 },
        locale: "en-US",
      });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const pageErrors = [];
      page.on("pageerror", (e) => pageErrors.push(e.message));
      const started = Date.now();
      try {
        await withTimeout(
          test.run({
            baseUrl,
            browser,
            context,
            page,
            screenshot: (name) =>
              page.screenshot({ path: join(shots, `${name}.png`), fullPage: true }),
          }),
          TEST_TIMEOUT_MS,
          label,
        );
        if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join(" | ")}`);
        passed++;
        console.log(`  ✓ ${label} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(`  ✗ ${label} (${Date.now() - started} ms)`);
        console.log(
          `    ${String(error?.stack ?? error)
            .split("\n")
            .slice(0, 6)
            .join("\n    ")}`,
        );
        await page
          .screenshot({
            path: join(shots, `failed-${file.replace(/[\\/]/g, "_")}-${passed + failed}.png`),
          })
          .catch(() => {});
      } finally {
        await context.close().catch(() => {});
      }
    }
  }
} catch (error) {
  failed++;
  console.log(`  ✗ setup: ${error?.message ?? error}`);
} finally {
  await browser?.close().catch(() => {});
  // A failed run keeps its database and server log for a look afterwards.
  await portal?.stop({ keepData: failed > 0 });
  if (failed > 0 && portal) console.log(`server log: ${portal.logPath}`);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

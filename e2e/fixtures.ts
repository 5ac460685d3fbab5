import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { test as base } from "@playwright/test";
// @ts-expect-error: a plain .mjs helper without types
import { ROOT, startPortal } from "../scripts/lib/portal.mjs";
import type { E2EContext } from "./harness";

const shots = join(ROOT as string, "var", "screenshots");

/**
 * The fixtures of every journey: each Playwright worker starts its own portal (the real server
 * on a fresh demo database, serving the built web app), so workers never share a cart; each
 * journey gets a fresh context and page against it, and fails on an uncaught page error.
 */
export const test = base.extend<{ e2e: E2EContext }, { portal: { baseUrl: string } }>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it is given
    async ({}, use, workerInfo) => {
      const staticDir = resolve(process.env.STATIC_DIR ?? join(ROOT as string, "dist"));
      const portal = (await startPortal(staticDir, {
        timeoutMs: 180_000,
        prefix: `portal-e2e-w${workerInfo.workerIndex}-`,
      })) as {
        baseUrl: string;
        stop: (o?: { keepData?: boolean }) => Promise<void>;
        logPath: string;
      };
      let failed = false;
      try {
        await use({ baseUrl: portal.baseUrl });
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        await portal.stop({ keepData: failed });
      }
    },
    { scope: "worker", timeout: 200_000 },
  ],
  e2e: async ({ portal, browser, context, page }, use) => {
    mkdirSync(shots, { recursive: true });
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    page.setDefaultTimeout(10_000);
    await use({
      baseUrl: portal.baseUrl,
      browser,
      context,
      page,
      screenshot: async (name) => {
        await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
      },
    });
    if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join(" | ")}`);
  },
});

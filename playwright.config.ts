import { defineConfig } from "@playwright/test";
// @ts-expect-error: a plain .mjs helper without types
import { CHROMIUM, CHROMIUM_FLAGS } from "./scripts/lib/portal.mjs";

/**
 * Every browser journey (e2e/ black-box journeys, tests/browser/ journeys generated from the
 * machines) on Playwright Test in Debian's Chromium: two workers, each with its own portal and
 * database (e2e/fixtures.ts); the journeys of one file run in order in one worker. Traces and
 * screenshots are kept for failures; `npx playwright show-report var/playwright-report` opens
 * the HTML report. Run through `npm test` or `node scripts/e2e.mjs [filter]`, which build first.
 */
export default defineConfig({
  testDir: ".",
  testMatch: ["e2e/**/*.spec.ts", "tests/browser/**/*.spec.ts"],
  // A Stryker run's sandbox (var/stryker-tmp) holds a copy of the specs, which the globs above
  // match too: without this, a mutation run in progress doubles the journeys.
  testIgnore: ["var/**", "node_modules/**"],
  outputDir: "var/playwright-results",
  workers: 2,
  retries: 0,
  timeout: 60_000,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ["list"],
    ["html", { outputFolder: "var/playwright-report", open: "never" }],
    ["json", { outputFile: "var/test-results/playwright.json" }],
  ],
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: CHROMIUM as string, args: CHROMIUM_FLAGS as string[] },
    viewport: { width: 1366, height: 900 },
    locale: "en-US",
    actionTimeout: 10_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});

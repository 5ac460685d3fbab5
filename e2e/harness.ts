import type { Browser, BrowserContext, Page } from "playwright-core";

/** What every journey gets: a fresh browser context and page against the running portal. */
export interface E2EContext {
  baseUrl: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Saves a full-page screenshot as var/screenshots/<name>.png. */
  screenshot: (name: string) => Promise<void>;
}

export interface E2ETest {
  name: string;
  run: (ctx: E2EContext) => Promise<void>;
}

/** Declares the journeys of one spec file; scripts/e2e.mjs runs them in order. */
export function journeys(...tests: E2ETest[]): E2ETest[] {
  return tests;
}

/** Fails with a readable message (the journeys use no assertion library). */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Signs the demo buyer in through the sign-in page and waits for the shop. */
export async function signInAsBuyer({ page, baseUrl }: E2EContext): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill("buyer@demo-spa.example");
  await page.getByLabel("Password", { exact: true }).fill("partner-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/shop`);
}

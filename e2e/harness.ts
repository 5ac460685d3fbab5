import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { test } from "./fixtures";

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
  /** A journey that sweeps many pages gets more than the default 60 s (playwright.config.ts). */
  timeoutMs?: number;
}

/**
 * Declares the journeys of one spec file as Playwright tests (run in order in one worker, see
 * playwright.config.ts) and returns them. Each journey fails when the page breaks the content
 * security policy (the server's headers), so the app is proven to work under it.
 */
export function journeys(...tests: E2ETest[]): E2ETest[] {
  for (const journey of tests)
    test(journey.name, ({ e2e }) => {
      if (journey.timeoutMs !== undefined) test.setTimeout(journey.timeoutMs);
      return underPolicy(e2e, journey.run);
    });
  return tests;
}

async function underPolicy(ctx: E2EContext, run: E2ETest["run"]): Promise<void> {
  const violations: string[] = [];
  const listen = (page: Page) =>
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
  listen(ctx.page);
  ctx.context.on("page", listen);
  try {
    await run(ctx);
  } catch (error) {
    // A blocked script often shows only as a timeout: name the violation with it.
    if (violations.length > 0 && error instanceof Error)
      error.message += `\n    CSP violations: ${violations.join(" | ")}`;
    throw error;
  }
  if (violations.length > 0) throw new Error(`CSP violations: ${violations.join(" | ")}`);
}

/** Fails with a readable message (the journeys use no assertion library). */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Waits until the page's React has hydrated (src/main.tsx sets `<html data-running>`). */
export async function running(page: Page): Promise<void> {
  await page.locator("html[data-running]").waitFor({ state: "attached" });
}

/**
 * Signs `email` in through the sign-in page in German (cookie and stored choice) at `width`
 * px, and waits for the shop: where partners saw the account's numbers go wrong (issue 30).
 */
export async function signInGerman(
  { page, baseUrl }: E2EContext,
  email: string,
  width = 390,
): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.context().addCookies([{ name: "locale", value: "de", url: baseUrl }]);
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => localStorage.setItem("locale", "de"));
  await page.reload();
  await running(page);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill("partner-demo");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL(`${baseUrl}/shop`);
}

/** Signs the demo buyer in through the sign-in page and waits for the shop. */
export async function signInAsBuyer({ page, baseUrl }: E2EContext): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill("buyer@demo-spa.example");
  await page.getByLabel("Password", { exact: true }).fill("partner-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/shop`);
}

/**
 * A gateway call as the signed-in person of the page (black box: plain HTTP). `page.request`
 * shares the browser context's cookies, so it carries the HttpOnly session cookie the server
 * set (decision 037), with the CSRF header the storefront sends.
 */
export async function gql<T>(ctx: E2EContext, query: string, variables: object = {}): Promise<T> {
  const res = await ctx.page.request.post(`${ctx.baseUrl}/graphql`, {
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    data: { query, variables },
  });
  return ((await res.json()) as { data: T }).data;
}

/**
 * The browser context's session cookie (HttpOnly, so no page script sees it), or null: what
 * journeys that call the REST API as the signed-in person send as a bearer token.
 */
export async function sessionToken(ctx: E2EContext): Promise<string | null> {
  const cookies = await ctx.context.cookies(ctx.baseUrl);
  return cookies.find((c) => c.name === "token")?.value ?? null;
}

/**
 * Signs in through the API as the given person: the answer's Set-Cookie lands in the browser
 * context, as after the sign-in page (the server renders the next page signed in).
 */
export async function signInThroughApi(
  ctx: E2EContext,
  email: string,
  password = "partner-demo",
): Promise<void> {
  const res = await ctx.context.request.post(`${ctx.baseUrl}/api/v2/shop/customers/token`, {
    headers: { "content-type": "application/json" },
    data: { email, password },
  });
  expect(res.ok(), `sign-in through the API failed for ${email}: ${res.status()}`);
}

/** Deletes the person's carts so the journey starts from an empty cart. */
export async function emptyCart(ctx: E2EContext) {
  for (;;) {
    const { activeCart } = await gql<{ activeCart: { token: string } | null }>(
      ctx,
      "{ activeCart { token } }",
    );
    if (!activeCart) return;
    await gql(ctx, "mutation($t: String!) { deleteCart(cartToken: $t) { __typename } }", {
      t: activeCart.token,
    });
  }
}

/**
 * The amount lines of a summary (`data-summand`) add up to its total, to the cent. Answers the
 * amounts read, in minor units.
 */
export async function expectLinesSumToTotal(page: Page, totalTestId: string) {
  const summands = await page
    .locator("[data-summand]")
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-amount"))));
  const total = Number(await page.getByTestId(totalTestId).getAttribute("data-amount"));
  const sum = summands.reduce((a, b) => a + b, 0);
  expect(
    summands.length >= 3 && sum === total,
    `the summary lines ${summands.join(" + ")} = ${sum} add up to the total ${total}`,
  );
  return { summands, total };
}

/**
 * A link to another site opens in a new tab without handing it this page: `target="_blank"`
 * with `rel` noopener and noreferrer. Answers the link's address.
 */
export async function expectSafeExternalLink(link: Locator): Promise<string> {
  const [href, target, rel] = await Promise.all([
    link.getAttribute("href"),
    link.getAttribute("target"),
    link.getAttribute("rel"),
  ]);
  expect(
    href?.startsWith("https://") &&
      target === "_blank" &&
      /noopener/.test(rel ?? "") &&
      /noreferrer/.test(rel ?? ""),
    `an external link opening safely: href=${href} target=${target} rel=${rel}`,
  );
  return href!;
}

import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import {
  emptyCart,
  expect,
  gql,
  journeys,
  running,
  signInThroughApi,
  type E2EContext,
} from "./harness";

/**
 * Every route of the spec passes axe-core's WCAG 2.0/2.1/2.2 A and AA rules (issue 30, item
 * 23), signed out and as a company ADMIN, at a phone's and a desktop's width. One browser
 * context per identity and width (signed in once), one page visiting the routes; the journey
 * fails listing every violation as "page: rule (impact) at target: summary".
 */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const WIDTHS = [390, 1440] as const;
const ADMIN = "admin@demo-spa.example";
const PRODUCT = "FIRM-LIFT-SERUM";

const SIGNED_OUT = [
  "/",
  "/login",
  "/register",
  "/forgotten-password",
  "/forgotten-password/used-token-123",
  "/product-catalog",
  "/privacy/terms-and-conditions",
  "/privacy/privacy-policy",
  "/no/such/page",
  "/register/not-a-real-token",
];

const SIGNED_IN = [
  "/",
  "/shop",
  "/shop/products?search=serum",
  "/shop/category/skincare",
  `/shop/products/${PRODUCT}`,
  "/shop/products/TRAVEL-CASE-CLASSIC",
  "/shop/treatments",
  "/shop/outlet",
  "/shop/about",
  "/product-catalog",
  "/shop/help",
  "/shop/quick-order",
  "/checkout",
  "/privacy/terms-and-conditions",
  "/privacy/privacy-policy",
  "/shop/no/such/page",
];

const ACCOUNT = [
  "/shop/account/order-history",
  "/shop/account/payments",
  "/shop/account/account-details",
  "/shop/account/user-details",
  "/shop/account/team",
  "/shop/account/approvals",
  "/shop/account/address-book",
  "/shop/account/contract-price",
  "/shop/account/saved-lists",
];

/** The violations of the page as it stands, one readable line per node. */
async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${where}: ${v.id} (${v.impact ?? "?"}) at ${n.target.join(" ")}: ${
          n.failureSummary?.replace(/\s+/g, " ").trim() ?? v.help
        }`,
    ),
  );
}

/** Loads the route, waits for the app and its data, then asks axe. */
async function check(page: Page, baseUrl: string, path: string, width: number) {
  await page.goto(`${baseUrl}${path}`);
  await running(page);
  await page.waitForLoadState("networkidle");
  // Skeletons and transitions settle (Mantine's are 150-200 ms).
  await page.waitForTimeout(300);
  return violations(page, `${path} at ${width} px`);
}

/** A fresh context at the width, the cookie bar agreed (it is checked on its own first). */
async function contextAt(ctx: E2EContext, width: number): Promise<BrowserContext> {
  return ctx.browser.newContext({ viewport: { width, height: 900 }, locale: "en-US" });
}

async function agree(page: Page, baseUrl: string): Promise<string[]> {
  await page.goto(`${baseUrl}/login`);
  await running(page);
  const found = await violations(page, "/login with the cookie bar");
  await page.getByRole("button", { name: "Agree" }).click();
  return found;
}

/** A team-member invitation of the ADMIN's company: its /register/{token} path. */
async function invitation(e2e: E2EContext): Promise<string> {
  const email = `axe.${Date.now()}@demo-spa.example`;
  await gql(
    e2e,
    "mutation($e: String!) { inviteCompanyUser(email: $e, role: COMMERCIAL) { __typename } }",
    { e: email },
  );
  const res = await e2e.page.request.get(`${e2e.baseUrl}/dev/mail.json`);
  const body = (await res.json()) as { "hydra:member": { to: string; text: string }[] };
  const mail = body["hydra:member"].find((m) => m.to === email);
  const path = mail && /\/register\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(path, `an invitation mail to ${email} with a /register/{token} link`);
  return path;
}

/** The ADMIN's cart holds one line, so checkout shows its form. */
async function oneLine(e2e: E2EContext) {
  await emptyCart(e2e);
  const { startCart } = await gql<{ startCart: { token: string } }>(
    e2e,
    "mutation { startCart { token } }",
  );
  await gql(
    e2e,
    "mutation($t: String!, $v: String!) { addToCart(cartToken: $t, variantCode: $v, quantity: 1) { __typename } }",
    { t: startCart.token, v: `${PRODUCT}-30ML` },
  );
}

const SWEEP_MS = 300_000;

export const tests = journeys(
  ...WIDTHS.map((width) => ({
    name: `accessibility: every signed-out page passes axe (WCAG 2.2 AA) at ${width} px`,
    timeoutMs: SWEEP_MS,
    async run(e2e: E2EContext) {
      const context = await contextAt(e2e, width);
      try {
        const page = await context.newPage();
        const found = await agree(page, e2e.baseUrl);
        for (const path of SIGNED_OUT) found.push(...(await check(page, e2e.baseUrl, path, width)));
        expect(found.length === 0, `\n      ${found.join("\n      ")}`);
      } finally {
        await context.close();
      }
    },
  })),
  ...WIDTHS.map((width) => ({
    name: `accessibility: every shop page of an ADMIN passes axe (WCAG 2.2 AA) at ${width} px`,
    timeoutMs: SWEEP_MS,
    async run(e2e: E2EContext) {
      const context = await contextAt(e2e, width);
      try {
        const page = await context.newPage();
        const found = await agree(page, e2e.baseUrl);
        const signedIn: E2EContext = { ...e2e, context, page };
        await signInThroughApi(signedIn, ADMIN);
        await oneLine(signedIn);
        for (const path of SIGNED_IN) found.push(...(await check(page, e2e.baseUrl, path, width)));
        expect(found.length === 0, `\n      ${found.join("\n      ")}`);
      } finally {
        await context.close();
      }
    },
  })),
  ...WIDTHS.map((width) => ({
    name: `accessibility: every account section of an ADMIN, the order detail and an invitation pass axe at ${width} px`,
    timeoutMs: SWEEP_MS,
    async run(e2e: E2EContext) {
      const context = await contextAt(e2e, width);
      try {
        const page = await context.newPage();
        const found = await agree(page, e2e.baseUrl);
        const signedIn: E2EContext = { ...e2e, context, page };
        await signInThroughApi(signedIn, ADMIN);
        const invited = await invitation(signedIn);
        for (const path of ACCOUNT) found.push(...(await check(page, e2e.baseUrl, path, width)));
        // The order history as a table, then the detail dialog of its first order.
        await page.goto(`${e2e.baseUrl}/shop/account/order-history`);
        await page.locator(".mantine-SegmentedControl-label", { hasText: "Table" }).click();
        await page.getByTestId("order-row").first().waitFor();
        found.push(...(await violations(page, `order history as a table at ${width} px`)));
        await page.getByTestId("order-row").first().getByRole("button").first().click();
        await page.getByTestId("order-detail").waitFor();
        await page.waitForTimeout(300);
        found.push(...(await violations(page, `order detail dialog at ${width} px`)));
        // The invitation, opened signed out.
        await context.clearCookies();
        found.push(...(await check(page, e2e.baseUrl, invited, width)));
        expect(found.length === 0, `\n      ${found.join("\n      ")}`);
      } finally {
        await context.close();
      }
    },
  })),
);

import type { Locator, Page } from "@playwright/test";
import { emptyCart, expect, gql, journeys, signInAsBuyer, type E2EContext } from "./harness";

/**
 * The buying screens on a phone and on a laptop (issues 16 and 17): checkout lines as cards,
 * the cart badge's counts, the order detail dialog's width and buttons, long list names.
 */

const PHONE = { width: 390, height: 844 };
const PRODUCT = "GLOW-MINI-STARTER-SET";

async function addToCart(ctx: E2EContext, quantity: number) {
  const { page, baseUrl } = ctx;
  await page.goto(`${baseUrl}/shop/products/${PRODUCT}`);
  await page.getByLabel("Quantity").fill(String(quantity));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByText("The item has been successfully added to your cart!").first().waitFor();
}

/**
 * Elements of the page's main content that reach past the window's right edge (those inside
 * a container that scrolls or clips sideways do not widen the page and are left out).
 */
function overflowing(page: Page, within = "main"): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const root of document.querySelectorAll(selector))
      for (const el of [root, ...root.querySelectorAll("*")]) {
        let clipped = false;
        for (let p = el.parentElement; p && p !== root.parentElement; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if (o === "auto" || o === "scroll" || o === "hidden") clipped = true;
        }
        const r = el.getBoundingClientRect();
        if (!clipped && r.width > 0 && r.right > width + 0.5)
          out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} → ${r.right}`);
      }
    return out.slice(0, 5);
  }, within);
}

/** The box of a locator, failing with its name when it is not rendered. */
async function box(locator: Locator, what: string) {
  const b = await locator.boundingBox();
  expect(b, `${what} is on the page`);
  return b;
}

const SECTIONS = [
  "order-history",
  "payments",
  "account-details",
  "user-details",
  "team",
  "address-book",
  "contract-price",
  "saved-lists",
];

/**
 * Buttons of the page's main content that a scrolling or clipping container hides (wholly or in
 * part) to the right: an action the partner would have to find by scrolling sideways.
 */
function hiddenActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const b of document.querySelectorAll("main button, main a.mantine-Button-root")) {
      if (b.closest("nav")) continue;
      const r = b.getBoundingClientRect();
      if (r.width === 0) continue;
      let right = document.documentElement.clientWidth;
      for (let p = b.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === "auto" || o === "scroll" || o === "hidden")
          right = Math.min(right, p.getBoundingClientRect().right);
      }
      if (r.right > right + 0.5) out.push(`${b.textContent?.trim()} → ${r.right} > ${right}`);
    }
    return out.slice(0, 5);
  });
}

export const tests = journeys(
  {
    name: "layout: at tablet widths in German every account action is in view, none behind a sideways scroll",
    async run(ctx) {
      const { page, baseUrl, context } = ctx;
      await context.addCookies([{ name: "locale", value: "de", url: baseUrl }]);
      await page.goto(`${baseUrl}/login`);
      await page.evaluate(() => localStorage.setItem("locale", "de"));
      await page.getByLabel("E-Mail").fill("admin@demo-spa.example");
      await page.getByLabel("Passwort", { exact: true }).fill("partner-demo");
      await page.getByRole("button", { name: "Anmelden" }).click();
      await page.waitForURL(`${baseUrl}/shop`);
      for (const width of [768, 1024]) {
        await page.setViewportSize({ width, height: 1000 });
        for (const section of SECTIONS) {
          await page.goto(`${baseUrl}/shop/account/${section}`);
          await page.getByRole("heading", { level: 2 }).first().waitFor();
          await page.waitForLoadState("networkidle");
          const hidden = await hiddenActions(page);
          expect(hidden.length === 0, `${section} at ${width} px: ${hidden.join(", ")}`);
        }
      }
    },
    // 16 page loads, each to a quiet network: a minute is too short on a loaded CI machine.
    timeoutMs: 180_000,
  },
  {
    name: "layout: at 390 px every account section fits the window and its buttons are 44 px high",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel("Email").fill("admin@demo-spa.example");
      await page.getByLabel("Password", { exact: true }).fill("partner-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${baseUrl}/shop`);
      await page.setViewportSize(PHONE);
      for (const section of SECTIONS) {
        await page.goto(`${baseUrl}/shop/account/${section}`);
        await page.waitForURL(`${baseUrl}/shop/account/${section}`);
        const nav = page.getByRole("navigation", { name: "Account sections" });
        await nav.locator('[aria-current="page"]').waitFor();
        await page.getByRole("heading", { level: 2 }).first().waitFor();
        await page.waitForLoadState("networkidle");
        const overflow = await overflowing(page);
        expect(overflow.length === 0, `${section} fits 390 px: ${overflow.join(", ")}`);
        const small = await page.evaluate(() =>
          [...document.querySelectorAll("main button, main a.mantine-Button-root")]
            .map((b) => [b.textContent?.trim(), b.getBoundingClientRect().height] as const)
            .filter(([, height]) => height > 0 && height < 44),
        );
        expect(small.length === 0, `${section}: buttons under 44 px: ${JSON.stringify(small)}`);
        const active = await box(nav.locator('[aria-current="page"]'), "the active section");
        expect(active.x >= 0 && active.x + active.width <= PHONE.width, `${section} is in view`);
      }
    },
    timeoutMs: 180_000,
  },
  {
    name: "layout: at 390 px the checkout lines are cards with quantity, remove and total in reach, the summary below",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await emptyCart(ctx);
      await addToCart(ctx, 9);
      await page.setViewportSize(PHONE);
      await page.goto(`${baseUrl}/checkout`);
      const line = page.getByTestId("checkout-line").first();
      await line.waitFor();
      const card = await box(line, "the line");
      expect(card.x >= 0 && card.x + card.width <= PHONE.width, "the line card fits the window");
      const quantity = line.getByLabel(/Quantity of/);
      expect(
        (await quantity.getAttribute("inputmode")) === "numeric",
        "the quantity opens the digits keypad",
      );
      for (const [what, target] of [
        ["quantity", quantity],
        ["Update", line.getByRole("button", { name: "Update" })],
        ["remove", line.getByRole("button", { name: /^Remove / })],
      ] as const) {
        const b = await box(target, what);
        expect(b.height >= 44, `${what} is at least 44 px high (${b.height})`);
        expect(b.x >= card.x && b.x + b.width <= card.x + card.width, `${what} is in the card`);
      }
      const total = await box(line.getByText("€531.00"), "the line total");
      expect(total.x + total.width <= card.x + card.width, "the line total is in the card");
      const summary = await box(page.getByRole("heading", { name: "Summary" }), "the summary");
      expect(summary.y > card.y + card.height, "the summary comes after the lines");
      const overflow = await overflowing(page);
      expect(overflow.length === 0, `nothing is wider than the window: ${overflow.join(", ")}`);
      // Quantity and remove work from the card.
      await quantity.fill("10");
      await line.getByRole("button", { name: "Update" }).click();
      await line.getByText("€590.00").waitFor();
      await page.getByRole("button", { name: "Checkout", exact: true }).click();
      await page.getByRole("radio", { name: /Credit card/ }).check();
      await page.getByRole("button", { name: "Pay & complete" }).click();
      const dialog = page.getByRole("dialog", { name: "Order payment" });
      await dialog.getByLabel("Card number").waitFor();
      const sheet = await box(page.locator(".mantine-Modal-content"), "the payment dialog");
      expect(sheet.width === PHONE.width, `the payment dialog takes the phone's width`);
      const pay = await box(dialog.getByRole("button", { name: "Pay", exact: true }), "Pay");
      expect(pay.height >= 44 && pay.y + pay.height <= PHONE.height, "Pay is in reach");
      await ctx.screenshot("layout-checkout-390");
    },
  },
  {
    name: "layout: the cart badge shows two- and three-digit counts whole",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await emptyCart(ctx);
      await addToCart(ctx, 12);
      const badge = page.getByTestId("mini-cart-count");
      const whole = async (count: string) => {
        await page.waitForFunction(
          (text) => document.querySelector("[data-testid=mini-cart-count]")?.textContent === text,
          count,
        );
        // The label clips with an ellipsis when the badge is narrower than its digits.
        const clipped = await badge.evaluate((el) =>
          [el, ...el.querySelectorAll("*")].some((e) => e.scrollWidth > e.clientWidth + 0.5),
        );
        expect(!clipped, `the badge shows ${count} unclipped`);
      };
      await whole("12");
      const { activeCart } = await gql<{ activeCart: { token: string } }>(
        ctx,
        "{ activeCart { token } }",
      );
      await gql(
        ctx,
        'mutation($t: String!) { addItemsToCart(cartToken: $t, items: [{ variantCode: "GLOW-MINI-STARTER-SET-ROSE", quantity: 288 }, { variantCode: "GLOW-MINI-ROSE", quantity: 216 }]) { __typename } }',
        { t: activeCart.token },
      );
      await page.goto(`${baseUrl}/shop`);
      await whole("516");
      await emptyCart(ctx);
    },
  },
  {
    name: "layout: at 1440×900 the order detail dialog is 60% wide with Invoice and Close in view",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/account/order-history`);
      // The newest order has the most lines: the longest dialog.
      await page.getByTestId("order-card").first().getByRole("button", { name: "Details" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("order-detail").waitFor();
      const content = await box(page.locator(".mantine-Modal-content"), "the dialog");
      expect(Math.abs(content.width - 864) <= 2, `60% of 1440 px wide (${content.width})`);
      for (const name of ["Invoice", "Close"]) {
        // The dialog's own buttons (the corner's close button is named "Close" too).
        const button = dialog
          .getByTestId("order-detail-actions")
          .getByRole("button", { name, exact: true });
        const b = await box(button, name);
        expect(b.y >= 0 && b.y + b.height <= 900, `${name} is in view without scrolling`);
        const onTop = await button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return hit !== null && el.contains(hit);
        });
        expect(onTop, `${name} is not covered`);
      }
      await ctx.screenshot("layout-order-detail-1440");
    },
  },
  {
    name: "layout: a saved list's long name is capped at 100 characters and wraps instead of widening the page",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAsBuyer(ctx);
      await emptyCart(ctx);
      await addToCart(ctx, 2);
      await page.getByTestId("mini-cart").hover();
      await page.getByRole("button", { name: "Save for later" }).click();
      const dialog = page.getByRole("dialog", { name: "Save shopping list" });
      const name = dialog.getByLabel("List name");
      await name.fill("L".repeat(320));
      const typed = await name.inputValue();
      expect(typed.length === 100, `the name field takes 100 characters (${typed.length})`);
      await dialog.getByRole("button", { name: "Save list" }).click();
      await page.waitForURL(`${baseUrl}/shop`);
      await page.goto(`${baseUrl}/shop/account/saved-lists`);
      await page.getByTestId("saved-list-name").filter({ hasText: typed }).waitFor();
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth === 1440, `the page stays 1440 px wide (${pageWidth})`);
      await page.setViewportSize(PHONE);
      const overflow = await overflowing(page);
      expect(overflow.length === 0, `at 390 px nothing is wider: ${overflow.join(", ")}`);
    },
  },
);

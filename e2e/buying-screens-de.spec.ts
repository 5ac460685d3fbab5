import type { Page } from "@playwright/test";
import { emptyCart, expect, journeys, running, signInAsBuyer, type E2EContext } from "./harness";

/**
 * Issue 21's screens in German, on a phone (390 px) and a laptop (1440 px): the checkout with
 * the PO number, the order history with its search and the PO numbers, the order detail, the
 * company details with the PO setting (ADMIN) and quick order with pasted lines. Nothing may
 * widen the page; the screenshots are in var/screenshots/.
 */

const WIDTHS = [390, 1440] as const;

/** Elements of the main content reaching past the window's right edge (scrolling boxes aside). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll("main *, [role=dialog] *")) {
      let clipped = false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === "auto" || o === "scroll" || o === "hidden") clipped = true;
      }
      const r = el.getBoundingClientRect();
      if (!clipped && r.width > 0 && r.right > width + 0.5)
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} → ${r.right}`);
    }
    return out.slice(0, 5);
  });
}

async function check(ctx: E2EContext, name: string) {
  await ctx.page.waitForLoadState("networkidle");
  const wide = await overflowing(ctx.page);
  expect(wide.length === 0, `${name}: nothing wider than the window: ${wide.join(" | ")}`);
  await ctx.screenshot(name);
}

async function german(ctx: E2EContext, email?: string) {
  const { page, baseUrl } = ctx;
  if (email) {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("partner-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${baseUrl}/shop`);
  } else await signInAsBuyer(ctx);
  await page.evaluate(() => localStorage.setItem("locale", "de"));
  await page.context().addCookies([{ name: "locale", value: "de", url: baseUrl }]);
}

export const tests = journeys(
  {
    name: "buying screens in German at 390 and 1440 px: checkout with a PO number, history search, order detail",
    timeoutMs: 180_000,
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await german(ctx);
      const po = "PO-2026-11-ZENTRALEINKAUF-HAMBURG-7";
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await emptyCart(ctx);
        await page.goto(`${baseUrl}/shop/products/GLOW-MINI-STARTER-SET`);
        await running(page);
        await page.getByLabel("Menge").fill("9");
        await page.getByRole("button", { name: "In den Warenkorb" }).first().click();
        await page.getByRole("alert").first().waitFor();
        await page.goto(`${baseUrl}/checkout`);
        await running(page);
        await page.getByRole("button", { name: "Zur Kasse", exact: true }).click();
        const field = page.getByTestId("po-number");
        await field.waitFor();
        await field.fill(`${po}-${width}`.slice(0, 35));
        await page.getByRole("radio", { name: /Rechnung/ }).check();
        await check(ctx, `buying-de-${width}-checkout`);
        await page.getByRole("button", { name: "Bestellung abschließen" }).click();
        await page.getByTestId("checkout-completed").waitFor();
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${baseUrl}/shop/account/order-history`);
        await page.getByTestId("order-card").first().waitFor();
        await check(ctx, `buying-de-${width}-history`);
        await page.getByTestId("orders-search").fill("zentraleinkauf");
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="order-card"]').length === 2,
        );
        await check(ctx, `buying-de-${width}-history-search`);
        await page.getByText("Tabelle", { exact: true }).click();
        await page.getByTestId("orders-table").waitFor();
        await check(ctx, `buying-de-${width}-history-table`);
        await page.getByText("Liste", { exact: true }).click();
        await page.getByTestId("order-card").first().getByRole("button").first().click();
        await page.getByTestId("order-detail-po-number").waitFor();
        await check(ctx, `buying-de-${width}-order-detail`);
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "hidden" });
      }
    },
  },
  {
    name: "buying screens in German at 390 and 1440 px: company details with the PO setting, quick order with pasted lines",
    timeoutMs: 180_000,
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await german(ctx, "admin@demo-spa.example");
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${baseUrl}/shop/account/account-details`);
        await page.getByTestId("po-number-setting").waitFor();
        await check(ctx, `buying-de-${width}-company`);
        await page.goto(`${baseUrl}/shop/quick-order`);
        await running(page);
        const paste = page.getByTestId("quick-order-paste");
        await paste.fill(
          "GLOW-MINI-ROSE, 2\nUNBEKANNT-123;4\nGLOW-PRO-BLUSH\t1\nGLOW-MINI-MINT zehn",
        );
        await check(ctx, `buying-de-${width}-quick-order-paste`);
        await page.getByRole("button", { name: "Eingefügte Zeilen lesen" }).click();
        await page.getByTestId("quick-order-problems").waitFor();
        await check(ctx, `buying-de-${width}-quick-order-rows`);
      }
    },
  },
);

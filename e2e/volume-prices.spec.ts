import type { Page } from "@playwright/test";
import { emptyCart, expect, journeys, running, signInAsBuyer, type E2EContext } from "./harness";

/**
 * Volume prices (issue 21, part 4; decision 040): the product page shows a variant's tiers and
 * marks the one its cart line would get; the cart's line price changes when its quantity
 * crosses a tier (the server prices it). Demo Spa GmbH's tiers on the sculpting cream: 1-11 at
 * 24.00, 12-47 at 22.50, 48+ at 21.00.
 */

const PRODUCT = "FIRM-LIFT-CREAM";
const NAME = "Firm Lift Sculpting Cream";

/** The index of the marked (applying) tier row, -1 when none is marked. */
async function applyingRow(page: Page): Promise<number> {
  const rows = page.getByTestId("volume-price");
  const flags = await rows.evaluateAll((els) => els.map((e) => e.hasAttribute("data-applies")));
  return flags.indexOf(true);
}

async function waitForApplying(page: Page, index: number, why: string) {
  try {
    await page.waitForFunction(
      (i) =>
        [...document.querySelectorAll('[data-testid="volume-price"]')].findIndex((e) =>
          e.hasAttribute("data-applies"),
        ) === i,
      index,
      { timeout: 5_000 },
    );
  } catch {
    throw new Error(`${why}: tier ${index} should be marked, row ${await applyingRow(page)} is`);
  }
}

/** The cart's line of the cream: its unit price and total as shown. */
async function cartLine(page: Page) {
  const line = page.getByTestId("checkout-line").filter({ hasText: NAME });
  return line;
}

/** Elements of the main content reaching past the window's right edge (scrolling boxes aside). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll("main *")) {
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

/** A buyer's bearer token from the API (the page's context is a staff one here). */
async function stafflessBuyerToken(ctx: E2EContext): Promise<string> {
  const res = await ctx.page.request.post(`${ctx.baseUrl}/api/v2/shop/customers/token`, {
    headers: { "content-type": "application/json" },
    data: { email: "buyer@demo-spa.example", password: "partner-demo" },
  });
  return ((await res.json()) as { token: string }).token;
}

async function check(ctx: E2EContext, name: string) {
  await ctx.page.waitForLoadState("networkidle");
  const wide = await overflowing(ctx.page);
  expect(wide.length === 0, `${name}: nothing wider than the window: ${wide.join(" | ")}`);
  await ctx.screenshot(name);
}

/** The product page and the cart with volume prices, in a language, at 390 and 1440 px. */
async function screens(ctx: E2EContext, lang: "en" | "de") {
  const { page, baseUrl } = ctx;
  const text =
    lang === "de"
      ? { quantity: "Menge", add: "In den Warenkorb", title: "Staffelpreise", applies: "Gilt" }
      : { quantity: "Quantity", add: "Add to cart", title: "Volume prices", applies: "Applies" };
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await emptyCart(ctx);
    await page.goto(`${baseUrl}/shop/products/${PRODUCT}`);
    await running(page);
    await page.getByText(text.title, { exact: true }).waitFor();
    await page.getByLabel(text.quantity).fill("11");
    await page.getByRole("button", { name: text.add }).first().click();
    await page.getByRole("alert").first().waitFor();
    await page.getByLabel(text.quantity).fill("1");
    await waitForApplying(page, 1, "11 in the cart and 1 more");
    await page.getByTestId("volume-price").nth(1).getByText(text.applies).waitFor();
    await page.getByTestId("volume-prices").scrollIntoViewIfNeeded();
    await check(ctx, `volume-prices-${lang}-${width}-product`);
    await page.goto(`${baseUrl}/checkout`);
    await running(page);
    await page.getByTestId("checkout-line").first().waitFor();
    await check(ctx, `volume-prices-${lang}-${width}-cart`);
  }
  await emptyCart(ctx);
}

export const tests = journeys(
  {
    name: "volume prices in English and German at 390 and 1440 px: the product page's tiers and the cart, nothing wider than the window",
    timeoutMs: 180_000,
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await screens(ctx, "en");
      await page.evaluate(() => localStorage.setItem("locale", "de"));
      await page.context().addCookies([{ name: "locale", value: "de", url: baseUrl }]);
      await screens(ctx, "de");
    },
  },
  {
    name: "volume prices: the product page marks the applying tier and the cart re-prices a line when its quantity crosses a tier",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await emptyCart(ctx);
      await page.goto(`${baseUrl}/shop/products/${PRODUCT}`);
      await running(page);
      const table = page.getByTestId("volume-prices");
      await table.getByText("Volume prices").waitFor();
      const rows = page.getByTestId("volume-price");
      expect((await rows.count()) === 3, "three tiers");
      const texts = await rows.allInnerTexts();
      expect(
        /1–11/.test(texts[0]!) && /€24\.00/.test(texts[0]!),
        `first tier 1–11 at €24.00: ${texts[0]}`,
      );
      expect(/12–47/.test(texts[1]!) && /€22\.50/.test(texts[1]!), `second tier: ${texts[1]}`);
      expect(/48\+/.test(texts[2]!) && /€21\.00/.test(texts[2]!), `third tier: ${texts[2]}`);
      await waitForApplying(page, 0, "one unit");
      const quantity = page.getByLabel("Quantity");
      await quantity.fill("12");
      await waitForApplying(page, 1, "12 units");
      await rows.nth(1).getByText("Applies").waitFor();
      // 'Your price' is the price the line gets: the tier's, the contract price struck through.
      const yourPrice = page.getByTestId("product-price");
      await yourPrice.getByText("€22.50").waitFor();
      await page.getByTestId("product-base-price").getByText("€24.00").waitFor();
      await page.getByText("Volume price for 12 units").waitFor();
      await quantity.fill("48");
      await waitForApplying(page, 2, "48 units");
      await yourPrice.getByText("€21.00").waitFor();
      await quantity.fill("11");
      await waitForApplying(page, 0, "11 units");
      await yourPrice.getByText("€24.00").waitFor();
      expect(
        (await page.getByTestId("product-base-price").count()) === 0,
        "no struck price below the first tier",
      );
      await screenshot("volume-prices-product");

      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.getByText("The item has been successfully added to your cart!").first().waitFor();
      // 11 in the cart and 11 in the field: the merged line of 22 gets the second tier.
      await page.getByText("Counting the 11 units already in your cart.").waitFor();
      await waitForApplying(page, 1, "11 in the cart and 11 more");

      await page.goto(`${baseUrl}/checkout`);
      await running(page);
      const line = await cartLine(page);
      await line.getByText("€24.00").waitFor();
      await line.getByText("€264.00").waitFor();
      const field = line.getByLabel(`Quantity of ${NAME}`);
      await field.fill("12");
      await line.getByRole("button", { name: "Update" }).click();
      await line.getByText("€22.50").waitFor();
      await line.getByText("€270.00").waitFor();
      expect((await line.getByText("€24.00").count()) === 0, "the 1-11 price is gone at 12 units");
      await screenshot("volume-prices-cart");
      await field.fill("48");
      await line.getByRole("button", { name: "Update" }).click();
      await line.getByText("€1,008.00").waitFor();
      await line.getByText("€21.00").waitFor();
      await field.fill("11");
      await line.getByRole("button", { name: "Update" }).click();
      await line.getByText("€264.00").waitFor();
      await line.getByText("€24.00").waitFor();
      await emptyCart(ctx);
    },
  },
  {
    name: "volume prices in the back office: staff sign in, find the tiered entries, a refused tier is shown at its field, the fixed tiers are saved (English and German, 390 and 1440 px)",
    timeoutMs: 120_000,
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await page.goto(`${baseUrl}/back-office/volume-prices`);
      await running(page);
      await page.getByLabel("Email").fill("staff@brand.example");
      await page.getByRole("textbox", { name: "Password" }).fill("partner-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      const rows = page.getByTestId("price-entry");
      await rows.filter({ hasText: "FIRM-LIFT-CREAM-50ML" }).waitFor();
      expect((await rows.count()) === 3, `three tiered entries: ${await rows.count()}`);
      const cream = await rows.filter({ hasText: "FIRM-LIFT-CREAM-50ML" }).innerText();
      expect(
        /1–11 €24\.00 · 12–47 €22\.50 · 48\+ €21\.00/.test(cream),
        `the cream's tiers: ${cream}`,
      );
      await page.getByLabel("Search by code or name").fill("clay");
      await rows.first().getByText("PORE-CLAY-MASK-75ML").waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="price-entry"]').length === 1,
      );
      await page.getByRole("button", { name: "Edit PORE-CLAY-MASK-75ML" }).click();
      const editor = page.getByTestId("tier-editor");
      const tierRows = editor.getByTestId("tier-row");
      expect((await tierRows.count()) === 3, "the mask's three tiers");
      await tierRows
        .nth(2)
        .getByLabel(/Unit price/)
        .fill("14.00");
      await editor.getByRole("button", { name: "Save" }).click();
      await editor
        .getByText(
          "A larger quantity must have a lower unit price than the volume price before it.",
        )
        .waitFor();
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await check(ctx, `volume-prices-en-${width}-back-office-editor`);
      }
      await tierRows
        .nth(2)
        .getByLabel(/Unit price/)
        .fill("12.50");
      await editor.getByRole("button", { name: "Add tier" }).click();
      await tierRows.nth(3).getByLabel("From quantity").fill("96");
      await tierRows
        .nth(3)
        .getByLabel(/Unit price/)
        .fill("11.90");
      await editor.getByRole("button", { name: "Save" }).click();
      await page.getByText("The volume prices of PORE-CLAY-MASK-75ML are saved.").waitFor();
      await rows
        .first()
        .getByText(/48–95 €12\.50 · 96\+ €11\.90/)
        .waitFor();
      // The product API answers the new tiers.
      const res = await page.request.get(
        `${baseUrl}/api/v2/shop/product-variants/PORE-CLAY-MASK-75ML`,
        {
          headers: { Authorization: `Bearer ${await stafflessBuyerToken(ctx)}` },
        },
      );
      const tiers = ((await res.json()) as { volumePrices: { minQuantity: number }[] })
        .volumePrices;
      expect(
        tiers.map((t) => t.minQuantity).join() === "1,12,48,96",
        `saved tiers: ${JSON.stringify(tiers)}`,
      );

      await page.evaluate(() => localStorage.setItem("locale", "de"));
      await page.context().addCookies([{ name: "locale", value: "de", url: baseUrl }]);
      await page.goto(`${baseUrl}/back-office/volume-prices`);
      await running(page);
      await page.getByText("Nur Einträge mit Staffelpreisen").waitFor();
      await rows.filter({ hasText: "FIRM-LIFT-CREAM-50ML" }).waitFor();
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await check(ctx, `volume-prices-de-${width}-back-office-list`);
      }
      await page.getByRole("button", { name: "Bearbeiten FIRM-LIFT-CREAM-50ML" }).click();
      await editor
        .getByText("Staffelpreise von", { exact: false })
        .first()
        .waitFor()
        .catch(() => undefined);
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await check(ctx, `volume-prices-de-${width}-back-office-editor`);
      }
      // German prices are written with a decimal comma, and typed so.
      const german = page.getByTestId("tier-editor").getByTestId("tier-row");
      const firstPrice = await german
        .nth(0)
        .getByLabel(/Stückpreis/)
        .inputValue();
      expect(firstPrice === "24,00", `the first tier reads 24,00 in German: "${firstPrice}"`);
      // Thousands are grouped as the list writes them (1.234,50 €), never with a space.
      const first = german.nth(0).getByLabel(/Stückpreis/);
      await first.fill("1234,5");
      await first.blur();
      const grouped = await first.inputValue();
      expect(grouped === "1.234,50", `1234,5 typed reads 1.234,50: "${grouped}"`);
      await first.fill("24,00");
      await german
        .nth(1)
        .getByLabel(/Stückpreis/)
        .fill("22,40");
      await page.getByTestId("tier-editor").getByRole("button", { name: "Speichern" }).click();
      await page
        .getByText("Die Staffelpreise von FIRM-LIFT-CREAM-50ML sind gespeichert.")
        .waitFor();
      const creamVariant = await page.request.get(
        `${baseUrl}/api/v2/shop/product-variants/FIRM-LIFT-CREAM-50ML`,
        { headers: { Authorization: `Bearer ${await stafflessBuyerToken(ctx)}` } },
      );
      const saved = ((await creamVariant.json()) as { volumePrices: { price: number }[] })
        .volumePrices;
      expect(saved[1]?.price === 2240, `22,40 is saved as 2240 cents: ${JSON.stringify(saved)}`);
    },
  },
);

import type { Locator, Page } from "@playwright/test";
import {
  emptyCart,
  expect,
  gql,
  journeys,
  running,
  signInAsBuyer,
  type E2EContext,
} from "./harness";

/**
 * Variants (issue 30, decision 051): a colour is chosen on the product page and remembered in
 * the address; lines name the variant; quick order takes a product code and asks which variant.
 */

async function cartQuantities(ctx: E2EContext): Promise<Record<string, number>> {
  const { activeCart } = await gql<{
    activeCart: { items: { variantCode: string; quantity: number }[] } | null;
  }>(ctx, "{ activeCart { items { variantCode quantity } } }");
  return Object.fromEntries((activeCart?.items ?? []).map((i) => [i.variantCode, i.quantity]));
}

async function german(ctx: E2EContext) {
  const { page, baseUrl } = ctx;
  await signInAsBuyer(ctx);
  await emptyCart(ctx);
  await page.evaluate(() => localStorage.setItem("locale", "de"));
  await page.context().addCookies([{ name: "locale", value: "de", url: baseUrl }]);
}

/** Waits until the picker's radio button of `code` is the checked one. */
const checked = (picker: Locator, code: string) =>
  picker.locator(`input[type=radio][value="${code}"]:checked`).waitFor();

const sku = (page: Page) => page.getByTestId("product-sku").textContent();
const picture = (page: Page) => page.getByTestId("gallery-main").getAttribute("src");

export const tests = journeys(
  {
    name: "variants: Mint is chosen on Glow Mini at 390 px in German, remembered in the address, added and named in the mini-cart",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await page.setViewportSize({ width: 390, height: 900 });
      await german(ctx);
      await page.goto(`${baseUrl}/shop/products/GLOW-MINI`);
      await running(page);
      await page.getByRole("button", { name: "Einverstanden" }).click();
      const picker = page.getByRole("radiogroup");
      await picker.waitFor();
      // The variants' names are the German ones (catalogue translations).
      const rose = picker.getByRole("radio", { name: "Rosé" });
      const mint = picker.getByRole("radio", { name: "Mint" });
      expect(await rose.isChecked(), "without ?variant= the first variant is chosen");
      expect((await sku(page))?.includes("GLOW-MINI-ROSE"), "the SKU is the variant's code");
      expect((await picture(page))?.includes("GLOW-MINI-ROSE"), "Rose's own picture shows");
      const before = await page.evaluate(() => history.length);
      await page.getByTestId("variant-option").filter({ hasText: "Mint" }).click();
      await page.waitForURL(/\?variant=GLOW-MINI-MINT$/);
      // The address changes first, the radio when React renders the choice (a moment later).
      await checked(picker, "GLOW-MINI-MINT");
      expect(await mint.isChecked(), "Mint is checked");
      expect((await sku(page))?.includes("GLOW-MINI-MINT"), `SKU follows: ${await sku(page)}`);
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=gallery-main]")?.getAttribute("src")?.includes("MINT"),
      );
      // The keyboard moves the choice too (one radio group), and the address follows.
      await mint.focus();
      await page.keyboard.press("ArrowRight");
      await page.waitForURL(/\?variant=GLOW-MINI-PEARL$/);
      await checked(picker, "GLOW-MINI-PEARL");
      const pearl = picker.getByRole("radio", { name: "Perlmutt" });
      expect(await pearl.isChecked(), "the arrow key chose Pearl");
      await pearl.focus();
      await page.keyboard.press("ArrowLeft");
      await page.waitForURL(/\?variant=GLOW-MINI-MINT$/);
      const after = await page.evaluate(() => history.length);
      expect(after === before, `switching replaces the address (${before} -> ${after})`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(!overflow, "nothing wider than 390 px");
      await ctx.screenshot("variants-de-390-mint");
      await page.getByLabel("Menge").fill("2");
      await page.getByRole("button", { name: "In den Warenkorb" }).click();
      await page.getByRole("alert").first().waitFor();
      const cart = await cartQuantities(ctx);
      expect(
        cart["GLOW-MINI-MINT"] === 2 && cart["GLOW-MINI-ROSE"] === undefined,
        `the cart holds the Mint variant: ${JSON.stringify(cart)}`,
      );
      await page.getByTestId("product-in-cart").waitFor();
      await page.getByTestId("mini-cart").hover();
      const line = page.getByTestId("mini-cart-line-name").first();
      await line.waitFor();
      const text = (await line.textContent()) ?? "";
      expect(text.includes("Glow Mini") && text.includes("Mint"), `the line names Mint: ${text}`);
      await ctx.screenshot("variants-de-390-mini-cart");
    },
  },
  {
    name: "variants: a link with ?variant= opens that variant; an unknown one the first; a sold-out one is coming soon",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/products/GLOW-MINI?variant=GLOW-MINI-PEARL`);
      await running(page);
      await page.getByRole("radiogroup").waitFor();
      expect(
        await page.getByRole("radio", { name: "Pearl" }).isChecked(),
        "the link's variant is chosen",
      );
      expect((await sku(page))?.includes("GLOW-MINI-PEARL"), "and its code is the SKU");
      await page.goto(`${baseUrl}/shop/products/GLOW-MINI?variant=NO-SUCH`);
      await running(page);
      await page.getByRole("radiogroup").waitFor();
      expect(await page.getByRole("radio", { name: "Rose" }).isChecked(), "unknown: the first");
      await page.goto(
        `${baseUrl}/shop/products/SONIC-BRUSH-TRAVEL?variant=SONIC-BRUSH-TRAVEL-NAVY`,
      );
      await running(page);
      await page.getByTestId("product-coming-soon").waitFor();
      expect(
        await page.getByRole("button", { name: "Add to cart" }).isDisabled(),
        "a sold-out variant cannot be added",
      );
      await page.getByTestId("variant-option").filter({ hasText: "Sand" }).click();
      await page.getByTestId("product-coming-soon").waitFor({ state: "detached" });
      expect(
        await page.getByRole("button", { name: "Add to cart" }).isEnabled(),
        "the other colour can",
      );
      // A single-variant product has no picker; its SKU is its variant's code.
      await page.goto(`${baseUrl}/shop/products/GLOW-MEN`);
      await running(page);
      await page.getByTestId("product-sku").waitFor();
      expect((await page.getByRole("radiogroup").count()) === 0, "no picker for one variant");
      expect((await sku(page))?.includes("GLOW-MEN-SLATE"), "the variant's code");
    },
  },
  {
    name: "variants: quick order answers a pasted product code with its variants, one is picked in place and added",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await page.setViewportSize({ width: 390, height: 900 });
      await signInAsBuyer(ctx);
      await emptyCart(ctx);
      await page.goto(`${baseUrl}/shop/quick-order`);
      await running(page);
      await page.getByTestId("quick-order-paste").fill("GLOW-MINI, 5");
      await page.getByRole("button", { name: "Read pasted lines" }).click();
      const choices = page.getByTestId("quick-order-row-choices");
      await choices.waitFor();
      const message = (await page.getByTestId("quick-order-row-problem").textContent()) ?? "";
      expect(
        ["GLOW-MINI-ROSE", "GLOW-MINI-MINT", "GLOW-MINI-PEARL"].every((c) => message.includes(c)),
        `the row names the variants' codes: ${message}`,
      );
      await ctx.screenshot("variants-quick-order-390-choices");
      await choices.getByRole("button", { name: /Mint/ }).click();
      await page.getByTestId("quick-order-row-total").waitFor();
      const name = (await page.getByTestId("quick-order-row-name").textContent()) ?? "";
      expect(name.includes("Mint"), `the row names the variant: ${name}`);
      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.waitForFunction(
        () => document.querySelectorAll("[data-testid=quick-order-row-total]").length === 0,
      );
      const cart = await cartQuantities(ctx);
      expect(cart["GLOW-MINI-MINT"] === 5, `the cart holds 5 Mint: ${JSON.stringify(cart)}`);
    },
  },
);

import type { Page } from "@playwright/test";
import {
  emptyCart,
  expect,
  gql,
  journeys,
  running,
  signInAsBuyer,
  signInThroughApi,
  type E2EContext,
} from "./harness";

/**
 * What partners still trip over (issue 30): a decimal quantity is refused as typed, never made
 * into another number; a search that finds nothing says so with its term; a marketing user's
 * cart says what it is for and offers to save it as a list.
 */

/** Switches the signed-in browser to German (stored language and cookie). */
async function german({ page, context, baseUrl }: E2EContext) {
  await page.goto(`${baseUrl}/shop`);
  await page.evaluate(() => localStorage.setItem("locale", "de"));
  await context.addCookies([{ name: "locale", value: "de", url: baseUrl }]);
}

/** The lines of the person's cart as the server holds them. */
async function cartLines(ctx: E2EContext) {
  const { activeCart } = await gql<{
    activeCart: { items: { variantCode: string; quantity: number }[] } | null;
  }>(ctx, "{ activeCart { items { variantCode quantity } } }");
  return activeCart?.items ?? [];
}

/** Types a value key by key, as a person does (a number field swallowed the separator). */
async function type(page: Page, field: ReturnType<Page["getByLabel"]>, value: string) {
  await field.fill("");
  await field.pressSequentially(value);
}

export const tests = journeys(
  {
    name: "a decimal or negative quantity is refused as typed on the product page and in the checkout (German, 390 px)",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAsBuyer(ctx);
      await emptyCart(ctx);
      await german(ctx);
      await page.goto(`${baseUrl}/shop/products/GLOW-MINI`);
      await running(page);
      const field = page.getByLabel("Menge", { exact: true });
      expect(
        (await field.getAttribute("inputmode")) === "numeric",
        "phones open the digits keypad",
      );
      const add = page.getByRole("button", { name: "In den Warenkorb" });
      for (const typed of ["1,5", "1.5"]) {
        await type(page, field, typed);
        expect((await field.inputValue()) === typed, `"${typed}" stays as typed`);
        await page.getByText(`Nur ganze Stück: „${typed}“ ist keine Menge.`).waitFor();
        expect(await add.isDisabled(), `nothing can be added with "${typed}"`);
      }
      // A minus is typed too, and refused: a swallowed '-' once made "-2" into 2.
      await type(page, field, "-2");
      expect((await field.inputValue()) === "-2", `"-2" stays as typed`);
      expect((await field.getAttribute("aria-invalid")) === "true", `"-2" is marked invalid`);
      expect(await add.isDisabled(), `nothing can be added with "-2"`);
      await screenshot("partner-trips-decimal-product-de-390");
      expect((await cartLines(ctx)).length === 0, "nothing was sent to the cart");
      // A whole number is added as typed.
      await type(page, field, "12");
      await add.click();
      await page.getByRole("alert").first().waitFor();
      await page.getByTestId("mini-cart-count").filter({ hasText: "12" }).waitFor();
      const lines = await cartLines(ctx);
      expect(
        lines.length === 1 && lines[0]!.quantity === 12,
        `12 in the cart: ${JSON.stringify(lines)}`,
      );

      // The checkout's quantity field refuses the same way, and the line keeps its 12.
      await page.goto(`${baseUrl}/checkout`);
      await running(page);
      const line = page.getByTestId("checkout-line").first();
      const quantity = line.getByRole("textbox");
      await quantity.waitFor();
      await type(page, quantity, "1,5");
      expect((await quantity.inputValue()) === "1,5", "the checkout keeps 1,5 as typed");
      await line.getByText("Nur ganze Stück: „1,5“ ist keine Menge.").waitFor();
      expect(
        await line.getByRole("button", { name: "Aktualisieren" }).isDisabled(),
        "the change cannot be confirmed",
      );
      await screenshot("partner-trips-decimal-checkout-de-390");
      expect((await cartLines(ctx))[0]?.quantity === 12, "the line still holds 12");
    },
  },
  {
    name: "a search that finds nothing says so with its term, not that a category is empty",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/products?search=${encodeURIComponent("zahnbürste xyz")}`);
      await page.getByText("No products match “zahnbürste xyz”.", { exact: false }).waitFor();
      expect(
        (await page.getByText("no available products in this category").count()) === 0,
        "no category message on a search",
      );
      await screenshot("partner-trips-search-empty");
    },
  },
  {
    name: "a marketing user on a touch phone taps the bag and gets the cart's contents with 'Save as list' (390 px)",
    async run(ctx) {
      const context = await ctx.browser.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      try {
        const page = await context.newPage();
        const phone = { ...ctx, context, page };
        await signInThroughApi(phone, "marketing@demo-spa.example");
        await emptyCart(phone);
        await page.goto(`${ctx.baseUrl}/shop/products/GLOW-MINI`);
        await running(page);
        await page.getByLabel("Quantity", { exact: true }).fill("2");
        await page.getByRole("button", { name: "Add to cart" }).tap();
        await page.getByTestId("mini-cart-count").filter({ hasText: "2" }).waitFor();
        const before = page.url();
        await page.getByTestId("mini-cart").tap();
        const dropdown = page.getByTestId("mini-cart-dropdown");
        await dropdown.getByRole("button", { name: "Save as list" }).waitFor();
        expect(page.url() === before, `the tap stays on the page (${page.url()})`);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "a marketing user is told the cart composes a list, and saves it as one from the mini-cart (390 px)",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await page.setViewportSize({ width: 390, height: 844 });
      await signInThroughApi(ctx, "marketing@demo-spa.example");
      await emptyCart(ctx);
      await page.goto(`${baseUrl}/shop/products/GLOW-MINI`);
      await running(page);
      await page.getByTestId("composing-note").getByText("Your role has no checkout").waitFor();
      await page.getByLabel("Quantity", { exact: true }).fill("3");
      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.getByTestId("mini-cart-count").filter({ hasText: "3" }).waitFor();
      // On a phone the toast rises from the bottom, so the header's cart stays reachable while
      // it shows, and its close button is named.
      const toast = page.getByRole("alert").filter({ hasText: "added to your cart" });
      await toast.waitFor();
      await toast.getByRole("button", { name: "Close" }).waitFor();
      const toastBox = await toast.boundingBox();
      const cartBox = await page.getByTestId("mini-cart").boundingBox();
      expect(
        toastBox !== null && cartBox !== null && toastBox.y > cartBox.y + cartBox.height,
        `the toast (y ${toastBox?.y}) is below the header's cart (y ${cartBox?.y})`,
      );
      await page.getByTestId("mini-cart").hover();
      const dropdown = page.getByTestId("mini-cart-dropdown");
      await dropdown.getByTestId("mini-cart-composing").waitFor();
      expect(
        (await dropdown.getByRole("link", { name: "Review and checkout" }).count()) === 0,
        "no checkout offered",
      );
      await screenshot("partner-trips-marketing-mini-cart-390");
      await dropdown.getByRole("button", { name: "Save as list" }).click();
      const dialog = page.getByRole("dialog");
      const name = `Marketing picks ${Date.now()}`;
      await dialog.getByLabel("List name").fill(name);
      await dialog.getByRole("button", { name: "Save list" }).click();
      await page.getByText("Shopping list successfully saved").waitFor();
      const { shoppingLists } = await gql<{ shoppingLists: { items: { name: string }[] } }>(
        ctx,
        "{ shoppingLists { items { name } } }",
      );
      expect(
        shoppingLists.items.some((l) => l.name === name),
        `the list is saved: ${JSON.stringify(shoppingLists)}`,
      );
    },
  },
  {
    name: "reorder: a line short of stock is previewed as part in stock, then added as far as the stock goes and named, never dropped",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await emptyCart(ctx);
      // A past order of the demo with more Aura LED masks than the stock holds (48 of 18).
      const { orders } = await gql<{
        orders: { items: { number: string; items: { variantCode: string; quantity: number }[] }[] };
      }>(
        ctx,
        "{ orders(page: 1, perPage: 100) { items { number items { variantCode quantity } } } }",
      );
      const { stockCheck } = await gql<{
        stockCheck: { variantCode: string; available: number }[];
      }>(
        ctx,
        "query($items: [CartLineInput!]!) { stockCheck(items: $items) { variantCode available } }",
        { items: [{ variantCode: "AURA-LED-MASK-WHITE", quantity: 300 }] },
      );
      const stock = stockCheck[0]!.available;
      const order = orders.items.find((o) =>
        o.items.some((i) => i.variantCode === "AURA-LED-MASK-WHITE" && i.quantity > stock),
      );
      expect(order && stock > 0, `an order wants more masks than the ${stock} in stock`);
      const wanted = order.items.find((i) => i.variantCode === "AURA-LED-MASK-WHITE")!.quantity;
      await page.goto(`${baseUrl}/shop/account/order-history`);
      const card = page.getByTestId("order-card").filter({ hasText: order.number });
      await card.getByRole("button", { name: "Reorder", exact: true }).click();
      const dialog = page.getByTestId("reorder-dialog");
      const mask = dialog.getByTestId("reorder-line").filter({ hasText: "Aura LED" });
      // The preview checks the stock for the quantity wanted, not just "in stock".
      await mask.getByText(`${stock} of ${wanted} in stock`).waitFor();
      await screenshot("partner-trips-reorder-preview");
      await page.getByRole("button", { name: "Empty cart and reorder" }).click();
      await page.waitForURL(`${baseUrl}/checkout`, { timeout: 30_000 });
      await page
        .getByTestId("reorder-shortened")
        .filter({ hasText: `${stock} of ${wanted} added` })
        .waitFor();
      await screenshot("partner-trips-reorder-checkout");
      const lines = await cartLines(ctx);
      const line = lines.find((l) => l.variantCode === "AURA-LED-MASK-WHITE");
      expect(
        line?.quantity === stock,
        `the cart holds the ${stock} in stock: ${JSON.stringify(lines)}`,
      );
    },
  },
);

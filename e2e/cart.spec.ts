import { emptyCart, expect, gql, journeys, signInAsBuyer, type E2EContext } from "./harness";

/** The buyer signed in, on an empty cart, adds 2 Glow Pro from its product page. */
async function addTwoToAnEmptyCart(ctx: E2EContext) {
  await signInAsBuyer(ctx);
  await emptyCart(ctx);
  await ctx.page.goto(`${ctx.baseUrl}/shop/products/GLOW-PRO`);
  await ctx.page.getByLabel("Quantity").fill("2");
  await ctx.page.getByRole("button", { name: "Add to cart" }).click();
}

export const tests = journeys(
  {
    name: "the mini-cart shows the cart on hover and 'save for later' turns it into a list",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await addTwoToAnEmptyCart(ctx);
      await page.getByText("The item has been successfully added to your cart!").first().waitFor();
      const count = page.getByTestId("mini-cart-count");
      await count.waitFor();
      expect(Number(await count.textContent()) >= 2, "the badge counts the items");
      await page.getByTestId("mini-cart").hover();
      const dropdown = page.getByTestId("mini-cart-dropdown");
      await dropdown.getByText("Glow Pro Sonic Cleansing Device").waitFor();
      await screenshot("mini-cart");
      await dropdown.getByRole("button", { name: "Save for later" }).click();
      const dialog = page.getByRole("dialog", { name: "Save shopping list" });
      const name = dialog.getByLabel("List name");
      const today = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date());
      expect(
        (await name.inputValue()) === `Shopping list of ${today}`,
        `the name is prefilled: ${await name.inputValue()}`,
      );
      await name.fill("Autumn restock");
      await dialog.getByRole("button", { name: "Save list" }).click();
      await page.getByText("Shopping list successfully saved").waitFor();
      await page.waitForURL(`${baseUrl}/shop`);
      await count.waitFor({ state: "detached" });
      await page.goto(`${baseUrl}/shop/account/saved-lists`);
      await page.getByText("Autumn restock").first().waitFor();
    },
  },
  {
    name: "a cart deleted in another tab: the next change goes to a new cart, without an error",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await addTwoToAnEmptyCart(ctx);
      const added = page.getByText("The item has been successfully added to your cart!");
      await added.first().waitFor();
      const count = page.getByTestId("mini-cart-count");
      await count.filter({ hasText: "2" }).waitFor();
      // Another tab empties the cart: this page still shows the old one.
      const before = await gql<{ activeCart: { token: string } }>(ctx, "{ activeCart { token } }");
      await emptyCart(ctx);
      await added.first().waitFor({ state: "detached" });
      await page.getByLabel("Quantity").fill("3");
      await page.getByRole("button", { name: "Add to cart" }).click();
      await added.first().waitFor();
      // The badge counts the new cart's 3, not 2 + 3; no error toast showed.
      await count.filter({ hasText: /^3$/ }).waitFor();
      expect(
        (await page
          .getByRole("alert")
          .filter({ hasText: /not found|error/i })
          .count()) === 0,
        "no error toast",
      );
      const after = await gql<{ activeCart: { token: string; items: { quantity: number }[] } }>(
        ctx,
        "{ activeCart { token items { quantity } } }",
      );
      expect(after.activeCart.token !== before.activeCart.token, "a new cart was started");
      expect(
        JSON.stringify(after.activeCart.items.map((i) => i.quantity)) === "[3]",
        `the new cart holds the 3 added: ${JSON.stringify(after.activeCart.items)}`,
      );
      await screenshot("cart-deleted-elsewhere");
    },
  },
);

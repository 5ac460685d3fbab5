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
 * Quick order by pasting codes (issue 21, part 3): lines copied from a spreadsheet or an ERP,
 * read by the server, bad rows marked and fixed in place like an upload's, then added in one go.
 */

/** The signed-in user's cart lines as the gateway answers them: code -> quantity. */
async function cartQuantities(ctx: E2EContext): Promise<Record<string, number>> {
  const { activeCart } = await gql<{
    activeCart: { items: { variantCode: string; quantity: number }[] } | null;
  }>(ctx, "{ activeCart { items { variantCode quantity } } }");
  return Object.fromEntries((activeCart?.items ?? []).map((i) => [i.variantCode, i.quantity]));
}

async function openQuickOrder(ctx: E2EContext) {
  const { page, baseUrl } = ctx;
  await signInAsBuyer(ctx);
  await emptyCart(ctx);
  // A full load: the app's cart actor would otherwise still hold the cart just deleted.
  await page.goto(`${baseUrl}/shop/quick-order`);
  await running(page);
  await page.getByRole("heading", { name: "Quick order", level: 1 }).waitFor();
}

export const tests = journeys(
  {
    name: "quick order: a pasted list with two bad rows is fixed in place and added to the cart",
    async run(ctx) {
      const { page, screenshot } = ctx;
      await openQuickOrder(ctx);
      const paste = page.getByTestId("quick-order-paste");
      // Every separator: comma, semicolon, tab, spaces; an unknown code and a bad quantity.
      await paste.fill(
        ["GLOW-MINI-ROSE, 2", "NO-SUCH-DEVICE;4", "GLOW-PRO-BLUSH\t1", "GLOW-MINI-MINT   ten"].join(
          "\n",
        ),
      );
      await page.getByRole("button", { name: "Read pasted lines" }).click();
      const problems = page.getByTestId("quick-order-problems");
      await problems.waitFor();
      await page.getByRole("combobox", { name: "Product, line 4", exact: true }).waitFor();
      expect((await paste.inputValue()) === "", "the read lines leave the paste box");
      const messages = await page.getByTestId("quick-order-row-problem").allTextContents();
      expect(
        messages.length === 2 &&
          messages[0]!.includes("Line 2") &&
          messages[0]!.includes("NO-SUCH-DEVICE") &&
          messages[1]!.includes("Line 4") &&
          messages[1]!.includes("between 1 and 300"),
        `each bad row names its line and reason: ${messages.join(" | ")}`,
      );
      const add = page.getByRole("button", { name: "Add to cart" });
      expect(await add.isDisabled(), "add to cart waits for the bad rows");
      await screenshot("quick-order-paste-problems");

      // Fixed in place: a product for line 2, a quantity for line 4.
      const product = page.getByRole("combobox", { name: "Product, line 2", exact: true });
      await product.click();
      await product.fill("GLOW-PRO-GRAPH");
      await page.getByRole("option", { name: /GLOW-PRO-GRAPHITE/ }).click();
      const quantity = page.getByLabel("Quantity, line 4", { exact: true });
      await quantity.fill("3");
      await quantity.blur();
      await page.getByTestId("quick-order-row-problem").first().waitFor({ state: "detached" });
      expect(await add.isEnabled(), "add to cart once every row is fixed");
      await add.click();
      await page.getByText("Added to your cart", { exact: true }).waitFor();
      const cart = await cartQuantities(ctx);
      expect(
        cart["GLOW-MINI-ROSE"] === 2 &&
          cart["GLOW-PRO-GRAPHITE"] === 4 &&
          cart["GLOW-PRO-BLUSH"] === 1 &&
          cart["GLOW-MINI-MINT"] === 3 &&
          !("NO-SUCH-DEVICE" in cart),
        `the cart got the pasted rows as fixed: ${JSON.stringify(cart)}`,
      );
    },
  },
  {
    name: "quick order: more than 1,000 pasted lines are refused with the server's message, the text kept",
    async run(ctx) {
      const { page } = ctx;
      await openQuickOrder(ctx);
      const paste = page.getByTestId("quick-order-paste");
      // 1,001 lines in one input event: slow on a loaded machine, not a fault.
      await paste.fill(Array(1001).fill("GLOW-MINI-ROSE;1").join("\n"), { timeout: 30_000 });
      await page.getByRole("button", { name: "Read pasted lines" }).click();
      await page
        .getByRole("alert")
        .getByText("At most 1000 lines can be pasted at once; this text has 1001.")
        .waitFor();
      expect((await paste.inputValue()).split("\n").length === 1001, "the text stays to be cut");
      expect(
        (await page.getByTestId("quick-order-row").count()) === 1,
        "the table keeps its one empty line",
      );
    },
  },
);

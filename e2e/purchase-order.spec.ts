import type { Page } from "@playwright/test";
import { pdfText } from "../tests/fixtures/files/pdf-text";
import { emptyCart, expect, journeys, running, signInAsBuyer, type E2EContext } from "./harness";

/**
 * Purchase-order numbers (issue 21, part 2): given at checkout, found by searching the order
 * history (the server searches), printed on the invoice PDF; required by an ADMIN's setting.
 */

const PRODUCT = "GLOW-MINI-STARTER-SET";

async function signInAs({ page, baseUrl }: E2EContext, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("partner-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/shop`);
}

/** A new cart above the minimum (9 × the Glow mini starter set), on the checkout's step 1. */
async function toCheckoutDetails(ctx: E2EContext) {
  const { page, baseUrl } = ctx;
  await emptyCart(ctx);
  await page.goto(`${baseUrl}/shop/products/${PRODUCT}`);
  await page.getByLabel("Quantity").fill("9");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByText("The item has been successfully added to your cart!").first().waitFor();
  await page.goto(`${baseUrl}/checkout`);
  await running(page);
  await page.getByRole("button", { name: "Checkout", exact: true }).click();
  await page.getByRole("combobox", { name: "Shipping address" }).waitFor();
  await page.getByRole("radio", { name: /Invoice/ }).check();
}

const completeEnabled = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("button")].some(
      (b) => b.textContent?.includes("Complete order") && !b.disabled,
    ),
  );

export const tests = journeys(
  {
    name: "purchase order: an order placed with a PO number is found by searching the history and carries it on the invoice PDF",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      const po = `PO-E2E-${Date.now().toString(36).toUpperCase()}`;
      await signInAsBuyer(ctx);
      // The server takes its time to set the payment method (held 1.5 s here): the partner
      // types the PO number meanwhile, and nothing typed may be lost.
      let held = 0;
      await page.route("**/graphql", async (route) => {
        if (route.request().postData()?.includes("setPaymentMethod(")) {
          held++;
          await new Promise((resolve) => setTimeout(resolve, 1500));
        }
        await route.continue();
      });
      await toCheckoutDetails(ctx);
      const field = page.getByTestId("po-number");
      // A pasted reference longer than the invoice's 35 characters is kept as pasted and
      // said to be too long; the order waits until it fits (issue 30: it was cut silently).
      const long = `${po}-ZENTRALEINKAUF-HAMBURG-NORD`;
      await field.fill(long);
      expect((await field.inputValue()) === long, `nothing is cut: ${await field.inputValue()}`);
      await page.getByText(`${long.length} characters: at most 35 fit on the invoice.`).waitFor();
      await page
        .getByTestId("complete-blocked")
        .getByText("Shorten the PO number above to at most 35 characters.")
        .waitFor();
      await field.fill(`  ${po}  `);
      expect(held > 0, "choosing Invoice sets the payment method on the server");
      await page.waitForFunction(() =>
        [...document.querySelectorAll("button")].some(
          (b) => b.textContent?.includes("Complete order") && !b.disabled,
        ),
      );
      expect(
        (await field.inputValue()) === `  ${po}  `,
        `the PO number typed while the payment method was saved stays: "${await field.inputValue()}"`,
      );
      await page.unroute("**/graphql");
      await screenshot("purchase-order-checkout");
      await page.getByRole("button", { name: "Complete order" }).click();
      await page.getByTestId("checkout-completed").waitFor();
      // The thank-you screen shows the PO number the order was placed with, trimmed.
      await page.getByTestId("confirmation-po-number").getByText(po, { exact: true }).waitFor();
      const number = ((await page.getByTestId("order-number").textContent()) ?? "").replace(
        /\D/g,
        "",
      );

      await page.goto(`${baseUrl}/shop/account/order-history`);
      const cards = page.getByTestId("order-card");
      await cards.first().waitFor();
      expect((await cards.count()) > 1, "the history lists several orders before the search");
      // Any part of it, any case: the server searches.
      await page.getByTestId("orders-search").fill(po.slice(3).toLowerCase());
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="order-card"]').length === 1,
      );
      const card = cards.first();
      expect(
        (await card.textContent())?.includes(number) === true,
        "the search finds the order just placed",
      );
      expect(
        (await card.getByTestId("order-po-number").textContent())?.includes(po) === true,
        "the card shows the PO number, trimmed",
      );
      await screenshot("purchase-order-history-search");
      await card.getByRole("button", { name: "Details" }).click();
      const dialog = page.getByRole("dialog");
      expect(
        (await dialog.getByTestId("order-detail-po-number").textContent())?.includes(po) === true,
        "the detail shows the PO number",
      );
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        card.getByRole("link", { name: "Invoice" }).click(),
      ]);
      const { readFile } = await import("node:fs/promises");
      const text = (await pdfText(await readFile(await download.path()))).pages.flat().join("\n");
      expect(text.includes(po), `the invoice PDF carries the PO number: ${text.slice(0, 400)}`);
      expect(text.includes("Your reference / PO:"), "under its label");

      await page.getByTestId("orders-search").fill("NO-SUCH-PO-ANYWHERE");
      await page.getByTestId("orders-empty").waitFor();
    },
  },
  {
    name: "purchase order: an ADMIN makes the PO number required; the buyer cannot complete without one",
    async run(ctx) {
      const { page, baseUrl, browser } = ctx;
      await signInAs(ctx, "admin@demo-spa.example");
      await page.goto(`${baseUrl}/shop/account/account-details`);
      const setting = page.getByTestId("po-number-setting").getByRole("switch");
      await setting.waitFor();
      expect(!(await setting.isChecked()), "not required at first");
      await setting.click();
      await page.getByText("The purchase-order setting is saved.").waitFor();
      expect(await setting.isChecked(), "now required");

      const buyerContext = await browser.newContext();
      const buyerPage = await buyerContext.newPage();
      const buyer: E2EContext = { ...ctx, context: buyerContext, page: buyerPage };
      try {
        await signInAsBuyer(buyer);
        await toCheckoutDetails(buyer);
        const field = buyerPage.getByTestId("po-number");
        expect(await field.evaluate((e) => (e as HTMLInputElement).required), "marked required");
        await buyerPage.getByText("Required by your company").waitFor();
        expect(!(await completeEnabled(buyerPage)), "Complete order waits for the PO number");
        // The disabled button says why, next to it.
        await buyerPage
          .getByTestId("complete-blocked")
          .getByText("your company requires one for every order")
          .waitFor();
        await field.fill("REQ-E2E-1");
        await buyerPage.waitForFunction(() =>
          [...document.querySelectorAll("button")].some(
            (b) => b.textContent?.includes("Complete order") && !b.disabled,
          ),
        );
        expect(
          (await buyerPage.getByTestId("complete-blocked").count()) === 0,
          "no reason once the button works",
        );
        await emptyCart(buyer);
      } finally {
        await buyerContext.close();
        await setting.click();
        await page.locator('[data-testid="po-number-setting"] input:not(:checked)').waitFor();
      }
    },
  },
);

import { expect, journeys, signInGerman } from "./harness";

/**
 * Numbers and names partners can trust in the account area (issue 30), in German where a
 * partner saw them go wrong: what a spending-limit field holds, which order 'Pay now' pays,
 * what the VAT number is called, and one name for the order history.
 */

export const tests = journeys(
  {
    name: "spending limits in German at 390 px: the field writes 1.000,00 as the team page does, 2000 typed reads 2.000,00",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInGerman(ctx, "admin@demo-spa.example");
      await page.goto(`${baseUrl}/shop/account/team`);
      const junior = page.locator(
        '[data-testid="team-row"][data-email="junior.buyer@demo-spa.example"]',
      );
      await junior.getByText("Pro Bestellung: 1.000,00 €").waitFor();
      await junior.getByRole("button", { name: /Ausgabenlimits von/ }).click();
      const field = page.getByRole("dialog").getByLabel(/Limit pro Bestellung/);
      await field.waitFor();
      const shown = await field.inputValue();
      expect(shown === "1.000,00", `the field shows 1.000,00 like the text, not '${shown}'`);
      await field.fill("2000");
      await field.blur();
      const typed = await field.inputValue();
      expect(typed === "2.000,00", `2000 typed reads 2.000,00, not '${typed}'`);
      await screenshot("limits-de-390-field");
      await page.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();
    },
  },
  {
    name: "'Pay now' in German at 390 px names the order it pays and its open amount",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInGerman(ctx, "buyer@demo-spa.example");
      await page.goto(`${baseUrl}/shop/account/payments`);
      const row = page.getByTestId("payment-row").filter({ hasText: "000100010" });
      await row.waitFor();
      const open = (await row.getByTestId("payment-balance").innerText()).trim();
      expect(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/.test(open), `a positive open amount: ${open}`);
      await row.getByRole("button", { name: /^Jetzt bezahlen/ }).click();
      const dialog = page.getByRole("dialog", { name: "Zahlung der Bestellung 000100010" });
      await dialog.waitFor();
      const amount = (await dialog.getByTestId("payment-amount").innerText()).trim();
      expect(amount === open, `the dialog pays the row's open amount: ${amount} / ${open}`);
      await screenshot("pay-now-de-390-dialog");
      await page.keyboard.press("Escape");
    },
  },
  {
    name: "company details in German at 390 px: the VAT number is labelled 'USt-IdNr.', as registration asks for it",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInGerman(ctx, "admin@demo-spa.example");
      await page.goto(`${baseUrl}/shop/account/account-details`);
      const main = page.getByRole("main");
      await main.getByText("USt-IdNr.", { exact: true }).waitFor();
      expect((await main.getByText("Steuernummer").count()) === 0, "no 'Steuernummer' label");
      await screenshot("company-de-390");
    },
  },
  {
    name: "the order history has one German name: menu, page title and heading say 'Bestellhistorie'",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInGerman(ctx, "buyer@demo-spa.example", 1440);
      await page.goto(`${baseUrl}/shop/account/order-history`);
      await page.getByRole("heading", { name: "Bestellhistorie", level: 2 }).waitFor();
      await page.getByRole("link", { name: "Bestellhistorie" }).first().waitFor();
      await page.waitForFunction(() => document.title.startsWith("Bestellhistorie"));
      const body = await page.locator("body").innerText();
      expect(!body.includes("Bestellübersicht"), "no second name on the page");
    },
  },
);

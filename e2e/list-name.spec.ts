import { expect, journeys, running } from "./harness";

/**
 * Issue 30 (decisions 057 and 063): the default name of a saved list reads naturally in the
 * reader's language, dated as that language writes dates, the same in the save dialog as on
 * the server.
 */

/** Today's date in Berlin as German writes it: DD.MM.YYYY. */
const berlinToday = () =>
  new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

journeys({
  name: "a German browser at 390 px: 'save for later' opens on 'Einkaufsliste vom TT.MM.JJJJ'",
  async run({ browser, baseUrl }) {
    // A German browser, no language chosen: the browser's language serves (decision 053).
    const context = await browser.newContext({
      locale: "de-DE",
      timezoneId: "Europe/Berlin",
      viewport: { width: 390, height: 844 },
    });
    try {
      const signIn = await context.request.post(`${baseUrl}/api/v2/shop/customers/token`, {
        headers: { "content-type": "application/json" },
        data: { email: "buyer@demo-spa.example", password: "partner-demo" },
      });
      expect(signIn.ok(), `sign-in failed: ${signIn.status()}`);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/shop/products/GLOW-PRO`);
      await running(page);
      await page.getByRole("button", { name: "Einverstanden" }).click();
      await page.getByLabel("Menge").fill("2");
      await page.getByRole("button", { name: "In den Warenkorb" }).click();
      await page.getByTestId("mini-cart-count").waitFor();
      await page.getByTestId("mini-cart").hover();
      await page
        .getByTestId("mini-cart-dropdown")
        .getByRole("button", { name: "Für später speichern" })
        .click();
      const dialog = page.getByRole("dialog", { name: "Einkaufsliste speichern" });
      const field = dialog.getByLabel("Name der Liste");
      await field.waitFor();
      const name = await field.inputValue();
      expect(
        name === `Einkaufsliste vom ${berlinToday()}`,
        `the name field shows 'Einkaufsliste vom ${berlinToday()}', not '${name}'`,
      );
      await page.screenshot({ path: "var/screenshots/list-name-de-390.png" });

      // Saved as shown: the saved lists show the same German name.
      await dialog.getByRole("button", { name: "Liste speichern" }).click();
      await page.waitForURL(`${baseUrl}/shop`);
      await page.goto(`${baseUrl}/shop/account/saved-lists`);
      await running(page);
      await page.getByTestId("saved-list-name").filter({ hasText: name }).first().waitFor();
    } finally {
      await context.close();
    }
  },
});

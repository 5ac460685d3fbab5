import { expect, journeys, signInAsBuyer } from "./harness";

export const tests = journeys(
  {
    name: "switching to German and back changes the labels",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();

      // A native <select>: its options are the browser's, chosen by their visible label.
      const menu = page.getByRole("combobox", { name: "Language" });
      await menu.waitFor(); // the menu is a chunk of its own, shown after the page
      const labels = (await menu.locator("option").allTextContents()).join();
      expect(
        labels === "English,Français,Deutsch,Italiano,Español",
        `the five languages with their labels, got ${labels}`,
      );
      await menu.selectOption({ label: "Deutsch" });
      await page.getByRole("heading", { name: "Anmelden" }).waitFor();
      expect((await page.evaluate(() => localStorage.getItem("locale"))) === "de", "locale stored");
      const cookies = await page.context().cookies();
      expect(
        cookies.some((c) => c.name === "locale" && c.value === "de"),
        "locale cookie set",
      );

      await page.getByRole("combobox", { name: "Sprache" }).selectOption({ label: "English" });
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
    },
  },
  {
    name: "in German the catalogue's categories, products and their texts are German",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await page.evaluate(() => localStorage.setItem("locale", "de"));
      await page.goto(`${baseUrl}/shop/category/skincare`);
      await page.getByRole("heading", { name: "Hautpflege", level: 1 }).waitFor();
      const card = page.getByTestId("product-card").filter({ hasText: "Firm Lift Peptid-Serum" });
      await card.waitFor();
      await page.waitForLoadState("networkidle");
      await screenshot("category-de");
      await card.click();
      await page.waitForURL(`${baseUrl}/shop/products/FIRM-LIFT-SERUM`);
      await page.getByRole("heading", { name: "Firm Lift Peptid-Serum", level: 1 }).waitFor();
      await page.getByText("Ein leichtes Serum mit Peptidkomplex").first().waitFor();
      expect(
        (await page.getByText("A lightweight serum with a peptide complex").count()) === 0,
        "the English description is not shown",
      );
    },
  },
);

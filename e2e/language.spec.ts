import { expect, journeys } from "./harness";

export const tests = journeys({
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
});

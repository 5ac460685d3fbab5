import { expect, journeys } from "./harness";

export const tests = journeys({
  name: "switching to German and back changes the labels",
  async run({ page, baseUrl }) {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();

    await page.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Deutsch" }).click();
    await page.getByRole("heading", { name: "Anmelden" }).waitFor();
    expect((await page.evaluate(() => localStorage.getItem("locale"))) === "de", "locale stored");
    const cookies = await page.context().cookies();
    expect(
      cookies.some((c) => c.name === "locale" && c.value === "de"),
      "locale cookie set",
    );

    await page.getByRole("combobox", { name: "Sprache" }).click();
    await page.getByRole("option", { name: "English" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
  },
});

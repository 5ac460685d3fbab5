import { expect, journeys } from "./harness";

export const tests = journeys(
  {
    name: "a wrong password shows the server's message, the right one opens the shop",
    async run({ page, baseUrl, screenshot }) {
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await page.getByRole("button", { name: "Agree" }).click();
      await screenshot("login");

      await page.getByLabel("Email").fill("buyer@demo-spa.example");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByLabel("Password", { exact: true }).press("Enter");
      const alert = page.getByRole("alert");
      await alert.waitFor();
      expect(
        (await alert.textContent())?.includes("Invalid credentials."),
        "snackbar shows 'Invalid credentials.'",
      );
      await alert.getByRole("button", { name: "Close" }).click();
      await alert.waitFor({ state: "detached" });

      await page.getByLabel("Password", { exact: true }).fill("partner-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${baseUrl}/shop`);
      await page.getByRole("heading", { name: "Bestsellers" }).waitFor();
      const cards = page.getByTestId("product-card");
      await cards.first().waitFor();
      const count = await cards.count();
      expect(count > 0 && count <= 8, `between 1 and 8 bestsellers, got ${count}`);
      const text = (await cards.first().textContent()) ?? "";
      expect(/[€$£]/.test(text), `the card shows a price with its sign: ${text}`);
      const stored = await page.evaluate(() => localStorage.getItem("token"));
      expect(stored && JSON.parse(stored).expiry > Date.now(), "token stored with an expiry");
      // Let images settle so the screenshot shows the brand look.
      await page.waitForLoadState("networkidle");
      await screenshot("shop");
    },
  },
  {
    name: "visiting /login clears a stored session",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/`);
      // Once the page runs (the cookie bar shows): a session stored while it hydrates would
      // not match the server's page.
      await page.getByRole("button", { name: "Agree" }).waitFor();
      await page.evaluate(() =>
        localStorage.setItem("token", JSON.stringify({ value: "x", expiry: Date.now() + 1e6 })),
      );
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      // The heading is in the server's HTML: wait for the page to run (the cookie bar shows).
      await page.getByRole("button", { name: "Agree" }).waitFor();
      const stored = await page.evaluate(() => localStorage.getItem("token"));
      expect(stored === null, "token removed on the sign-in page");
    },
  },
);

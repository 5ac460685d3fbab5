import { expect, journeys, signInAsBuyer } from "./harness";

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
      const stored = await page.evaluate(() => localStorage.getItem("customer"));
      expect(stored && JSON.parse(stored).expiry > Date.now(), "customer stored with an expiry");
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
        localStorage.setItem("customer", JSON.stringify({ value: "2", expiry: Date.now() + 1e6 })),
      );
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      // The heading is in the server's HTML: wait for the page to run (the cookie bar shows).
      await page.getByRole("button", { name: "Agree" }).waitFor();
      const stored = await page.evaluate(() => localStorage.getItem("customer"));
      expect(stored === null, "session removed on the sign-in page");
    },
  },
  {
    name: "after sign-in no page script can read the token: it is only in an HttpOnly cookie",
    async run(ctx) {
      const { page, context, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await page.getByRole("heading", { name: "Bestsellers" }).waitFor();
      const cookie = (await context.cookies(baseUrl)).find((c) => c.name === "token");
      expect(cookie !== undefined, "the server set the session cookie");
      expect(cookie.httpOnly, "the session cookie is HttpOnly");
      expect(cookie.sameSite === "Lax", `SameSite=Lax, got ${cookie.sameSite}`);
      const token = cookie.value;
      // What a script of the page (an injected one, say) can reach.
      const seen = await page.evaluate(() => ({
        cookie: document.cookie,
        local: Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`),
        session: Object.keys(sessionStorage).map((k) => `${k}=${sessionStorage.getItem(k)}`),
      }));
      const all = [seen.cookie, ...seen.local, ...seen.session].join("\n");
      expect(!all.includes(token), `no script-readable storage holds the token: ${all}`);
      expect(!/(^|;\s*)token=/.test(seen.cookie), `no token cookie visible: ${seen.cookie}`);
      expect(!/eyJ[\w-]+\.eyJ/.test(all), `no JWT at all in script-readable storage: ${all}`);
      // And the session works with the cookie alone: the account page loads the person.
      await page.goto(`${baseUrl}/shop/account`);
      await page.getByRole("button", { name: "Log out" }).waitFor();
    },
  },
);

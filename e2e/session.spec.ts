import { expect, journeys, running, signInAsBuyer, type E2EContext } from "./harness";

/** Moves the stored session's expiry into the past, as time passing would, then runs `then`. */
async function expireStoredSession({ page }: E2EContext, then: () => void = () => {}) {
  await page.evaluate((then) => {
    for (const key of ["customer"]) {
      const stored = JSON.parse(localStorage.getItem(key) ?? "null") as { value: string } | null;
      if (stored)
        localStorage.setItem(key, JSON.stringify({ value: stored.value, expiry: Date.now() - 1 }));
    }
    new Function(`(${then})()`)();
  }, then.toString());
}

export const tests = journeys(
  {
    name: "a first-time visitor on /shop is sent to sign in without 'Session expired'",
    async run({ page, baseUrl }) {
      let told = false;
      await page.goto(`${baseUrl}/shop`);
      // Watch the whole way to the sign-in page: the notice must never show.
      const watch = setInterval(() => {
        void page
          .getByText("Session expired")
          .count()
          .then((n) => (told ||= n > 0))
          .catch(() => {});
      }, 50);
      await page.waitForURL(`${baseUrl}/login`, { timeout: 6000 });
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await page.waitForTimeout(800);
      clearInterval(watch);
      expect(
        !told && (await page.getByText("Session expired").count()) === 0,
        "no 'Session expired'",
      );
    },
  },
  {
    name: "a deep link to Payments, signed out, leads through sign-in to Payments",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/shop/account/payments`);
      await page.waitForURL(`${baseUrl}/login?next=%2Fshop%2Faccount%2Fpayments`);
      expect((await page.getByText("Session expired").count()) === 0, "no 'Session expired'");
      await running(page);
      await page.getByLabel("Email").fill("buyer@demo-spa.example");
      await page.getByLabel("Password", { exact: true }).fill("partner-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${baseUrl}/shop/account/payments`);
      await page.getByRole("heading", { name: "Payments" }).first().waitFor();
    },
  },
  {
    name: "a sign-in link that points at another site goes to the shop instead",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/login?next=${encodeURIComponent("//evil.example/shop")}`);
      await running(page);
      await page.getByLabel("Email").fill("buyer@demo-spa.example");
      await page.getByLabel("Password", { exact: true }).fill("partner-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${baseUrl}/shop`);
    },
  },
  {
    name: "an expired session on a product page says so, and sign-in returns to the product",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/products/GLOW-PRO`);
      await page.getByRole("button", { name: "Add to cart" }).waitFor();
      await running(page);
      await page.waitForLoadState("networkidle");
      // Time passes while the tab is closed: the next visit finds the stored session expired.
      await expireStoredSession(ctx);
      await page.reload();
      // A whole page load: the server renders the product with its data first (its cookie is
      // still valid), then the client's chunks load; on a loaded CI machine that took over 5 s.
      await page.getByText("Session expired").first().waitFor({ timeout: 15_000 });
      await page.waitForURL(`${baseUrl}/login?next=%2Fshop%2Fproducts%2FGLOW-PRO`, {
        timeout: 15_000,
      });
      await running(page);
      await page.getByLabel("Email").fill("buyer@demo-spa.example");
      await page.getByLabel("Password", { exact: true }).fill("partner-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${baseUrl}/shop/products/GLOW-PRO`);
      await page.getByRole("button", { name: "Add to cart" }).waitFor();
    },
  },
  {
    name: "an empty sign-in says which fields are missing",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/login`);
      await running(page);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("Enter your e-mail address.").waitFor({ timeout: 3000 });
      await page.getByText("Enter your password.").waitFor();
      await page.getByLabel("Email").fill("buyer@demo-spa.example");
      await page.getByText("Enter your e-mail address.").waitFor({ state: "detached" });
      expect(page.url() === `${baseUrl}/login`, "still on the sign-in page");
    },
  },
  {
    name: "a session that expires while the buyer clicks around ends in 'Session expired' and /login",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await page.getByRole("link", { name: "Treatments" }).waitFor();
      await running(page);
      // Expiry and click at once: the buyer clicks while the page still shows the session.
      await expireStoredSession(ctx, () =>
        document.querySelector<HTMLAnchorElement>('header a[href="/shop/treatments"]')!.click(),
      );
      await page.getByText("Session expired").first().waitFor({ timeout: 3000 });
      await page.waitForURL(`${baseUrl}/login?next=%2Fshop%2Ftreatments`, { timeout: 6000 });
    },
  },
  {
    name: "a session that expires on a product page ends in 'Session expired' at 'Add to cart'",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/products/GLOW-PRO`);
      const add = page.getByRole("button", { name: "Add to cart" });
      await add.waitFor();
      // The button is server-rendered: a click before hydration would reach no handler.
      await running(page);
      // The cart at rest (found, its shipment checked): the button is disabled while the cart
      // loads, and a load with the expired session would send the buyer to /login before
      // the click this journey is about.
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Add to cart", disabled: false }).waitFor();
      await expireStoredSession(ctx);
      await add.click();
      await page.getByText("Session expired").first().waitFor({ timeout: 3000 });
      await page.waitForURL(`${baseUrl}/login?next=%2Fshop%2Fproducts%2FGLOW-PRO`, {
        timeout: 6000,
      });
    },
  },
  {
    name: "/login while signed in shows the signed-out header",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await page.getByTestId("mini-cart").waitFor();
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      // The sign-in page ends the stored session; the header follows at once.
      await page.getByTestId("mini-cart").waitFor({ state: "detached", timeout: 3000 });
      // The shop chrome is a lazy chunk: its absence alone proves nothing, so wait for the
      // signed-in top bar's Help link to leave as well.
      await page
        .getByRole("link", { name: "Help", exact: true })
        .waitFor({ state: "detached", timeout: 5000 })
        .catch(() => {
          throw new Error("no 'Help' link for a signed-out visitor");
        });
      expect(
        (await page.getByRole("navigation", { name: "Main navigation" }).count()) === 0,
        "no shop navigation",
      );
      expect(
        (await page.getByText("could not be loaded").count()) === 0,
        "no cart error on the sign-in page",
      );
    },
  },
);

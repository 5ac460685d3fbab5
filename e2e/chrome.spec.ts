import { expect, journeys, signInAsBuyer } from "./harness";

export const tests = journeys(
  {
    name: "the landing page invites visitors to become partners and shows the figures",
    async run({ page, baseUrl, screenshot }) {
      await page.goto(`${baseUrl}/`);
      await page.getByRole("link", { name: "Become a partner" }).waitFor();
      await page.getByRole("link", { name: "Sign in" }).waitFor();
      await screenshot("landing");
      const stats = (await page.getByTestId("stat").allTextContents()).join(" | ");
      for (const figure of ["250+", "500", "80+", "28M", "12,000", "11"]) {
        expect(stats.includes(figure), `landing shows ${figure}: ${stats}`);
      }
      expect((await page.getByRole("link", { name: "Help" }).count()) === 0, "no help link");
    },
  },
  {
    name: "the cookie bar hides on Agree and stays hidden after a reload",
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/`);
      const bar = page.getByRole("region", { name: "Cookie notice" });
      await bar.waitFor();
      await bar.getByRole("button", { name: "Agree" }).click();
      await bar.waitFor({ state: "detached" });
      const stored = await page.evaluate(() => localStorage.getItem("cookiesAccepted"));
      const consent = JSON.parse(stored ?? "null") as { accepted: boolean; expiry: number };
      const days = (consent.expiry - Date.now()) / 86_400_000;
      expect(consent.accepted && days > 29.9 && days <= 30, `30-day consent (${days})`);
      await page.reload();
      await page.getByRole("link", { name: "Become a partner" }).waitFor();
      expect((await bar.count()) === 0, "bar stays hidden");
    },
  },
  {
    name: "signed in: navigation categories, help link, search and the landing's shop button",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await page.getByRole("link", { name: "Help" }).waitFor();
      await page.getByTestId("nav-products").hover();
      const dropdownLinks = page.locator('a[href^="/shop/category/"]');
      await dropdownLinks.first().waitFor();
      expect((await dropdownLinks.count()) > 0, "categories listed");
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: "var/screenshots/products-menu.png" });

      const search = page.getByRole("textbox", { name: "Search products" });
      await search.fill("   ");
      await search.press("Enter");
      await page.waitForTimeout(200);
      expect(page.url() === `${baseUrl}/shop`, "blank search stays put");
      await search.fill("serum");
      await search.press("Enter");
      await page.waitForURL(`${baseUrl}/shop/products?search=serum`);
      await page.getByRole("heading", { name: "Search results" }).waitFor();

      await page.goto(`${baseUrl}/`);
      await page.getByRole("link", { name: "Enter & Start Shopping" }).click();
      await page.waitForURL(`${baseUrl}/shop`);
    },
  },
  {
    name: "in German at 1440 and 1280 px the navigation items and the logo stay on one line",
    async run(ctx) {
      const { page, context, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await context.addCookies([{ name: "locale", value: "de", url: baseUrl }]);
      await page.evaluate(() => localStorage.setItem("locale", "de"));
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${baseUrl}/shop`);
        const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
        await nav.getByRole("link", { name: "Schnellbestellung" }).waitFor();
        // Each item and each line of the logo is exactly one line of text high.
        const wrapped = await page.evaluate(() => {
          const items = [
            ...document.querySelectorAll(
              'header nav a, header nav button, header a[href="/shop"] p',
            ),
          ];
          return items
            .filter((el) => {
              const style = getComputedStyle(el);
              const line =
                style.lineHeight === "normal"
                  ? parseFloat(style.fontSize) * 1.3
                  : parseFloat(style.lineHeight);
              const range = document.createRange();
              range.selectNodeContents(el);
              return range.getBoundingClientRect().height > line * 1.5;
            })
            .map((el) => el.textContent);
        });
        expect(
          wrapped.length === 0,
          `one line each at ${width} px, wrapped: ${wrapped.join(", ")}`,
        );
      }
    },
  },
);

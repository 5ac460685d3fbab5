import type { Page } from "@playwright/test";
import { expect, expectSafeExternalLink, journeys, signInAsBuyer } from "./harness";

/** The 1-based number of the banner shown, read from the carousel's slides. */
async function activeBanner(page: Page): Promise<number> {
  return page
    .getByTestId("banners")
    .getByTestId("carousel-slide")
    .evaluateAll(
      (slides) => slides.findIndex((slide) => slide.getAttribute("data-active") === "true") + 1,
    );
}

export const tests = journeys(
  {
    name: "shop home: 6 banners rotating every 4 s, bestsellers, 12 technologies, collections, awards, press",
    async run(ctx) {
      const { page, screenshot } = ctx;
      // The page's clock is faked (it runs as usual until paused), so the autoplay interval is
      // checked by moving time by hand instead of waiting real seconds on a busy machine.
      await page.clock.install();
      await signInAsBuyer(ctx);
      const banners = page.getByTestId("banners");
      await banners.waitFor();
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250);
      expect((await activeBanner(page)) === 1, "the first banner shows first");
      expect((await banners.getByTestId("carousel-slide").count()) === 6, "6 banners");
      expect(
        (await banners.getByRole("button", { name: /^Show item \d$/ }).count()) === 6,
        "one labelled dot per banner",
      );
      await banners.getByRole("button", { name: "Next" }).waitFor();
      await banners.getByRole("button", { name: "Previous" }).waitFor();

      // The pointer rests outside the carousel so autoplay runs.
      await page.mouse.move(0, 0);
      await page.locator("body").click({ position: { x: 1, y: 1 } });
      const first = await activeBanner(page);
      const advanced = async (by: number) => {
        const expected = ((first - 1 + by) % 6) + 1;
        await page.waitForFunction(
          (n) => {
            const slides = document.querySelectorAll(
              '[data-testid="banners"] [data-testid="carousel-slide"]',
            );
            return slides[n - 1]?.getAttribute("data-active") === "true";
          },
          expected,
          { timeout: 5000 },
        );
      };
      await page.clock.runFor(4000);
      await advanced(1);
      await page.clock.runFor(4000);
      await advanced(2);
      await page.clock.resume();
      expect((await activeBanner(page)) === ((first + 1) % 6) + 1, "one banner every 4 s");

      const bestsellers = page.getByTestId("bestsellers").getByTestId("product-card");
      await bestsellers.first().waitFor();
      const count = await bestsellers.count();
      expect(count > 0 && count <= 8, `1-8 bestsellers (${count})`);
      expect((await page.getByTestId("technology").count()) === 12, "12 technologies");
      const collections = page.getByTestId("featured-collection");
      await collections.first().waitFor();
      const collectionCount = await collections.count();
      expect(collectionCount > 0 && collectionCount <= 3, `1-3 collections (${collectionCount})`);
      expect((await page.getByTestId("award").count()) === 6, "6 awards");
      const press = page.getByTestId("press");
      expect(
        (await press.getByTestId("press-quote").count()) === 6,
        "the press slider has its quotes",
      );
      // 3 quotes on a wide screen.
      const shown = await press
        .getByTestId("carousel-slide")
        .evaluateAll(
          (slides) => slides.filter((s) => s.getAttribute("data-active") === "true").length,
        );
      expect(shown === 3, `3 press quotes visible on a wide screen (${shown})`);
      // The quotes are not links; the press room and the blog are, opening safely.
      const pressSection = page.locator("section", { has: press });
      expect(
        (await press.getByRole("link").count()) === 0,
        "the quotes are plain quotes, no links",
      );
      await expectSafeExternalLink(
        pressSection.getByRole("link", { name: "Visit the press room" }),
      );
      await expectSafeExternalLink(pressSection.getByRole("link", { name: "Read our blog" }));
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot("shop-home");
    },
  },
  {
    name: "shop home: a banner leads to its category, the next one to its search, a collection to its category",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      const banners = page.getByTestId("banners");
      await banners.waitFor();
      // Hovering pauses the rotation, so the click lands on the banner that is shown.
      await banners.hover();
      await banners.getByTestId("banner").first().click();
      await page.waitForURL(`${baseUrl}/shop/category/facial-cleansing`);
      await page.getByRole("heading", { name: "Facial cleansing", level: 1 }).waitFor();

      await page.goBack();
      await banners.waitFor();
      await banners.hover();
      await banners.getByRole("button", { name: "Next" }).click();
      expect((await activeBanner(page)) === 2, "Next shows the second banner");
      await banners.getByTestId("banner").nth(1).click();
      await page.waitForURL(`${baseUrl}/shop/products?search=microcurrent`);
      await page.getByTestId("product-card").first().waitFor();

      await page.goto(`${baseUrl}/shop`);
      const collection = page.getByTestId("featured-collection").first();
      await collection.waitFor();
      await collection.click();
      await page.waitForURL(`${baseUrl}/shop/category/eye-skincare`);
      await page.getByRole("heading", { name: "Eye skincare", level: 1 }).waitFor();
    },
  },
  {
    name: "shop home and landing in German: banners, technologies, awards and press in German",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      // The language switch itself is language.spec's journey; here the stored choice is set.
      await page.evaluate(() => localStorage.setItem("locale", "de"));
      await page.reload();
      const banners = page.getByRole("region", { name: "Highlights" });
      await banners.getByText("Die Kunst der Schallreinigung").waitFor();
      await banners.getByRole("button", { name: "Weiter" }).waitFor();
      await page.getByRole("heading", { name: "Unsere Technologien" }).waitFor();
      await page.getByRole("heading", { name: "Auszeichnungen" }).waitFor();
      await page
        .getByText("Eine Marke, die Spas und Kliniken mit gutem Gewissen empfehlen.")
        .count();
      await page.getByTestId("featured-collection").first().waitFor();
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot("shop-home-de");
      await page.goto(`${baseUrl}/`);
      await page.getByRole("heading", { name: "Presse" }).waitFor();
      const figures = (await page.getByTestId("stat").allTextContents()).join(" | ");
      expect(figures.includes("12.000"), `German figures: ${figures}`);
    },
  },
  {
    name: "product page: 'get full treatment' shows the main taxon and links to it",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/products/GLOW-MINI`);
      const treatment = page.getByTestId("full-treatment");
      await treatment.waitFor();
      await treatment.getByText("Get the full treatment").waitFor();
      await treatment.getByRole("heading", { name: "Facial cleansing" }).waitFor();
      const cards = treatment.getByTestId("product-card");
      await cards.first().waitFor();
      const count = await cards.count();
      expect(count > 0 && count <= 4, `1-4 products of the collection (${count})`);
      expect(
        !(await cards.allTextContents()).some((text) => text.includes("Glow Mini Sonic")),
        "the product itself is not repeated",
      );
      await treatment.scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      await screenshot("product-full-treatment");
      await treatment.getByTestId("full-treatment-link").click();
      await page.waitForURL(`${baseUrl}/shop/category/facial-cleansing`);
      await page.getByRole("heading", { name: "Facial cleansing", level: 1 }).waitFor();
    },
  },
  {
    name: "landing (visitor): animated figures, bestsellers without prices, awards, press, blog and social links",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await page.goto(`${baseUrl}/`);
      await page.getByRole("link", { name: "Become a partner" }).waitFor();
      const tiles = page.getByTestId("landing-bestseller");
      await tiles.first().waitFor();
      const count = await tiles.count();
      expect(count > 0 && count <= 4, `1-4 bestsellers for visitors (${count})`);
      const text = (await page.locator("main").textContent()) ?? "";
      expect(!/[€$£]\s?\d/.test(text), "no prices for visitors");
      expect(
        (await tiles.first().getAttribute("href")) === "/login",
        "a visitor's bestseller leads to sign-in",
      );
      expect((await page.getByTestId("landing-award").count()) === 6, "the awards slider");
      expect((await page.getByTestId("landing-press-quote").count()) === 6, "the press slider");
      const blog = page.getByRole("link", { name: "Read our blog" });
      expect(/^https:\/\//.test((await blog.getAttribute("href")) ?? ""), "a blog link");
      await page.getByRole("link", { name: "Visit the press room" }).waitFor();
      const social = page.getByTestId("social-link");
      expect((await social.count()) >= 4, "social links");
      expect(
        (await social.first().getAttribute("aria-label"))?.includes("opens in a new tab"),
        "social links say they open a new tab",
      );
      expect((await social.first().getAttribute("rel"))?.includes("noopener"), "rel=noopener");

      // The figures count up once they scroll into view and end on the spec's values.
      const figures = page.getByTestId("stat");
      await figures.first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(2000);
      const visible = await figures.evaluateAll((nodes) =>
        nodes.map((n) => n.querySelector("[aria-hidden]")?.textContent ?? ""),
      );
      expect(
        JSON.stringify(visible) === JSON.stringify(["250+", "500", "80+", "28M", "12,000", "11"]),
        `the figures end on their values: ${visible.join(" | ")}`,
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot("landing-visitor");
    },
  },
  {
    name: "landing (signed in): the shop button and bestsellers with prices",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/`);
      await page.getByRole("link", { name: "Enter & Start Shopping" }).waitFor();
      const cards = page.getByTestId("product-card");
      await cards.first().waitFor();
      expect(
        (await cards.allTextContents()).some((text) => /€/.test(text)),
        "partners see prices",
      );
    },
  },
  {
    name: "product catalogue: collection flyouts, downloads and anchor scrolling",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await page.goto(`${baseUrl}/product-catalog`);
      await page.getByTestId("catalogue-entry").first().waitFor();
      const nav = page.getByRole("navigation", { name: "Catalogue categories" });
      await nav.getByRole("link", { name: "Facial care" }).hover();
      const flyout = page.getByTestId("catalogue-flyout");
      await flyout.waitFor();
      const links = flyout.getByTestId("catalogue-flyout-link");
      expect((await links.count()) === 2, "Facial care has two collections");
      await flyout.getByText("Skincare devices").waitFor();
      await screenshot("catalogue-flyout");
      await links.nth(1).click();
      const collection = page.locator("#catalogue-facialCare-skincare-devices");
      let top = Number.NaN;
      for (let attempt = 0; attempt < 40; attempt += 1) {
        top = await collection.evaluate((element) => element.getBoundingClientRect().top);
        if (Math.abs(top - 150) <= 2) break;
        await page.waitForTimeout(100);
      }
      expect(Math.abs(top - 150) <= 2, `the collection starts 150 px below the top (${top})`);

      const material = page.getByTestId("catalogue-material").first();
      const href = (await material.getAttribute("href")) ?? "";
      expect(href.startsWith("/media/"), `a downloadable material (${href})`);
      expect((await material.getAttribute("download")) !== null, "offered as a download");
      const res = await page.request.get(`${baseUrl}${href}`);
      expect(res.ok(), `the material downloads (${res.status()})`);
    },
  },
  {
    name: "contact support: the sent view closes with its Close button",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInAsBuyer(ctx);
      await page.goto(`${baseUrl}/shop/help`);
      await page.getByRole("button", { name: "Contact support" }).click();
      const dialog = page.getByRole("dialog", { name: "Contact support" });
      await dialog.waitFor();
      await dialog.getByLabel("Name").fill("Bea Buyer");
      await dialog.getByRole("textbox", { name: "E-mail" }).fill("buyer@demo-spa.example");
      await dialog.getByLabel("Subject").click();
      await page.getByRole("option", { name: "Order" }).click();
      await dialog.getByLabel("Your question").fill("When does order 1001 ship?");
      await dialog.getByRole("button", { name: "Send" }).click();
      await dialog.getByTestId("support-sent").waitFor();
      await dialog.getByTestId("support-close").click();
      await dialog.waitFor({ state: "detached" });
    },
  },
);

import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, journeys, running } from "./harness";

/**
 * Issue 30, items 5 and 6 (decision 053): with no language chosen, the browser's language serves
 * the interface and the catalogue's texts alike, and every route has its own translated title.
 */

type Titles = Record<string, string> & { sections: Record<string, string> };
const titles = (language: string): Titles =>
  (
    JSON.parse(readFileSync(`locales/${language}/common.json`, "utf8")) as {
      pageTitle: Titles;
    }
  ).pageTitle;
const BRAND = "Lumé Atelier";
const full = (language: string, page: string) =>
  titles(language).template!.replace("{{page}}", page).replace("{{brand}}", BRAND);
/** The product page is titled by Glow Pro's name in the reader's language (issue 30). */
const glowProName = (language: string): string =>
  language === "en"
    ? "Glow Pro Sonic Cleansing Device"
    : (
        JSON.parse(readFileSync(`server/db/seed/translations/${language}.json`, "utf8")) as {
          products: Record<string, { name: string }>;
        }
      ).products["GLOW-PRO"]!.name;

/** A context whose browser speaks `locale`, no language chosen, optionally signed in. */
async function browserIn(browser: Browser, baseUrl: string, locale: string, signIn: boolean) {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
  if (signIn) {
    const res = await context.request.post(`${baseUrl}/api/v2/shop/customers/token`, {
      headers: { "content-type": "application/json" },
      data: { email: "buyer@demo-spa.example", password: "partner-demo" },
    });
    expect(res.ok(), `sign-in failed: ${res.status()}`);
  }
  return context;
}

async function productTextsIn(page: Page, baseUrl: string, name: string, description: string) {
  await page.goto(`${baseUrl}/shop`);
  await running(page);
  const bestsellers = page.getByTestId("bestsellers");
  await bestsellers.getByText(name).first().waitFor();
  expect(
    (await bestsellers.getByText("Glow Pro Sonic Cleansing Device").count()) === 0,
    "the English product name is not on shop home",
  );
  await page.goto(`${baseUrl}/shop/products/GLOW-PRO`);
  await running(page);
  await page.getByRole("heading", { name, level: 1 }).waitFor();
  await page.getByText(description).first().waitFor();
  expect(
    (await page.getByText("Our most advanced cleansing device").count()) === 0,
    "the English description is not on the product page",
  );
}

/** Signed-out and signed-in routes with the key of their title. */
const PUBLIC_ROUTES: [string, string][] = [
  ["/", "landing"],
  ["/login", "signIn"],
  ["/register", "registration"],
  ["/register/not-a-token", "teamRegistration"],
  ["/forgotten-password", "forgottenPassword"],
  ["/forgotten-password/not-a-token", "resetPassword"],
  ["/confirm-email/not-a-token", "confirmEmail"],
  ["/product-catalog", "productCatalog"],
  ["/privacy/terms-and-conditions", "terms"],
  ["/privacy/privacy-policy", "privacy"],
  ["/machines", "machines"],
  ["/back-office/volume-prices", "volumePrices"],
  ["/no-such-page", "notFound"],
];
const SHOP_ROUTES: [string, string][] = [
  ["/shop", "shop"],
  ["/shop/products?q=glow", "search"],
  ["/shop/products/GLOW-PRO", "glowPro"],
  ["/shop/category/skincare", "category"],
  ["/shop/treatments", "treatments"],
  ["/shop/about", "about"],
  ["/shop/help", "help"],
  ["/shop/quick-order", "quickOrder"],
  ["/shop/outlet", "outlet"],
  ["/shop/account", "account"],
  ["/checkout", "checkout"],
];
const SECTIONS = ["order-history", "user-details", "saved-lists"];

async function expectTitles(browser: Browser, baseUrl: string, locale: string, language: string) {
  const t = titles(language);
  for (const [signIn, routes] of [
    [false, PUBLIC_ROUTES],
    [true, SHOP_ROUTES],
  ] as const) {
    const context = await browserIn(browser, baseUrl, locale, signIn);
    try {
      const page = await context.newPage();
      for (const [path, key] of routes) {
        const response = await page.goto(`${baseUrl}${path}`);
        const html = (await response?.text()) ?? "";
        const served = /<title>([^<]*)<\/title>/.exec(html)?.[1];
        const expected = full(language, key === "glowPro" ? glowProName(language) : t[key]!);
        expect(
          served === expected,
          `${path} (${locale}) is served as "${expected}", got "${served}"`,
        );
        await running(page);
        const shown = await page.title();
        expect(shown === expected, `${path} (${locale}) shows "${expected}", got "${shown}"`);
      }
      if (signIn)
        for (const section of SECTIONS) {
          await page.goto(`${baseUrl}/shop/account/${section}`);
          await running(page);
          const expected = full(language, t.sections[section]!);
          await page.waitForFunction((title) => document.title === title, expected);
        }
    } finally {
      await context.close();
    }
  }
}

export const tests = journeys(
  {
    name: "a French browser with no language chosen reads French products on shop home and the product page",
    async run({ browser, baseUrl }) {
      const context = await browserIn(browser, baseUrl, "fr-FR", true);
      try {
        const page = await context.newPage();
        await productTextsIn(
          page,
          baseUrl,
          "Glow Pro Appareil nettoyant sonique",
          "Notre appareil nettoyant le plus abouti",
        );
        await page.screenshot({ path: "var/screenshots/product-fr-browser.png" });
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "a German browser with no language chosen reads German products",
    async run({ browser, baseUrl }) {
      const context = await browserIn(browser, baseUrl, "de-DE", true);
      try {
        await productTextsIn(
          await context.newPage(),
          baseUrl,
          "Glow Pro Schall-Reinigungsgerät",
          "Unser fortschrittlichstes Reinigungsgerät",
        );
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "every route has its own title, in English and in German, served and after navigating",
    timeoutMs: 300_000,
    async run({ browser, baseUrl }) {
      await expectTitles(browser, baseUrl, "en-US", "en");
      await expectTitles(browser, baseUrl, "de-DE", "de");
      // Client navigation changes the title too.
      const context = await browserIn(browser, baseUrl, "de-DE", true);
      try {
        const page = await context.newPage();
        await page.goto(`${baseUrl}/shop`);
        await running(page);
        await page.getByRole("link", { name: "Hilfe" }).first().click();
        await page.waitForURL(`${baseUrl}/shop/help`);
        await page.waitForFunction((title) => document.title === title, full("de", "Hilfe"));
      } finally {
        await context.close();
      }
    },
  },
);

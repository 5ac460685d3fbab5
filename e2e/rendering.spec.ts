import type { Page } from "@playwright/test";
import { expect, journeys, signInAsBuyer } from "./harness";

/**
 * Decision 026: pages arrive rendered by the server, in the visitor's language, and hydrate in
 * the browser without a warning (a hydration mismatch, React Router's missing HydrateFallback).
 */

/** Console warnings and errors of `page` (the missing favicon aside) and uncaught errors. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "warning" && message.type() !== "error") return;
    if (message.location().url.endsWith("/favicon.ico")) return;
    messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`uncaught: ${error.message}`));
  return messages;
}

export const tests = journeys(
  {
    name: "without JavaScript, landing and sign-in show their heading and main action",
    async run({ browser, baseUrl }) {
      for (const [locale, heading, register, submit] of [
        ["en-US", "Sign in", "Become a partner", "Sign in"],
        ["de-DE", "Anmelden", "Partner werden", "Anmelden"],
      ] as const) {
        const context = await browser.newContext({ javaScriptEnabled: false, locale });
        const page = await context.newPage();
        try {
          await page.goto(`${baseUrl}/`);
          await page.getByRole("heading", { level: 1 }).waitFor();
          expect(
            await page.getByRole("link", { name: register }).isVisible(),
            `landing (${locale}) shows '${register}' without JavaScript`,
          );
          await page.goto(`${baseUrl}/login`);
          expect(
            await page.getByRole("heading", { name: heading, level: 1 }).isVisible(),
            `sign-in (${locale}) shows '${heading}' without JavaScript`,
          );
          expect(
            await page.getByRole("button", { name: submit, exact: true }).isVisible(),
            `sign-in (${locale}) shows its '${submit}' button without JavaScript`,
          );
        } finally {
          await context.close();
        }
      }
    },
  },
  {
    name: "a server-rendered form is inert before its script runs: nothing is sent, a password least of all",
    async run({ browser, baseUrl }) {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        for (const path of ["/login", "/forgotten-password"]) {
          await page.goto(`${baseUrl}${path}`);
          const form = page.locator("form").first();
          await form.waitFor();
          const fields = form.locator("input, button[type=submit]");
          expect((await fields.count()) > 0, `${path}: the form has fields`);
          for (const field of await fields.all())
            expect(
              await field.isDisabled(),
              `${path}: ${await field.evaluate((e) => e.outerHTML.slice(0, 80))} is inert`,
            );
          await form.locator("button[type=submit]").click({ force: true });
          expect(
            page.url() === `${baseUrl}${path}`,
            `${path}: no native submission (${page.url()})`,
          );
        }
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "public and signed-in pages hydrate without a warning, in English and German",
    async run(ctx) {
      const { page, baseUrl, context } = ctx;
      const messages = watchConsole(page);
      // The cookie bar renders only once the page runs in the browser: hydration is done.
      const hydrated = async (agree = "Agree") =>
        page.getByRole("button", { name: agree }).waitFor();
      for (const path of ["/", "/login", "/product-catalog", "/privacy/privacy-policy"]) {
        await page.goto(`${baseUrl}${path}`);
        await hydrated();
      }
      await context.addCookies([{ name: "locale", value: "de", url: baseUrl }]);
      for (const path of ["/", "/login"]) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await hydrated("Einverstanden");
      }
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      // The sign-in form works after hydration; the shop renders its layout on the server too.
      await page.goto(`${baseUrl}/login`);
      await hydrated();
      await signInAsBuyer(ctx);
      await page.reload();
      await page.getByRole("heading", { name: "Bestsellers" }).waitFor();
      await page.getByTestId("product-card").first().waitFor();
      expect(messages.length === 0, `no console warning or error:\n${messages.join("\n")}`);
    },
  },
);

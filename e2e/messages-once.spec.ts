import type { Browser, Page } from "@playwright/test";
import { expect, gql, journeys, running, signInThroughApi, type E2EContext } from "./harness";

/**
 * Issue 30, as a German partner sees it: one message per problem, where it is fixed, and none
 * before anything was typed or sent. The registration's taken e-mail is said on step 1, under
 * the field; the invitation's empty Register names every missing piece; the password's error
 * is not its hint; the quick order's pasted lines are lines, each problem said once.
 */

/** A German browser (no language chosen: the browser's decides) at `width`. */
async function german(browser: Browser, width: number) {
  const context = await browser.newContext({
    locale: "de-DE",
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  return { context, page: await context.newPage() };
}

/** How many times `text` is shown on the page (visible elements holding exactly it). */
async function shown(page: Page, text: string): Promise<number> {
  const all = page.getByText(text, { exact: true });
  let n = 0;
  for (let i = 0; i < (await all.count()); i++) if (await all.nth(i).isVisible()) n++;
  return n;
}

const TAKEN =
  "Für diese E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich an oder nutzen Sie „Passwort vergessen“.";

export const tests = journeys(
  {
    name: "issue 30: a German partner's taken e-mail is said once, under the field, on leaving step 1 (390 px)",
    async run({ browser, baseUrl }) {
      const { context, page } = await german(browser, 390);
      try {
        await page.goto(`${baseUrl}/register`);
        await running(page);
        await page.getByRole("heading", { name: "Partner werden", level: 1 }).waitFor();
        const email = page.getByRole("textbox", { name: "E-Mail", exact: true });
        await email.fill("Buyer@demo-spa.example");
        await page.getByRole("textbox", { name: "Vorname", exact: true }).fill("Anna");
        await page.getByRole("textbox", { name: "Nachname", exact: true }).fill("Berg");
        await page.getByRole("textbox", { name: "Telefon", exact: true }).fill("+49 30 123456");
        await page.getByRole("button", { name: "Weiter" }).click();
        await page.getByText(TAKEN, { exact: true }).waitFor();
        expect((await shown(page, TAKEN)) === 1, "the taken e-mail is said once");
        expect((await page.getByRole("alert").count()) === 0, "no red box besides the field");
        expect(
          await page.getByRole("heading", { name: "Kontaktdaten", level: 2 }).isVisible(),
          "the partner stays on step 1",
        );
        expect(
          (await email.getAttribute("aria-invalid")) === "true",
          "the message belongs to the e-mail field",
        );
        await page.screenshot({ path: "var/screenshots/issue-30-register-taken-de-390.png" });
        // Another address goes on.
        await email.fill("anna.berg@neu-studio.example");
        await page.getByRole("button", { name: "Weiter" }).click();
        await page.getByRole("heading", { name: "Unternehmensdaten", level: 2 }).waitFor();
        expect((await shown(page, TAKEN)) === 0, "the message is gone with the address");
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "issue 30: an invitation's empty Register names every missing field and the terms; the password error is not its hint (390 px, German)",
    async run(ctx: E2EContext) {
      await signInThroughApi(ctx, "admin@demo-spa.example");
      const invited = `issue30.${Date.now()}@demo-spa.example`;
      await gql(
        ctx,
        "mutation($e: String!) { inviteCompanyUser(email: $e, role: COMMERCIAL) { __typename } }",
        { e: invited },
      );
      const res = await ctx.page.request.get(`${ctx.baseUrl}/dev/mail.json`);
      const body = (await res.json()) as { "hydra:member": { to: string; text: string }[] };
      const mail = body["hydra:member"].find((m) => m.to === invited);
      const path = mail && /\/register\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(path, `an invitation mail to ${invited}`);

      const { context, page } = await german(ctx.browser, 390);
      try {
        await page.goto(`${ctx.baseUrl}${path}`);
        await running(page);
        await page.getByRole("heading", { name: "Willkommen im Team" }).waitFor();
        const register = page.getByRole("button", { name: "Registrieren" });
        expect(await register.isEnabled(), "Register is enabled before the terms are ticked");
        await register.click();
        await page
          .getByText("Sie müssen die Allgemeinen Geschäftsbedingungen akzeptieren", { exact: true })
          .waitFor();
        expect(
          (await shown(page, "Pflichtfeld")) === 4,
          "each of the four fields says it is required",
        );
        await page.screenshot({ path: "var/screenshots/issue-30-invitation-empty-de-390.png" });

        const password = page.getByLabel(/^Passwort/).first();
        await password.fill("kurz");
        const tooShort = "Das Passwort ist zu kurz: mindestens 10 Zeichen.";
        await page.getByText(tooShort, { exact: true }).waitFor();
        expect(
          (await shown(page, "Mindestens 10 Zeichen.")) === 0,
          "the hint steps aside for the error",
        );
        await password.fill("lang-genug-1");
        await page.getByText("Mindestens 10 Zeichen.", { exact: true }).waitFor();
        expect((await shown(page, tooShort)) === 0, "a long enough password shows the hint only");

        // Ticking the terms ends their message.
        await page.getByRole("checkbox").check();
        expect(
          (await shown(page, "Sie müssen die Allgemeinen Geschäftsbedingungen akzeptieren")) === 0,
          "the terms' message is gone once they are ticked",
        );
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "issue 30: quick order in German: no error before input, pasted lines are lines, each problem said once (1440 px)",
    async run(ctx: E2EContext) {
      await signInThroughApi(ctx, "buyer@demo-spa.example");
      const { context, page } = await german(ctx.browser, 1440);
      try {
        await context.addCookies(await ctx.context.cookies());
        await page.goto(`${ctx.baseUrl}/shop/quick-order`);
        await running(page);
        await page.getByRole("heading", { name: "Schnellbestellung", level: 1 }).waitFor();
        await page.getByRole("combobox", { name: "Produkt, Zeile 1", exact: true }).waitFor();
        expect(
          (await shown(page, "Bitte wählen Sie ein Produkt")) === 0,
          "no 'choose a product' before anything was typed",
        );
        // Typing a quantity into the empty line: now the product is asked for.
        await page.getByLabel("Menge, Zeile 1", { exact: true }).fill("3");
        await page.getByText("Bitte wählen Sie ein Produkt", { exact: true }).waitFor();

        await page
          .getByTestId("quick-order-paste")
          .fill(["GLOW-MINI-ROSE, 2", "NO-SUCH-DEVICE;4", "GLOW-MINI-MINT ten"].join("\n"));
        await page.getByRole("button", { name: "Eingefügte Zeilen lesen" }).click();
        const problems = page.getByTestId("quick-order-problems");
        await problems.waitFor();
        const title = (await problems.textContent()) ?? "";
        expect(
          title.includes("Nicht verwendbare eingefügte Zeilen: 2") && !title.includes("Datei"),
          `pasted lines are not rows of a file: ${title}`,
        );
        const messages = await page.getByTestId("quick-order-row-problem").allTextContents();
        expect(
          messages.length === 2 &&
            messages[0]!.startsWith("Zeile 2:") &&
            messages[0]!.includes("NO-SUCH-DEVICE") &&
            messages[1]!.startsWith("Zeile 3:"),
          `each problem once, naming the pasted line: ${messages.join(" | ")}`,
        );
        // Said once: no second, local message beside the server's for the same problem.
        expect(
          (await shown(page, "Bitte wählen Sie ein Produkt")) === 0 &&
            (await shown(page, "Bitte geben Sie eine Menge von 1 bis 300 ein")) === 0,
          "no field message repeats a line's problem",
        );
        await page.screenshot({
          path: "var/screenshots/issue-30-quick-order-paste-de-1440.png",
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    },
  },
);

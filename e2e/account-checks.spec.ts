import { expect, journeys, running, signInGerman } from "./harness";

/**
 * What partners tripped over in the account area (issue 30), in German on a 390 px phone:
 * Payments' open balance and overdue invoices, and the password length said at the field
 * before anything is sent.
 */

export const tests = journeys(
  {
    name: "Payments in German at 390 px: the open balance in total, the overdue invoice 000100007 flagged and counted",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInGerman(ctx, "admin@demo-spa.example");
      await page.goto(`${baseUrl}/shop/account/payments`);
      const balance = page.getByTestId("open-balance");
      await balance.waitFor();
      // The sum of the rows' open amounts (positive, decision 063), formatted in German.
      const rows = page.getByTestId("payment-row");
      await rows.first().waitFor();
      const text = (await balance.innerText()).trim();
      expect(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/.test(text), `a German amount in euros: ${text}`);
      const shown = await page.getByTestId("payment-balance").allInnerTexts();
      const cents = (s: string) => Number(s.replace(/[^\d-]/g, ""));
      expect(
        shown.every((s) => !s.includes("-")),
        `no open amount is negative: ${shown.join(" | ")}`,
      );
      const sum = shown.map(cents).reduce((a, c) => a + c, 0);
      expect(cents(text) === sum, `the total (${text}) is the rows' open balances (${sum})`);
      // 000100007 is open and its due date passed: flagged, and counted above the table.
      const seeded = rows.filter({ hasText: "000100007" });
      await seeded.getByTestId("overdue-badge").getByText("Überfällig").waitFor();
      const overdue = await rows.filter({ has: page.getByTestId("overdue-badge") }).count();
      const summary = page.getByTestId("overdue-summary");
      await summary
        .getByText(overdue === 1 ? "1 Bestellung überfällig" : `${overdue} Bestellungen überfällig`)
        .waitFor();
      // A paid order is never flagged.
      const paid = rows.filter({ has: page.getByText("Bezahlt", { exact: true }) });
      if ((await paid.count()) > 0)
        expect((await paid.getByTestId("overdue-badge").count()) === 0, "paid is not overdue");
      await screenshot("payments-de-390-overdue");
    },
  },
  {
    name: "a new password of 9 characters is refused at the field before submit (password change, German, 390 px)",
    async run(ctx) {
      const { page, baseUrl } = ctx;
      await signInGerman(ctx, "buyer@demo-spa.example");
      await page.goto(`${baseUrl}/shop/account/user-details`);
      const form = page.getByRole("form", { name: "Passwort ändern" });
      await form.waitFor();
      await form.getByLabel("Aktuelles Passwort").fill("partner-demo");
      await form.getByLabel("Neues Passwort", { exact: true }).fill("kurz-1234");
      await form.getByLabel(/Neues Passwort wiederholen|bestätigen/).fill("kurz-1234");
      await form.getByText("Mindestens 10 Zeichen.", { exact: true }).waitFor();
      expect(
        await form.getByRole("button", { name: "Passwort ändern" }).isDisabled(),
        "nothing is sent",
      );
      await form.getByLabel("Neues Passwort", { exact: true }).fill("lang-genug-1234");
      await form
        .getByText("Mindestens 10 Zeichen.", { exact: true })
        .waitFor({ state: "detached" });
    },
  },
  {
    name: "a reset link's new password of 9 characters is refused at the field before submit",
    async run({ page, baseUrl }) {
      // A real reset link: asked for over the API, read from the development outbox.
      const asked = await page.request.post(`${baseUrl}/api/v2/shop/reset-password-requests`, {
        data: { email: "marketing@demo-spa.example" },
        headers: { "content-type": "application/json", "accept-language": "en" },
      });
      expect(asked.status() < 300, `reset asked: ${asked.status()}`);
      const res = await page.request.get(`${baseUrl}/dev/mail.json`);
      const body = (await res.json()) as { "hydra:member": { to: string; text: string }[] };
      const mails = body["hydra:member"].filter((m) => m.to === "marketing@demo-spa.example");
      const texts = mails.map((m) => m.text).join("\n");
      const link = [...texts.matchAll(/\/forgotten-password\/[A-Za-z0-9_-]+/g)].pop()?.[0];
      expect(link, "a reset link in the outbox");
      await page.goto(`${baseUrl}${link}`);
      await running(page);
      await page.getByRole("textbox", { name: "New password", exact: true }).fill("short-123");
      await page.getByText("At least 10 characters.", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Save new password" }).click();
      await page.getByText("At least 10 characters.", { exact: true }).waitFor();
      expect(!(await page.getByText("Password changed").isVisible()), "nothing is sent");
    },
  },
  {
    name: "a German postcode of four digits and a phone with letters are refused at their fields, the country named (address book and My information, German, 390 px)",
    async run(ctx) {
      const { page, baseUrl, screenshot } = ctx;
      await signInGerman(ctx, "admin@demo-spa.example");
      await page.goto(`${baseUrl}/shop/account/address-book`);
      await page.getByRole("button", { name: "Adresse hinzufügen" }).click();
      const dialog = page.getByRole("dialog", { name: "Adresse hinzufügen" });
      // Typed before the country is chosen: judged once Germany is.
      await dialog.getByLabel("Postleitzahl").fill("8053");
      const country = dialog.getByRole("combobox", { name: /^Land/ });
      await country.click();
      await country.fill("Deutsch");
      await page.getByRole("option", { name: "Deutschland" }).click();
      await dialog
        .getByText("Diese Postleitzahl passt nicht zum Land (Deutschland). Beispiel: 10115")
        .waitFor();
      await dialog.getByLabel("Telefonnummer").fill("089 CALL");
      await dialog.getByText(/^Bitte nur Ziffern eingeben/).waitFor();
      expect(
        (await dialog.getByLabel("Telefonnummer").getAttribute("inputmode")) === "tel",
        "a phone's keypad for the phone number",
      );
      await screenshot("address-checks-de-390");
      await dialog.getByLabel("Postleitzahl").fill("80539");
      await dialog.getByLabel("Telefonnummer").fill("+49 (89) 123-456");
      expect(
        (await dialog.getByText(/passt nicht zum Land|Bitte nur Ziffern/).count()) === 0,
        "a fitting postcode and phone clear their errors",
      );
      await dialog.getByRole("button", { name: "Abbrechen" }).click();

      await page.goto(`${baseUrl}/shop/account/user-details`);
      const phone = page.getByLabel("Telefonnummer");
      await phone.fill("030 CALL");
      await page.getByText(/^Bitte nur Ziffern eingeben/).waitFor();
      await page.getByRole("button", { name: "Speichern" }).click();
      // Nothing is sent: the field keeps what was typed and its error.
      await page.getByText(/^Bitte nur Ziffern eingeben/).waitFor();
      expect((await phone.inputValue()) === "030 CALL", "what was typed stays");
    },
  },
);

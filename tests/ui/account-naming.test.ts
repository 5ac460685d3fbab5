import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/lib/locale";

const LOCALES = resolve(import.meta.dirname, "..", "..", "locales");
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- texts of any shape
type Texts = any;
const read = (language: string, namespace: string): Texts =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), "utf8"));

/**
 * One thing, one name per language (issue 30): the order history is called the same in the
 * account's menu, the browser tab's page title and the section's heading ("Bestellhistorie",
 * not "Bestellübersicht" in one place), and the company's VAT number is labelled in the account
 * and on the invoice as registration asks for it ("USt-IdNr.", not "Steuernummer").
 */
describe("account naming", () => {
  for (const language of LANGUAGES) {
    it(`names the order history once in ${language}: menu, page title, heading`, () => {
      const account = read(language, "account");
      const common = read(language, "common");
      const menu = account.nav.sections["order-history"];
      expect(menu).toBeTruthy();
      expect(common.pageTitle.sections["order-history"]).toBe(menu);
      expect(account.orders.title).toBe(menu);
    });

    it(`names every account section as its menu does in ${language}: page title, heading`, () => {
      const account = read(language, "account");
      const common = read(language, "common");
      for (const [section, menu] of Object.entries(account.nav.sections as Record<string, string>))
        if (section in common.pageTitle.sections)
          expect(common.pageTitle.sections[section], section).toBe(menu);
      // 'Firmendaten' in the menu, not 'Unternehmensdaten' above the section.
      expect(account.company.title).toBe(account.nav.sections["account-details"]);
      expect(account.team.title).toBe(account.nav.sections.team);
    });

    it(`labels the company's VAT number as registration does in ${language}`, () => {
      const asked = read(language, "registration").fields.vatNumber;
      expect(read(language, "account").company.taxNumber).toBe(asked);
      expect(read(language, "server-files").invoicePdf.taxNumber).toBe(asked);
    });
  }
});

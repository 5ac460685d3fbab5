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
 * A role has one name per language (the 2026-11-28 walk-through): the texts that send a person
 * to a colleague of another role call it what the team page calls it ("Einkauf", not "Vertrieb").
 */
describe("role names", () => {
  for (const language of LANGUAGES)
    it(`the texts naming a role use the team page's names in ${language}`, () => {
      const roles = read(language, "account").team.roles as Record<string, string>;
      const commercial = roles.COMMERCIAL!.toLowerCase();
      const admin = roles.ADMIN!.toLowerCase();
      const notAllowed = (read(language, "checkout").notAllowed.text as string).toLowerCase();
      expect(notAllowed).toContain(commercial);
      expect(notAllowed).toContain(admin);
      const server = JSON.stringify(read(language, "server-account")).toLowerCase();
      const onlyCommercial = /"onlycommercial":"([^"]*)"/.exec(server)?.[1] ?? "";
      expect(onlyCommercial).toContain(commercial);
    });
});

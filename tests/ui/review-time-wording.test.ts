import { describe, expect, it } from "vitest";
import de from "../../locales/de/registration.json";
import en from "../../locales/en/registration.json";
import es from "../../locales/es/registration.json";
import fr from "../../locales/fr/registration.json";
import it_ from "../../locales/it/registration.json";

/**
 * The registration thank-you names one review time in every language (decision 032): two
 * business days, Monday to Friday, "usually" and not a promise. The words for business days
 * are the ones that exclude Saturday: "Arbeitstage", not "Werktage" (Monday to Saturday);
 * "días hábiles", not "días laborables" (in Spain, Saturday included); "jours ouvrés", not
 * "jours ouvrables".
 */
describe("the registration thank-you's review time", () => {
  const review: Record<string, string> = {
    en: en.thanks.review,
    fr: fr.thanks.review,
    de: de.thanks.review,
    it: it_.thanks.review,
    es: es.thanks.review,
  };
  const expected: Record<string, { usually: RegExp; time: RegExp; not?: RegExp }> = {
    en: { usually: /\busually\b/, time: /\btwo business days\b/ },
    fr: { usually: /\ben général\b/, time: /\bdeux jours ouvrés\b/, not: /ouvrables/ },
    de: { usually: /\bin der Regel\b/, time: /\bzwei Arbeitstagen\b/, not: /Werktag/ },
    it: { usually: /\bdi norma\b/, time: /\bdue giorni lavorativi\b/ },
    es: { usually: /\bnormalmente\b/, time: /\bdos días hábiles\b/, not: /laborables/ },
  };
  for (const [language, text] of Object.entries(review))
    it(`says "usually within two business days" in ${language}`, () => {
      const e = expected[language]!;
      expect(text).toMatch(e.usually);
      expect(text).toMatch(e.time);
      if (e.not) expect(text).not.toMatch(e.not);
    });
});

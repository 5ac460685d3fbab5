import { describe, expect, it } from "vitest";
import {
  countryName,
  formatDate,
  formatMoney,
  formatAmount,
  formatPercent,
  groupSeparator,
  localizeCountryLine,
} from "../../rules/format";
import { acceptedTags, decideLanguage, supportedLanguage } from "../../rules/language";

const NBSP = "\u00a0";

describe("the one formatter (rules/format.ts, decision 053)", () => {
  it("writes money per language: sign first in English, after the amount elsewhere", () => {
    expect(formatMoney(50_000, "EUR", "en")).toBe("€500.00");
    expect(formatMoney(50_000, "EUR", "de")).toBe(`500,00${NBSP}€`);
    expect(formatMoney(150_523, "EUR", "de")).toBe(`1.505,23${NBSP}€`);
    expect(formatMoney(150_523, "EUR", "en")).toBe("€1,505.23");
    // A region tag formats as its language.
    expect(formatMoney(150_523, "EUR", "de-CH")).toBe(`1.505,23${NBSP}€`);
  });

  it("groups thousands in a field as money is shown: the same separator per language (issue 30)", () => {
    expect(groupSeparator("de")).toBe(".");
    expect(groupSeparator("en")).toBe(",");
    for (const language of ["en", "fr", "de", "it", "es"])
      expect(formatAmount(2000, language).startsWith(`2${groupSeparator(language)}000`)).toBe(true);
  });

  it("writes one date style everywhere, the calendar day of the zone given", () => {
    const date = new Date("2026-11-08T23:30:00Z");
    expect(formatDate(date, "en", "UTC")).toBe("Nov 8, 2026");
    expect(formatDate(date, "de", "UTC")).toBe("08.11.2026");
    expect(formatDate(date, "fr", "UTC")).toBe("8 nov. 2026");
    expect(formatDate("2026-11-08T23:30:00Z", "de", "Europe/Berlin")).toBe("09.11.2026");
    expect(formatDate(null, "en")).toBe("");
    expect(formatDate("not a date", "en")).toBe("");
  });

  it("writes rates per language", () => {
    expect(formatPercent(19, "en")).toBe("19%");
    expect(formatPercent(19, "de")).toBe(`19${NBSP}%`);
    expect(formatPercent(7.5, "de")).toBe(`7,5${NBSP}%`);
  });

  it("names countries in the reader's language, the code when unknown", () => {
    expect(countryName("DE", "en")).toBe("Germany");
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName("de", "fr")).toBe("Allemagne");
    expect(countryName("US", "es")).toBe("Estados Unidos");
    expect(countryName("1", "en")).toBe("1");
    expect(countryName(null, "en")).toBe("");
    expect(localizeCountryLine("Germany", "de")).toBe("Deutschland");
    expect(localizeCountryLine(" united states", "fr")).toBe("États-Unis");
    expect(localizeCountryLine("10119 Berlin", "de")).toBe("10119 Berlin");
  });
});

describe("the one language decision (rules/language.ts)", () => {
  it("takes the chosen language first", () => {
    expect(decideLanguage("it", "de-DE,de;q=0.9")).toBe("it");
    expect(decideLanguage("fr_FR", ["de-DE"])).toBe("fr");
  });

  it("else the browser's first supported language, by preference", () => {
    expect(decideLanguage(null, "fr-FR,fr;q=0.9,en-US;q=0.8")).toBe("fr");
    expect(decideLanguage(undefined, "pl-PL, de;q=0.5, en;q=0.7")).toBe("en");
    expect(decideLanguage("", ["nl-NL", "de-AT", "en"])).toBe("de");
    expect(decideLanguage("klingon", "xx, es;q=0.2")).toBe("es");
  });

  it("else English; a language refused with q=0 is not taken", () => {
    expect(decideLanguage(null, "pl, nl")).toBe("en");
    expect(decideLanguage(null, "de;q=0")).toBe("en");
    expect(decideLanguage(null, null)).toBe("en");
  });

  it("reads tags and locale codes alike, nothing longer than a two-letter base", () => {
    expect(supportedLanguage("de_DE")).toBe("de");
    expect(supportedLanguage("es-419")).toBe("es");
    expect(supportedLanguage("deu")).toBeUndefined();
    expect(supportedLanguage(42)).toBeUndefined();
    expect(acceptedTags("en;q=0.5, fr")).toEqual(["fr", "en"]);
  });
});

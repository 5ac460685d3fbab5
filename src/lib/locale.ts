import { decideLanguage, LANGUAGES, type Language } from "../../rules/language";

/** The interface languages and the locale codes the gateway expects (spec section 9). */
export { LANGUAGES, type Language };

const API_LOCALES: Readonly<Record<Language, string>> = {
  en: "en_US",
  fr: "fr_FR",
  de: "de_DE",
  it: "it_IT",
  es: "es_ES",
};

/** Narrows any string to a supported language, English when unknown. */
export function toLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : "en";
}

/** The gateway's `Locale` header value of a language, e.g. `de_DE`. */
export function apiLocale(language: string): string {
  return API_LOCALES[toLanguage(language)];
}

let pageLanguage: Language = "en";

/**
 * Decides the language of this page once, at start (decision 053): the stored choice, else the
 * language the server rendered in (its own reading of the browser's Accept-Language), else the
 * browser's languages, else English. Every gateway call then asks for the catalogue's texts in
 * the same language as the interface.
 */
export function decidePageLanguage(
  stored: string | null,
  serverLanguage: string | null | undefined,
  browserLanguages: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  pageLanguage = decideLanguage(stored, [
    ...(serverLanguage ? [serverLanguage] : []),
    ...browserLanguages,
  ]);
  return pageLanguage;
}

/** The language this page shows, decided at start (`decidePageLanguage`). */
export function currentLanguage(): Language {
  return pageLanguage;
}

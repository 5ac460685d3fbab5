/** The interface languages and the locale codes the gateway expects (spec section 9). */
export const LANGUAGES = ["en", "fr", "de", "it", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

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

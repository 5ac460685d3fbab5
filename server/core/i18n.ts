import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { countryName } from "../../rules/format.js";
import {
  decideLanguage,
  LANGUAGES,
  supportedLanguage,
  type Language,
} from "../../rules/language.js";

export { LANGUAGES, type Language };
type Catalogue = Record<string, Record<string, string>>;

const root = fileURLToPath(new URL("../../locales/", import.meta.url));

/**
 * The server's texts: every `locales/<lng>/server*.json` file (one per area, e.g.
 * `server.json`, `server-account.json`), merged section by section, read once at start.
 */
function load(lang: Language): Catalogue {
  const merged: Catalogue = {};
  const files = readdirSync(root + lang).filter((f) => /^server(-[a-z-]+)?\.json$/.test(f));
  for (const file of files.sort()) {
    const data = JSON.parse(readFileSync(`${root}${lang}/${file}`, "utf8")) as Catalogue;
    for (const [section, texts] of Object.entries(data))
      merged[section] = { ...merged[section], ...texts };
  }
  return merged;
}
const catalogues = Object.fromEntries(LANGUAGES.map((l) => [l, load(l)])) as Record<
  Language,
  Catalogue
>;

/**
 * The caller's language (decision 053): the `Locale` header the storefront sends (`fr_FR`, the
 * language chosen or else the browser's), else the first supported `Accept-Language` tag by
 * weight, else English.
 */
export function pickLanguage(locale: unknown, acceptLanguage: unknown): Language {
  return decideLanguage(locale, typeof acceptLanguage === "string" ? acceptLanguage : undefined);
}

export { supportedLanguage };

/** Translates `key` ("section.name") and fills `{param}` placeholders; unknown keys fall back to English. */
export function translate(
  lang: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const [section = "", name = ""] = key.split(".", 2);
  const text = catalogues[lang][section]?.[name] ?? catalogues.en[section]?.[name] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, p: string) =>
    !(p in params)
      ? m
      : // A `country` is a country's code: the text names the country in its reader's language.
        p === "country" && /^[A-Z]{2}$/.test(String(params[p]))
        ? countryName(String(params[p]), lang)
        : String(params[p]),
  );
}

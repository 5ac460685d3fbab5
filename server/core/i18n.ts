import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const LANGUAGES = ["en", "fr", "de", "it", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
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
 * The caller's language: the `Locale` header the storefront sends (`fr_FR`), else the first
 * supported `Accept-Language` tag by weight, else English.
 */
export function pickLanguage(locale: unknown, acceptLanguage: unknown): Language {
  const candidates: string[] = [];
  if (typeof locale === "string") candidates.push(locale);
  if (typeof acceptLanguage === "string") {
    const tags = acceptLanguage
      .split(",")
      .map((part) => {
        const [tag = "", q] = part.trim().split(";q=");
        return { tag, q: q === undefined ? 1 : Number(q) || 0 };
      })
      .sort((a, b) => b.q - a.q);
    candidates.push(...tags.map((t) => t.tag));
  }
  for (const c of candidates) {
    const language = supportedLanguage(c);
    if (language) return language;
  }
  return "en";
}

/** The supported language a locale or language tag names (`de_DE`, `de-CH`, `de`), if any. */
export function supportedLanguage(tag: string | undefined): Language | undefined {
  const base = tag?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base ?? "") ? (base as Language) : undefined;
}

/** Translates `key` ("section.name") and fills `{param}` placeholders; unknown keys fall back to English. */
export function translate(
  lang: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const [section = "", name = ""] = key.split(".", 2);
  const text = catalogues[lang][section]?.[name] ?? catalogues.en[section]?.[name] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m));
}

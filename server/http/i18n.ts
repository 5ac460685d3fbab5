import de from "../../locales/de/server.json" with { type: "json" };
import en from "../../locales/en/server.json" with { type: "json" };
import es from "../../locales/es/server.json" with { type: "json" };
import fr from "../../locales/fr/server.json" with { type: "json" };
import it from "../../locales/it/server.json" with { type: "json" };

export const LANGUAGES = ["en", "fr", "de", "it", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
type Catalogue = Record<string, Record<string, string>>;
const catalogues: Record<Language, Catalogue> = { en, fr, de, it, es };

/**
 * The caller's language: the `Locale` header the storefront sends (`fr_FR`), else the first
 * supported `Accept-Language` tag, else English.
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
    const base = c.slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return "en";
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

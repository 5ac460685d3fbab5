/**
 * Which language a person reads, one decision for the pages, the catalogue's texts, mails, PDFs
 * and exports (issue 30, decision 053): the language they chose (the `locale` cookie or stored
 * choice, the `Locale` header, a user's stored language), else their browser's (Accept-Language
 * or `navigator.languages`, by preference), else English. Pure: this folder imports nothing.
 */

export const LANGUAGES = ["en", "fr", "de", "it", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The supported language a locale or language tag names (`de_DE`, `de-CH`, `de`), if any. */
export function supportedLanguage(tag: unknown): Language | undefined {
  if (typeof tag !== "string") return undefined;
  const base = tag.trim().slice(0, 2).toLowerCase();
  // A two-letter base only: "deu" or "d" name no language of ours.
  if (/^[a-z]{2}(?:$|[-_])/i.test(tag.trim()) === false) return undefined;
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

/** The tags of an Accept-Language header, most wanted first (`q=0` is "not this one"). */
export function acceptedTags(header: unknown): string[] {
  if (typeof header !== "string") return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== "" && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/**
 * The one language decision: `chosen` when it is a supported language, else the first
 * supported of the browser's languages (an Accept-Language header or a list of tags in order of
 * preference), else English.
 */
export function decideLanguage(
  chosen: unknown,
  browser: string | readonly string[] | null | undefined,
): Language {
  const picked = supportedLanguage(chosen);
  if (picked) return picked;
  const tags = typeof browser === "string" ? acceptedTags(browser) : (browser ?? []);
  for (const tag of tags) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return "en";
}

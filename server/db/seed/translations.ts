// The demo catalogue's texts in French, German, Italian and Spanish (decision 030): one JSON
// file per language beside this module, read once. English is the catalogue rows themselves.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const TRANSLATED_LANGUAGES = ["fr", "de", "it", "es"] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export interface CatalogueTranslation {
  /** By taxon code: categories, treatments, collections and the catalogue's own taxons. */
  taxons: Record<string, { name: string; description: string }>;
  /** By product code. Brand names stay; what the product is, is translated. */
  products: Record<string, { name: string; description: string }>;
  /** By the variant's English name (colours, sizes and packs repeat across products). */
  variants: Record<string, string>;
}

const folder = fileURLToPath(new URL("./translations/", import.meta.url));

export const catalogueTranslations = Object.fromEntries(
  TRANSLATED_LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(`${folder}${language}.json`, "utf8")) as CatalogueTranslation,
  ]),
) as Record<TranslatedLanguage, CatalogueTranslation>;

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "../../rules/limits";

/**
 * Translation dictionaries under locales/<lng>/*.json must stay in step: every language has
 * the same namespaces, the same keys (arrays: same length, same keys per element), no empty
 * strings and the same interpolation placeholders in each string. The English help FAQ and
 * terms must carry the business figures of the specification.
 */

const LOCALES_DIR = fileURLToPath(new URL("../../locales/", import.meta.url));
const LANGUAGES = ["en", "fr", "de", "it", "es"] as const;
const REFERENCE = "en";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function namespacesOf(lng: string): string[] {
  const dir = join(LOCALES_DIR, lng);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json") && statSync(join(dir, name)).isFile())
    .sort();
}

function load(lng: string, file: string): Json {
  return JSON.parse(readFileSync(join(LOCALES_DIR, lng, file), "utf8")) as Json;
}

function kind(value: Json): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Every leaf as "path" -> value; arrays contribute their indexes, so lengths are compared too. */
function leaves(value: Json, path = "", out = new Map<string, Json>()): Map<string, Json> {
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(`${path}[]`, value);
    value.forEach((item, index) => leaves(item, `${path}[${index}]`, out));
  } else if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length === 0) out.set(`${path}{}`, value);
    for (const key of keys) leaves(value[key] ?? null, path ? `${path}.${key}` : key, out);
  } else {
    out.set(path, value);
  }
  return out;
}

/** {{name}}, {{name, format}}, {name} and {name, format} placeholders, by name. */
function placeholders(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([A-Za-z_$][\w.$-]*)\s*(?:,[^{}]*)?\}\}/g)) {
    found.add(`{{${match[1]}}}`);
  }
  const withoutDouble = text.replace(/\{\{[^{}]*\}\}/g, "");
  for (const match of withoutDouble.matchAll(/\{\s*([A-Za-z_$][\w.$-]*)\s*(?:,[^{}]*)?\}/g)) {
    found.add(`{${match[1]}}`);
  }
  return [...found].sort();
}

function strings(value: Json): string[] {
  return [...leaves(value).values()].filter((v): v is string => typeof v === "string");
}

const allNamespaces = [...new Set(LANGUAGES.flatMap((lng) => namespacesOf(lng)))].sort();

describe("locale files", () => {
  it("exist for every language", () => {
    for (const lng of LANGUAGES) {
      expect(existsSync(join(LOCALES_DIR, lng)), `locales/${lng}/ is missing`).toBe(true);
    }
    expect(allNamespaces.length).toBeGreaterThan(0);
  });

  describe.each(allNamespaces)("%s", (file) => {
    it("is present and valid JSON in every language", () => {
      const problems: string[] = [];
      for (const lng of LANGUAGES) {
        const path = join(LOCALES_DIR, lng, file);
        if (!existsSync(path)) {
          problems.push(`locales/${lng}/${file} is missing`);
          continue;
        }
        try {
          load(lng, file);
        } catch (error) {
          problems.push(`locales/${lng}/${file} does not parse: ${(error as Error).message}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it("has the same keys, array lengths and value types in every language", () => {
      const problems: string[] = [];
      const present = LANGUAGES.filter((lng) => existsSync(join(LOCALES_DIR, lng, file)));
      const reference = present.includes(REFERENCE) ? REFERENCE : present[0];
      if (!reference) return;
      const base = leaves(load(reference, file));
      for (const lng of present) {
        if (lng === reference) continue;
        const other = leaves(load(lng, file));
        for (const [key, value] of base) {
          if (!other.has(key)) problems.push(`locales/${lng}/${file}: missing "${key}"`);
          else if (kind(other.get(key)!) !== kind(value)) {
            problems.push(
              `locales/${lng}/${file}: "${key}" is ${kind(other.get(key)!)}, ${reference} has ${kind(value)}`,
            );
          }
        }
        for (const key of other.keys()) {
          if (!base.has(key)) {
            problems.push(`locales/${lng}/${file}: extra "${key}" (not in ${reference})`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it("has no empty strings", () => {
      const problems: string[] = [];
      for (const lng of LANGUAGES) {
        if (!existsSync(join(LOCALES_DIR, lng, file))) continue;
        for (const [key, value] of leaves(load(lng, file))) {
          if (typeof value === "string" && value.trim() === "") {
            problems.push(`locales/${lng}/${file}: "${key}" is empty`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it("uses the same placeholders in every language", () => {
      const problems: string[] = [];
      const present = LANGUAGES.filter((lng) => existsSync(join(LOCALES_DIR, lng, file)));
      const reference = present.includes(REFERENCE) ? REFERENCE : present[0];
      if (!reference) return;
      const base = leaves(load(reference, file));
      for (const lng of present) {
        if (lng === reference) continue;
        const other = leaves(load(lng, file));
        for (const [key, value] of base) {
          const translated = other.get(key);
          if (typeof value !== "string" || typeof translated !== "string") continue;
          const expected = placeholders(value).join(" ");
          const actual = placeholders(translated).join(" ");
          if (expected !== actual) {
            problems.push(
              `locales/${lng}/${file}: "${key}" has [${actual}], ${reference} has [${expected}]`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    });
  });
});

describe("business figures in the English help FAQ and terms", () => {
  const figures: Array<[string, RegExp]> = [
    ["delivery 7-10 business days", /\b7\s*[-–]\s*10\b/],
    ["2.99 per unit for the US and Canada", /\b2[.,]99\b/],
    [`max ${MAX_LINE_QUANTITY} units per line`, new RegExp(`\\b${MAX_LINE_QUANTITY}\\b`)],
    ["minimum order value 500", /\b500\b/],
    ["objections within 20 days", /\b20\b/],
    ["orders 15 days before delivery", /\b15\b/],
    ["10% late fee", /\b10\s?%/],
  ];

  const help = load("en", "help.json") as { faq?: Json };
  const legal = load("en", "legal.json") as { terms?: Json };
  const faqText = strings(help.faq ?? null).join("\n");
  const termsText = strings(legal.terms ?? null).join("\n");

  it("has FAQ and terms content", () => {
    expect(faqText.length).toBeGreaterThan(0);
    expect(termsText.length).toBeGreaterThan(0);
  });

  it.each(figures)("FAQ mentions %s", (_label, pattern) => {
    expect(faqText).toMatch(pattern);
  });

  it.each(figures)("terms mention %s", (_label, pattern) => {
    expect(termsText).toMatch(pattern);
  });
});

/**
 * The prose of the FAQ and the terms states the line limit in words; the short texts take it
 * from rules/limits.ts ({{max}}). A changed limit fails here until every language says it.
 */
describe.each(LANGUAGES)("the line limit of rules/limits.ts in the %s FAQ and terms", (lng) => {
  it("is the figure the FAQ and the terms name", () => {
    const help = load(lng, "help.json") as { faq?: Json };
    const legal = load(lng, "legal.json") as { terms?: Json };
    const limit = new RegExp(`\\b${MAX_LINE_QUANTITY}\\b`);
    expect(strings(help.faq ?? null).join("\n")).toMatch(limit);
    expect(strings(legal.terms ?? null).join("\n")).toMatch(limit);
  });
});

/**
 * How money, dates and countries are written, one rule for every place that shows them: the
 * storefront, the server's mails, the invoice PDF and the .xlsx exports (issue 30, decision
 * 053). Pure functions over `Intl`: this folder imports nothing, and every layer (machines,
 * src, graphql, server) may import it.
 */

/** The interface languages and the BCP 47 tag each formats with. */
export const FORMAT_LOCALES: Readonly<Record<string, string>> = {
  en: "en-US",
  fr: "fr-FR",
  de: "de-DE",
  it: "it-IT",
  es: "es-ES",
};

/** The BCP 47 tag of an interface language (`de` → `de-DE`), English for any other. */
export function formatLocale(language: string | null | undefined): string {
  return FORMAT_LOCALES[(language ?? "").slice(0, 2).toLowerCase()] ?? "en-US";
}

/** Currency signs the storefront knows (spec section 3); any other code is shown as the code. */
export const CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  AUD: "A$",
  CAD: "C$",
  CHF: "CHF",
  CNY: "¥",
  SEK: "kr",
  NZD: "NZ$",
  INR: "₹",
  RUB: "₽",
  BRL: "R$",
  ZAR: "R",
  KRW: "₩",
  TRY: "₺",
};

/** The sign of a currency code, or the code itself when the table has none. */
export function currencySign(code: string | null | undefined): string {
  if (!code) return "";
  const upper = code.toUpperCase();
  return CURRENCY_SIGNS[upper] ?? upper;
}

/** The decimal separator of the interface language ("," in German, French, Italian, Spanish). */
export function decimalSeparator(language = "en"): string {
  return (
    new Intl.NumberFormat(formatLocale(language))
      .formatToParts(1.5)
      .find((part) => part.type === "decimal")?.value ?? "."
  );
}

/**
 * The thousands separator of the interface language, as `formatAmount` groups ("," in English,
 * "." in German, Italian and Spanish, a narrow no-break space in French): amounts typed into a
 * field read like amounts shown (issue 30).
 */
export function groupSeparator(language = "en"): string {
  return (
    new Intl.NumberFormat(formatLocale(language), { useGrouping: "always" })
      .formatToParts(1234567)
      .find((part) => part.type === "group")?.value ?? ","
  );
}

/** Formats an amount (already divided by 100) with two decimals in the interface language. */
export function formatAmount(amount: number, language = "en"): string {
  return new Intl.NumberFormat(formatLocale(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    // Spanish leaves four-digit numbers ungrouped by default; prices read better grouped.
    useGrouping: "always",
  }).format(amount);
}

/**
 * Formats minor units (cents) as a price: divided by 100, with the currency's sign. English
 * writes the sign first ("€1,234.50", "-€92.50"); the other languages after ("1.234,50 €"). A
 * code without a sign is written out ("1,234.50 PLN").
 */
export function formatMoney(
  minor: number,
  currencyCode: string | null | undefined,
  language = "en",
): string {
  // No "-0.00": a zero discount is a zero (the minus of -0 would be printed).
  const number = formatAmount((minor || 0) / 100, language);
  if (!currencyCode) return number;
  const upper = currencyCode.toUpperCase();
  const sign = CURRENCY_SIGNS[upper];
  if (sign === undefined) return `${number}\u00a0${upper}`;
  if (formatLocale(language) !== "en-US") return `${number}\u00a0${sign}`;
  // English puts the minus before the sign: "-€92.50", not "€-92.50".
  return number.startsWith("-") ? `-${sign}${number.slice(1)}` : `${sign}${number}`;
}

/** A percentage in the interface language: 19 → "19%" in English, "19 %" in German. */
export function formatPercent(percent: number, language = "en"): string {
  return new Intl.NumberFormat(formatLocale(language), {
    style: "percent",
    maximumFractionDigits: 2,
  }).format(percent / 100);
}

/**
 * The date of a timestamp in the interface language, written the same everywhere: "Nov 8, 2026",
 * "08.11.2026", "8 nov. 2026". `timeZone` fixes the calendar day (the invoice uses UTC, so it
 * reads the same wherever it is rendered); without it the runtime's zone counts. An unreadable
 * or missing date is "".
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  language = "en",
  timeZone?: string,
): string {
  if (value === null || value === undefined || value === "") return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(formatLocale(language), {
    dateStyle: "medium",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * The name of a country (ISO 3166 alpha-2 code) in the interface language: "DE" is "Germany",
 * "Allemagne", "Deutschland". An unknown code is shown as the code.
 */
export function countryName(code: string | null | undefined, language = "en"): string {
  if (!code) return "";
  const upper = code.toUpperCase();
  try {
    return (
      new Intl.DisplayNames([formatLocale(language)], { type: "region", fallback: "code" }).of(
        upper,
      ) ?? upper
    );
  } catch {
    // Not a region code at all (Intl refuses it): the code is all there is to show.
    return upper;
  }
}

let englishNames: Map<string, string> | undefined;

/**
 * A line of text that is a country's English name ("Germany", as a configured seller address
 * ends) written in the reader's language instead ("Deutschland"); any other line as it is.
 */
export function localizeCountryLine(line: string, language = "en"): string {
  if (!englishNames) {
    englishNames = new Map();
    const names = new Intl.DisplayNames(["en-US"], { type: "region", fallback: "none" });
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (const a of letters)
      for (const b of letters) {
        const name = names.of(a + b);
        if (name) englishNames.set(name.toLowerCase(), a + b);
      }
  }
  const code = englishNames.get(line.trim().toLowerCase());
  return code ? countryName(code, language) : line;
}

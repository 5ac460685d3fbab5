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

/** BCP 47 tags of the interface languages, for number formatting. */
const NUMBER_LOCALES: Readonly<Record<string, string>> = {
  en: "en-US",
  fr: "fr-FR",
  de: "de-DE",
  it: "it-IT",
  es: "es-ES",
};

/** The decimal separator of the interface language ("," in German, French, Italian, Spanish). */
export function decimalSeparator(language = "en"): string {
  return (
    new Intl.NumberFormat(NUMBER_LOCALES[language] ?? "en-US")
      .formatToParts(1.5)
      .find((part) => part.type === "decimal")?.value ?? "."
  );
}

/** Formats an amount (already divided by 100) with two decimals in the interface language. */
export function formatAmount(amount: number, language = "en"): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[language] ?? "en-US", {
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
  if (language !== "en") return `${number}\u00a0${sign}`;
  // English puts the minus before the sign: "-€92.50", not "€-92.50".
  return number.startsWith("-") ? `-${sign}${number.slice(1)}` : `${sign}${number}`;
}

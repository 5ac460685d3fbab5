/**
 * What an address, a phone number and a VAT number must look like (issue 30, item 19): one home
 * for the browser's forms (the error at the field before submit) and the server (which refuses
 * the rest). Pure: imports nothing.
 */

/**
 * Postcode patterns per country (the postal services' formats); a country without one here
 * takes any postcode (the field's length still applies).
 */
export const POSTCODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  NL: /^[1-9]\d{3} ?[A-Z]{2}$/i,
  BE: /^[1-9]\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  PL: /^\d{2}-\d{3}$/,
  US: /^\d{5}(-\d{4})?$/,
  GB: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i,
};

/** A postcode of each country in `POSTCODE_PATTERNS`, shown beside the error as an example. */
export const POSTCODE_EXAMPLES: Readonly<Record<string, string>> = {
  DE: "10115",
  AT: "1010",
  CH: "8001",
  FR: "75002",
  IT: "00184",
  ES: "28013",
  NL: "1012 AB",
  BE: "1000",
  PT: "1100-148",
  PL: "00-950",
  US: "10001",
  GB: "SW1A 1AA",
};

/** Whether `postcode` fits `country`'s format (true for a country without a known format). */
export function postcodeFits(countryCode: string, postcode: string): boolean {
  const pattern = POSTCODE_PATTERNS[countryCode.toUpperCase()];
  return pattern === undefined || pattern.test(postcode.trim());
}

/**
 * A phone number: digits with an optional leading +, spaces, dots, dashes, slashes and
 * brackets between them; 6 to 15 digits (E.164's most). Letters are refused.
 */
export function phoneValid(phone: string): boolean {
  const value = phone.trim();
  if (!/^\+?[\d\s().\-/]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 15;
}

/**
 * VAT identification numbers of the EU countries (VIES formats, the country prefix included)
 * and the UK. Countries without a VAT number format here (CH, NO, US, ...) take any plausible
 * number (`vatPlausible`).
 */
export const VAT_PATTERNS: Readonly<Record<string, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  GR: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** A VAT number of each country in `VAT_PATTERNS`, shown beside the error as an example. */
export const VAT_EXAMPLES: Readonly<Record<string, string>> = {
  AT: "ATU12345678",
  BE: "BE0123456789",
  BG: "BG123456789",
  CY: "CY12345678X",
  CZ: "CZ12345678",
  DE: "DE123456789",
  DK: "DK12345678",
  EE: "EE123456789",
  GR: "EL123456789",
  ES: "ESX1234567X",
  FI: "FI12345678",
  FR: "FRXX123456789",
  HR: "HR12345678901",
  HU: "HU12345678",
  IE: "IE1234567T",
  IT: "IT12345678901",
  LT: "LT123456789",
  LU: "LU12345678",
  LV: "LV12345678901",
  MT: "MT12345678",
  NL: "NL123456789B01",
  PL: "PL1234567890",
  PT: "PT123456789",
  RO: "RO1234567890",
  SE: "SE123456789012",
  SI: "SI12345678",
  SK: "SK1234567890",
  GB: "GB123456789",
};

/** A VAT number as compared: capitals, without spaces, dots or dashes. */
export function normalizeVat(vat: string): string {
  return vat.toUpperCase().replace(/[\s.-]/g, "");
}

/**
 * A tax number of a country whose format is not known here (Switzerland's "CHE-123.456.789
 * MWST", Norway's "NO123456789MVA", a US EIN "12-3456789"): 4 to 20 letters and digits once
 * spaces, dots and dashes are left out, at least one of them a digit.
 */
export function vatPlausible(vat: string): boolean {
  return /^(?=.*\d)[A-Z\d]{4,20}$/.test(normalizeVat(vat));
}

/**
 * Whether `vat` fits `country`'s VAT number format (`VAT_PATTERNS`, spaces, dots and dashes
 * ignored); where no format is known, whether it is plausible (`vatPlausible`).
 */
export function vatFits(countryCode: string, vat: string): boolean {
  const pattern = VAT_PATTERNS[countryCode.toUpperCase()];
  return pattern === undefined ? vatPlausible(vat) : pattern.test(normalizeVat(vat));
}

/**
 * The violation of a VAT number that does not fit: the country's format with an example where
 * one is known (`vatNumber.invalid`), else `vatNumber.implausible`; null when it fits.
 */
export function vatProblem(
  countryCode: string,
  vat: string,
): { message: string; params: Record<string, string> } | null {
  if (vatFits(countryCode, vat)) return null;
  const country = countryCode.toUpperCase();
  const example = VAT_EXAMPLES[country];
  return example === undefined
    ? { message: "vatNumber.implausible", params: {} }
    : { message: "vatNumber.invalid", params: { country, example } };
}

/** The violation of a postcode that does not fit its country (with an example); else null. */
export function postcodeProblem(
  countryCode: string,
  postcode: string,
): { message: string; params: Record<string, string> } | null {
  if (postcodeFits(countryCode, postcode)) return null;
  const country = countryCode.toUpperCase();
  return {
    message: "address.postcodeInvalid",
    params: { country, example: POSTCODE_EXAMPLES[country] ?? "" },
  };
}

/** The parts of an address that a letter's block shows (an order's, the address book's). */
export interface PostalAddress {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly company?: string | null;
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly countryCode: string;
  readonly provinceCode?: string | null;
  readonly provinceName?: string | null;
}

/**
 * An address block in its country's order, one home for the screens, the invoice PDF and the
 * mails: a US address reads "City, ST 12345" (the state's postal code) under the street;
 * elsewhere the postcode comes before the city and the region has a line of its own. The last
 * line is `country`, the country's name in the reader's language. Empty lines are left out.
 */
export function postalLines(a: PostalAddress, country: string): string[] {
  const us = a.countryCode === "US";
  const state = (a.provinceCode ?? "").replace(/^US-/, "") || (a.provinceName ?? "");
  return [
    [a.firstName, a.lastName].filter(Boolean).join(" "),
    a.company ?? "",
    a.street,
    us ? `${state ? `${a.city}, ${state}` : a.city} ${a.postcode}` : `${a.postcode} ${a.city}`,
    us ? "" : (a.provinceName ?? a.provinceCode ?? ""),
    country,
  ].filter((line) => line.trim() !== "");
}

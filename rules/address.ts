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
 * and the UK. Countries without a VAT number format here (CH, US, ...) take any text.
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

/** A VAT number as compared: capitals, without spaces, dots or dashes. */
export function normalizeVat(vat: string): string {
  return vat.toUpperCase().replace(/[\s.-]/g, "");
}

/** Whether `vat` fits `country`'s VAT number format (true where none is known). */
export function vatFits(countryCode: string, vat: string): boolean {
  const pattern = VAT_PATTERNS[countryCode.toUpperCase()];
  return pattern === undefined || pattern.test(normalizeVat(vat));
}

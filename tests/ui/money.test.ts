// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { CURRENCY_SIGNS, currencySign, decimalSeparator, formatMoney } from "../../src/lib/money";

const NBSP = "\u00a0";

describe("currency signs", () => {
  it("knows the sixteen currencies of the spec", () => {
    expect(Object.keys(CURRENCY_SIGNS).sort()).toEqual(
      [
        "USD",
        "EUR",
        "GBP",
        "JPY",
        "AUD",
        "CAD",
        "CHF",
        "CNY",
        "SEK",
        "NZD",
        "INR",
        "RUB",
        "BRL",
        "ZAR",
        "KRW",
        "TRY",
      ].sort(),
    );
    expect(currencySign("EUR")).toBe("€");
    expect(currencySign("usd")).toBe("$");
    expect(currencySign("GBP")).toBe("£");
    expect(currencySign("INR")).toBe("₹");
    expect(currencySign("TRY")).toBe("₺");
  });

  it("shows other codes as the code", () => {
    expect(currencySign("PLN")).toBe("PLN");
    expect(currencySign(null)).toBe("");
  });
});

describe("formatMoney", () => {
  it("divides minor units by 100 with two decimals", () => {
    expect(formatMoney(4900, "EUR")).toBe("€49.00");
    expect(formatMoney(123456, "USD")).toBe("$1,234.56");
    expect(formatMoney(5, "GBP")).toBe("£0.05");
  });

  it("formats numbers in the interface language, sign after the amount", () => {
    expect(formatMoney(123456, "EUR", "de")).toBe(`1.234,56${NBSP}€`);
    expect(formatMoney(123456, "EUR", "it")).toBe(`1.234,56${NBSP}€`);
    expect(formatMoney(123456, "EUR", "es")).toBe(`1.234,56${NBSP}€`);
    expect(formatMoney(4900, "CHF", "fr")).toMatch(new RegExp(`^49,00${NBSP}CHF$`));
    expect(formatMoney(123456, "EUR", "fr").replace(/\s/g, " ")).toBe("1 234,56 €");
  });

  it("writes out a code without a sign", () => {
    expect(formatMoney(1000, "PLN")).toBe(`10.00${NBSP}PLN`);
  });

  it("shows the bare number without a currency", () => {
    expect(formatMoney(1000, null)).toBe("10.00");
  });

  it("puts the minus before the sign in English, and never shows a negative zero", () => {
    expect(formatMoney(-9250, "EUR")).toBe("-€92.50");
    expect(formatMoney(-9250, "EUR", "de")).toBe(`-92,50${NBSP}€`);
    expect(formatMoney(-0, "EUR")).toBe("€0.00");
    expect(formatMoney(-Math.abs(0), "EUR", "de")).toBe(`0,00${NBSP}€`);
    expect(formatMoney(-0, null)).toBe("0.00");
  });
});

describe("decimal separator", () => {
  it("is the comma in German, French, Italian and Spanish, the point in English", () => {
    expect(["en", "fr", "de", "it", "es"].map((l) => decimalSeparator(l))).toEqual([
      ".",
      ",",
      ",",
      ",",
      ",",
    ]);
    expect(decimalSeparator("xx")).toBe(".");
  });
});

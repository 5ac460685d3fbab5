import { describe, expect, it } from "vitest";
import {
  normalizeVat,
  phoneValid,
  POSTCODE_EXAMPLES,
  POSTCODE_PATTERNS,
  postcodeFits,
  postalLines,
  postcodeProblem,
  VAT_EXAMPLES,
  VAT_PATTERNS,
  vatFits,
  vatPlausible,
  vatProblem,
} from "../../rules/address";

describe("postcodes per country (rules/address.ts, issue 30)", () => {
  it.each([
    ["DE", "10115", "1234"],
    ["DE", "80539", "805399"],
    ["AT", "1010", "10100"],
    ["FR", "75002", "75A02"],
    ["IT", "00184", "0018"],
    ["ES", "28013", "53001"],
    ["ES", "01001", "00001"],
    ["US", "10001-1234", "1000"],
    ["US", "10001", "10001-12"],
    ["GB", "SW1A 1AA", "12345"],
    ["GB", "m1 1ae", "M1 1A"],
    ["NL", "1012 AB", "0123 AB"],
    ["PT", "1100-148", "1100148"],
    ["PL", "00-950", "00950"],
  ])("%s takes %s and refuses %s", (country, good, bad) => {
    expect(postcodeFits(country, good)).toBe(true);
    expect(postcodeFits(country, ` ${good} `)).toBe(true);
    expect(postcodeFits(country.toLowerCase(), good)).toBe(true);
    expect(postcodeFits(country, bad)).toBe(false);
  });

  it("takes any postcode of a country without a known format", () => {
    expect(postcodeFits("JP", "100-0001")).toBe(true);
    expect(postcodeFits("", "anything")).toBe(true);
  });

  it("has an example for every pattern, and each example fits", () => {
    expect(Object.keys(POSTCODE_EXAMPLES).sort()).toEqual(Object.keys(POSTCODE_PATTERNS).sort());
    for (const [country, example] of Object.entries(POSTCODE_EXAMPLES))
      expect(postcodeFits(country, example), country).toBe(true);
  });

  it("names the violation with the country and an example, or none when it fits", () => {
    expect(postcodeProblem("de", "1234")).toEqual({
      message: "address.postcodeInvalid",
      params: { country: "DE", example: "10115" },
    });
    expect(postcodeProblem("GB", "12345")?.params).toEqual({ country: "GB", example: "SW1A 1AA" });
    expect(postcodeProblem("DE", "10115")).toBeNull();
    expect(postcodeProblem("JP", "x")).toBeNull();
  });
});

describe("phone numbers (rules/address.ts)", () => {
  it.each(["+49 89 123456", "(089) 123-456", "089/123456", "+1 212.555.0100", "123456"])(
    "takes %s",
    (phone) => expect(phoneValid(phone)).toBe(true),
  );
  it.each([
    ["letters", "+49 89 CALL-ME"],
    ["a letter among digits", "0891234x6"],
    ["5 digits", "12345"],
    ["16 digits", "1234567890123456"],
    ["a plus in the middle", "49+89123456"],
    ["only signs", "+() -"],
  ])("refuses %s", (_what, phone) => expect(phoneValid(phone)).toBe(false));
  it("counts 15 digits as the most", () => {
    expect(phoneValid("+123456789012345")).toBe(true);
  });
});

describe("VAT numbers per country (rules/address.ts)", () => {
  it.each([
    ["DE", "DE123456789", "DE123"],
    ["DE", "de 123 456 789", "DE1234567890"],
    ["AT", "ATU12345678", "AT12345678"],
    ["FR", "FR12345678901", "FR1234567890"],
    ["FR", "FRXX123456789", "FRIO123456789"],
    ["IT", "IT12345678901", "IT1234567890"],
    ["ES", "ESX1234567X", "ES12345678"],
    ["NL", "NL123456789B01", "NL123456789001"],
    ["GB", "GB123456789", "GB12345678"],
    ["GB", "GBGD001", "GBXX001"],
    ["BE", "BE0123456789", "BE2123456789"],
  ])("%s takes %s and refuses %s", (country, good, bad) => {
    expect(vatFits(country, good)).toBe(true);
    expect(vatFits(country, bad)).toBe(false);
  });

  it("wants the country's own prefix", () => {
    expect(vatFits("DE", "123456789")).toBe(false);
    expect(vatFits("AT", "DE123456789")).toBe(false);
  });

  it("normalises spaces, dots, dashes and case", () => {
    expect(normalizeVat(" de-123.456 789 ")).toBe("DE123456789");
  });

  it("takes a plausible number where no format is known: 4 to 20 letters and digits, a digit among them", () => {
    expect(vatFits("CH", "CHE-123.456.789 MWST")).toBe(true);
    expect(vatFits("NO", "NO123456789MVA")).toBe(true);
    expect(vatFits("US", "12-3456789")).toBe(true);
    expect(vatPlausible("1234")).toBe(true);
    expect(vatPlausible("123")).toBe(false);
    expect(vatPlausible("A".repeat(19) + "1")).toBe(true);
    expect(vatPlausible("A".repeat(20) + "1")).toBe(false);
    expect(vatPlausible("ABCDEF")).toBe(false);
    expect(vatPlausible("12#456")).toBe(false);
    expect(vatFits("", "DE123")).toBe(true);
    expect(vatFits("", "n/a")).toBe(false);
  });

  it("has an example for every format, and each example fits", () => {
    expect(Object.keys(VAT_EXAMPLES).sort()).toEqual(Object.keys(VAT_PATTERNS).sort());
    for (const [country, example] of Object.entries(VAT_EXAMPLES))
      expect(vatFits(country, example), country).toBe(true);
  });

  it("names the violation: the format with an example, or plausibility where none is known", () => {
    expect(vatProblem("de", "DE123")).toEqual({
      message: "vatNumber.invalid",
      params: { country: "DE", example: "DE123456789" },
    });
    expect(vatProblem("CH", "n/a")).toEqual({ message: "vatNumber.implausible", params: {} });
    expect(vatProblem("DE", "DE 123456789")).toBeNull();
    expect(vatProblem("CH", "CHE-123.456.789")).toBeNull();
  });
});

describe("an address block in its country's order (rules/address.ts postalLines, issue 30)", () => {
  const newYork = {
    firstName: "Rachel",
    lastName: "Moore",
    company: "Demo Retail Inc.",
    street: "350 Fifth Avenue",
    postcode: "10118",
    city: "New York",
    countryCode: "US",
    provinceCode: "US-NY",
    provinceName: "New York",
  };

  it("writes a US city line 'City, ST 12345' and no region line", () => {
    expect(postalLines(newYork, "Vereinigte Staaten")).toEqual([
      "Rachel Moore",
      "Demo Retail Inc.",
      "350 Fifth Avenue",
      "New York, NY 10118",
      "Vereinigte Staaten",
    ]);
    expect(postalLines({ ...newYork, provinceCode: null, provinceName: null }, "US")[3]).toBe(
      "New York 10118",
    );
  });

  it("writes the postcode before the city elsewhere, the region on its own line, no empty lines", () => {
    expect(
      postalLines(
        {
          street: "Leopoldstraße 12",
          postcode: "80802",
          city: "München",
          countryCode: "DE",
          provinceName: "Bayern",
          company: "",
          firstName: null,
          lastName: null,
        },
        "Deutschland",
      ),
    ).toEqual(["Leopoldstraße 12", "80802 München", "Bayern", "Deutschland"]);
  });
});

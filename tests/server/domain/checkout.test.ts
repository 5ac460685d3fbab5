import { describe, expect, it } from "vitest";

import {
  type CompletionInput,
  MAX_NOTE_LENGTH,
  completionViolations,
  formatOrderNumber,
  MAX_PO_NUMBER_LENGTH,
  readPoNumber,
  readOrderNote,
  paymentDueDate,
} from "../../../server/domain/checkout.js";

function ready(overrides: Partial<CompletionInput> = {}): CompletionInput {
  return {
    itemCount: 3,
    itemsTotal: 25_000,
    minimalOrderValue: 10_000,
    currencyCode: "EUR",
    hasShippingAddress: true,
    hasBillingAddress: true,
    hasPaymentMethod: true,
    notesLength: 0,
    ...overrides,
  };
}

const messages = (input: CompletionInput) =>
  completionViolations(input)
    .map((v) => v.message)
    .sort();

describe("completionViolations", () => {
  it("finds nothing wrong with a complete cart", () => {
    expect(completionViolations(ready())).toEqual([]);
  });

  it("refuses an empty cart", () => {
    expect(completionViolations(ready({ itemCount: 0 }))).toEqual([
      { propertyPath: "items", message: "checkout.emptyCart" },
    ]);
  });

  it("refuses a subtotal below the minimal order value, with the amount and currency", () => {
    expect(completionViolations(ready({ itemsTotal: 9999 }))).toEqual([
      {
        propertyPath: "itemsTotal",
        message: "checkout.minimalOrderValue",
        params: { minimum: "€100.00" },
      },
    ]);
  });

  it("allows a subtotal exactly equal to the minimal order value", () => {
    expect(completionViolations(ready({ itemsTotal: 10_000 }))).toEqual([]);
  });

  it.each([
    [12_345, "en", "$123.45"],
    [5, "en", "$0.05"],
    [50, "de", "0,50\u00a0$"],
    [100_000, "en", "$1,000.00"],
    [100_000, "de", "1.000,00\u00a0$"],
    [1005, "fr", "10,05\u00a0$"],
  ])(
    "writes a minimal order value of %i minor units in %s as %s (the one formatter)",
    (minimalOrderValue, language, minimum) => {
      const [violation] = completionViolations(
        ready({ itemsTotal: 0, minimalOrderValue, currencyCode: "USD", language }),
      );
      expect(violation?.params).toEqual({ minimum });
    },
  );

  it('writes 500 EUR as "500,00 €" in German and "€500.00" in English', () => {
    const minimum = (language: string) =>
      completionViolations(ready({ itemsTotal: 0, minimalOrderValue: 50_000, language }))[0]?.params
        ?.minimum;
    expect(minimum("de")).toBe("500,00\u00a0€");
    expect(minimum("en")).toBe("€500.00");
  });

  it("has no minimal order value to meet when it is zero", () => {
    expect(completionViolations(ready({ itemsTotal: 0, minimalOrderValue: 0 }))).toEqual([]);
  });

  it("refuses a cart without shipping address", () => {
    expect(completionViolations(ready({ hasShippingAddress: false }))).toEqual([
      { propertyPath: "shippingAddress", message: "checkout.shippingAddressRequired" },
    ]);
  });

  it("refuses a cart without billing address", () => {
    expect(completionViolations(ready({ hasBillingAddress: false }))).toEqual([
      { propertyPath: "billingAddress", message: "checkout.billingAddressRequired" },
    ]);
  });

  it("refuses a cart without payment method", () => {
    expect(completionViolations(ready({ hasPaymentMethod: false }))).toEqual([
      { propertyPath: "payments", message: "checkout.paymentMethodRequired" },
    ]);
  });

  it("allows notes of exactly 500 characters", () => {
    expect(MAX_NOTE_LENGTH).toBe(500);
    expect(completionViolations(ready({ notesLength: 500 }))).toEqual([]);
  });

  it("refuses notes over 500 characters", () => {
    expect(completionViolations(ready({ notesLength: 501 }))).toEqual([
      { propertyPath: "notes", message: "notes.tooLong", params: { max: 500 } },
    ]);
  });

  it("reports several problems at once", () => {
    expect(
      messages(
        ready({
          itemCount: 0,
          itemsTotal: 0,
          hasShippingAddress: false,
          hasPaymentMethod: false,
        }),
      ),
    ).toEqual([
      "checkout.emptyCart",
      "checkout.minimalOrderValue",
      "checkout.paymentMethodRequired",
      "checkout.shippingAddressRequired",
    ]);
  });

  it("reports every problem when nothing is right", () => {
    const violations = completionViolations({
      itemCount: 0,
      itemsTotal: 0,
      minimalOrderValue: 5000,
      currencyCode: "CHF",
      hasShippingAddress: false,
      hasBillingAddress: false,
      hasPaymentMethod: false,
      notesLength: 1000,
    });
    expect(violations).toHaveLength(6);
    expect(violations).toEqual(
      expect.arrayContaining([
        { propertyPath: "items", message: "checkout.emptyCart" },
        {
          propertyPath: "itemsTotal",
          message: "checkout.minimalOrderValue",
          params: { minimum: "CHF50.00" },
        },
        { propertyPath: "shippingAddress", message: "checkout.shippingAddressRequired" },
        { propertyPath: "billingAddress", message: "checkout.billingAddressRequired" },
        { propertyPath: "payments", message: "checkout.paymentMethodRequired" },
        { propertyPath: "notes", message: "notes.tooLong", params: { max: 500 } },
      ]),
    );
  });
});

describe("formatOrderNumber", () => {
  it.each([
    [123, "000000123"],
    [1, "000000001"],
    [999_999_999, "999999999"],
  ])("pads order %i to nine digits as %s", (sequence, expected) => {
    expect(formatOrderNumber(sequence)).toBe(expected);
  });

  it("does not cut sequences longer than nine digits", () => {
    expect(formatOrderNumber(1_234_567_890)).toBe("1234567890");
  });
});

describe("paymentDueDate", () => {
  const completedAt = new Date("2025-03-20T10:30:00Z");

  it("makes a card payment due at completion", () => {
    expect(paymentDueDate(completedAt, "card", 30).toISOString()).toBe("2025-03-20T10:30:00.000Z");
  });

  it("makes an invoice due after the company's payment terms", () => {
    expect(paymentDueDate(completedAt, "invoice", 30).toISOString()).toBe(
      "2025-04-19T10:30:00.000Z",
    );
    expect(paymentDueDate(completedAt, "invoice", 14).toISOString()).toBe(
      "2025-04-03T10:30:00.000Z",
    );
  });

  it("makes an invoice with zero terms days due at completion", () => {
    expect(paymentDueDate(completedAt, "invoice", 0).getTime()).toBe(completedAt.getTime());
  });

  it("does not change the completion date it is given", () => {
    paymentDueDate(completedAt, "invoice", 30);
    expect(completedAt.toISOString()).toBe("2025-03-20T10:30:00.000Z");
  });
});

describe("printable texts (issue 32, finding H)", () => {
  const unprintable = (propertyPath: string) => ({
    violation: { propertyPath, message: "field.unprintable" },
  });
  it("refuses a PO number holding a hidden character, and trims every kind of blank away", () => {
    for (const c of ["\u200B", "\u3164", "\u180E", "\u2800", "\u034F", "\u0001", "\n", "\u202E"])
      expect(readPoNumber(`PO${c}1`), JSON.stringify(c)).toEqual(unprintable("poNumber"));
    expect(readPoNumber("\u00A0\u2003PO-1\u3000\u200B")).toEqual({ value: "PO-1" });
    expect(readPoNumber("\u200B\u3164\u2800")).toEqual({ value: null });
    expect(readPoNumber("\u0001", "order.poNumber")).toEqual(unprintable("order.poNumber"));
    // Letters of any script print.
    expect(readPoNumber("Bestellung-Ä/東京")).toEqual({ value: "Bestellung-Ä/東京" });
  });

  it("keeps a note's line breaks and tabs, refuses other controls and hidden characters", () => {
    expect(readOrderNote("Gate 3\r\nRing\ttwice\rThanks")).toEqual({
      value: "Gate 3\nRing\ttwice\nThanks",
    });
    expect(readOrderNote("  \n ")).toEqual({ value: null });
    expect(readOrderNote(null)).toEqual({ value: null });
    expect(readOrderNote(undefined)).toEqual({ value: null });
    expect(readOrderNote(12)).toEqual({
      violation: { propertyPath: "notes", message: "field.type", params: { type: "string" } },
    });
    for (const c of ["\u0007", "\u202E", "\u200B", "\u2800"])
      expect(readOrderNote(`a${c}b`, "note"), JSON.stringify(c)).toEqual(unprintable("note"));
    expect(readOrderNote("x".repeat(MAX_NOTE_LENGTH))).toEqual({
      value: "x".repeat(MAX_NOTE_LENGTH),
    });
    // CR LF counts as one character, as it is stored.
    expect(readOrderNote(`${"x".repeat(MAX_NOTE_LENGTH - 1)}\r\n`)).toEqual({
      value: `${"x".repeat(MAX_NOTE_LENGTH - 1)}\n`,
    });
    expect(readOrderNote("x".repeat(MAX_NOTE_LENGTH + 1))).toEqual({
      violation: {
        propertyPath: "notes",
        message: "notes.tooLong",
        params: { max: MAX_NOTE_LENGTH },
      },
    });
  });
});

describe("purchase-order number (issue 21)", () => {
  it("reads it trimmed, up to 35 characters; empty or missing is none", () => {
    expect(MAX_PO_NUMBER_LENGTH).toBe(35);
    expect(readPoNumber("  PO-2026-17 ")).toEqual({ value: "PO-2026-17" });
    expect(readPoNumber(` ${"7".repeat(35)} `)).toEqual({ value: "7".repeat(35) });
    expect(readPoNumber("   ")).toEqual({ value: null });
    expect(readPoNumber("")).toEqual({ value: null });
    expect(readPoNumber(null)).toEqual({ value: null });
    expect(readPoNumber(undefined)).toEqual({ value: null });
  });

  it("refuses what is no text and 36 characters, naming the field it was given", () => {
    expect(readPoNumber(4711)).toEqual({
      violation: { propertyPath: "poNumber", message: "field.type", params: { type: "string" } },
    });
    expect(readPoNumber(false, "order.poNumber")).toEqual({
      violation: {
        propertyPath: "order.poNumber",
        message: "field.type",
        params: { type: "string" },
      },
    });
    expect(readPoNumber("8".repeat(36))).toEqual({
      violation: { propertyPath: "poNumber", message: "poNumber.tooLong", params: { max: 35 } },
    });
  });

  it("is required only where the company requires it, and blank is none", () => {
    const required = [{ propertyPath: "poNumber", message: "checkout.poNumberRequired" }];
    expect(completionViolations(ready({ poNumberRequired: true }))).toEqual(required);
    expect(completionViolations(ready({ poNumberRequired: true, poNumber: null }))).toEqual(
      required,
    );
    expect(completionViolations(ready({ poNumberRequired: true, poNumber: "  " }))).toEqual(
      required,
    );
    expect(completionViolations(ready({ poNumberRequired: true, poNumber: "PO-1" }))).toEqual([]);
    expect(completionViolations(ready({ poNumberRequired: false }))).toEqual([]);
  });
});

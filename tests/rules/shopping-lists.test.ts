import { describe, expect, it } from "vitest";

import {
  defaultListName,
  isTimeZone,
  LIST_NAME_WORDS,
  listTotal,
  MAX_LIST_LINES,
  MAX_LIST_NAME_LENGTH,
  mergeListLines,
  planListOrder,
  type VariantAvailability,
} from "../../rules/shopping-lists.js";

describe("defaultListName", () => {
  const lateEvening = new Date("2025-03-09T23:30:00Z");

  it("reads naturally, dated as English writes dates, in UTC by default (issue 30)", () => {
    expect(defaultListName(lateEvening, "en")).toBe("Shopping list of Mar 9, 2025");
    expect(defaultListName(new Date("2025-12-31T00:00:00Z"), "en")).toBe(
      "Shopping list of Dec 31, 2025",
    );
  });

  it("dates the list in the person's time zone when known", () => {
    expect(defaultListName(lateEvening, "en", "Europe/Berlin")).toBe(
      "Shopping list of Mar 10, 2025",
    );
    expect(defaultListName(new Date("2025-03-10T02:00:00Z"), "en", "America/New_York")).toBe(
      "Shopping list of Mar 9, 2025",
    );
  });

  it("names the list in the person's language, the date as that language writes it", () => {
    expect(defaultListName(lateEvening, "de")).toBe("Einkaufsliste vom 09.03.2025");
    expect(defaultListName(lateEvening, "fr")).toBe("Liste d’achats du 9 mars 2025");
    expect(defaultListName(lateEvening, "it")).toBe("Lista della spesa del 9 mar 2025");
    expect(defaultListName(lateEvening, "es")).toBe("Lista de compra del 9 mar 2025");
    expect(defaultListName(lateEvening, "de", "Europe/Berlin")).toBe(
      "Einkaufsliste vom 10.03.2025",
    );
    // A locale names its language; English for any language but ours.
    expect(defaultListName(lateEvening, "de_DE")).toBe("Einkaufsliste vom 09.03.2025");
    expect(defaultListName(lateEvening, "pl")).toBe("Shopping list of Mar 9, 2025");
    expect(defaultListName(lateEvening, "")).toBe("Shopping list of Mar 9, 2025");
    // Every phrase holds the date once, reads as words (no hyphenated name, no ISO date) and
    // leaves room for a long name.
    for (const words of Object.values(LIST_NAME_WORDS)) {
      expect(words.split("{date}")).toHaveLength(2);
      expect(words).not.toMatch(/-/);
      expect(words.length).toBeLessThan(MAX_LIST_NAME_LENGTH - 20);
    }
  });

  it.each(["", "Mars/Olympus", "not a zone", "x".repeat(100)])(
    "falls back to UTC for the unknown time zone %j",
    (zone) => {
      expect(isTimeZone(zone)).toBe(false);
      expect(defaultListName(lateEvening, "en", zone)).toBe("Shopping list of Mar 9, 2025");
    },
  );

  it("knows IANA zones", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone(42)).toBe(false);
    // Only a string names a zone, not an object that reads as one.
    expect(isTimeZone({ toString: () => "UTC", length: 3 })).toBe(false);
    expect(isTimeZone("x".repeat(100_000))).toBe(false);
  });
});

describe("mergeListLines", () => {
  it("adds up lines of the same variant, keeping first-seen order", () => {
    const { lines, violations } = mergeListLines([
      { code: "A", quantity: 5, path: "items[0]." },
      { code: "B", quantity: 1, path: "items[1]." },
      { code: "A", quantity: 7, path: "items[2]." },
    ]);
    expect(violations).toEqual([]);
    expect(lines).toEqual([
      { code: "A", quantity: 12 },
      { code: "B", quantity: 1 },
    ]);
  });

  it("accepts a merged sum of exactly 300", () => {
    const { violations, lines } = mergeListLines([
      { code: "A", quantity: 150, path: "items[0]." },
      { code: "A", quantity: 150, path: "items[1]." },
    ]);
    expect(violations).toEqual([]);
    expect(lines).toEqual([{ code: "A", quantity: 300 }]);
  });

  it("refuses the duplicate that pushes a sum above 300", () => {
    const { violations } = mergeListLines([
      { code: "A", quantity: 200, path: "items[0]." },
      { code: "A", quantity: 100, path: "items[1]." },
      { code: "A", quantity: 1, path: "items[2]." },
    ]);
    expect(violations).toEqual([
      {
        propertyPath: "items[2].quantity",
        message: "shoppingList.mergedQuantity",
        params: { code: "A", min: 1, max: 300 },
      },
    ]);
  });

  it("allows as many lines as a quantity allows units", () => {
    expect(MAX_LIST_LINES).toBe(300);
  });
});

describe("planListOrder", () => {
  const catalogue = new Map<string, VariantAvailability>([
    ["IN", { sold: true, onHand: 100 }],
    ["LOW", { sold: true, onHand: 5 }],
    ["NONE", { sold: true, onHand: 0 }],
    ["GONE", { sold: false, onHand: 50 }],
    ["LOTS", { sold: true, onHand: 10_000 }],
  ]);

  it("adds every line that is sold and in stock, on top of what the cart holds", () => {
    const plan = planListOrder(
      [
        { code: "IN", quantity: 10 },
        { code: "LOTS", quantity: 300 },
      ],
      catalogue,
      new Map([["IN", 4]]),
    );
    expect(plan.set).toEqual([
      { code: "IN", quantity: 14 },
      { code: "LOTS", quantity: 300 },
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it("skips lines whole, each with its reason, and keeps the others", () => {
    const plan = planListOrder(
      [
        { code: "GONE", quantity: 1 },
        { code: "NONE", quantity: 1 },
        { code: "LOW", quantity: 6 },
        { code: "LOTS", quantity: 2 },
        { code: "MISSING", quantity: 1 },
        { code: "IN", quantity: 3 },
      ],
      catalogue,
      new Map([["LOTS", 299]]),
    );
    expect(plan.set).toEqual([{ code: "IN", quantity: 3 }]);
    expect(plan.skipped).toEqual([
      { variantCode: "GONE", reason: "unavailable", available: 0 },
      { variantCode: "NONE", reason: "outOfStock", available: 0 },
      { variantCode: "LOW", reason: "insufficientStock", available: 5 },
      { variantCode: "LOTS", reason: "quantityLimit", available: 1 },
      { variantCode: "MISSING", reason: "unavailable", available: 0 },
    ]);
  });

  it("counts repeated lines of one variant together", () => {
    const plan = planListOrder(
      [
        { code: "LOW", quantity: 3 },
        { code: "LOW", quantity: 3 },
      ],
      catalogue,
      new Map(),
    );
    expect(plan.set).toEqual([{ code: "LOW", quantity: 3 }]);
    expect(plan.skipped).toEqual([
      { variantCode: "LOW", reason: "insufficientStock", available: 2 },
    ]);
  });

  it("takes a line that needs exactly the units on hand", () => {
    const plan = planListOrder([{ code: "LOW", quantity: 2 }], catalogue, new Map([["LOW", 3]]));
    expect(plan).toEqual({ set: [{ code: "LOW", quantity: 5 }], skipped: [] });
  });

  it("does nothing for an empty list", () => {
    expect(planListOrder([], catalogue, new Map())).toEqual({ set: [], skipped: [] });
  });
});

describe("listTotal", () => {
  it("is the sum of quantity times current price, ignoring lines without a price", () => {
    expect(
      listTotal([
        { quantity: 3, unitPrice: 1900 },
        { quantity: 2, unitPrice: null },
        { quantity: 1, unitPrice: 450 },
      ]),
    ).toBe(6150);
    expect(listTotal([])).toBe(0);
  });
});

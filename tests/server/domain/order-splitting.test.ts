import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "../../support/fc-seed.js";
import {
  MAX_SPLIT_PARTS,
  planSplit,
  rowAssignments,
  splitAmounts,
  splitOrderNumber,
  type PlacedLine,
} from "../../../server/domain/order-splitting.js";

const items = [
  { id: 11, quantity: 10 },
  { id: 12, quantity: 4 },
  { id: 13, quantity: 1 },
];
const codes = (raw: unknown) => {
  const r = planSplit(items, raw);
  return r.ok ? [] : r.violations.map((v) => [v.propertyPath, v.message]);
};

describe("planSplit", () => {
  it("takes parts as lists of whole items", () => {
    expect(planSplit(items, [[11], [12, 13]])).toEqual({
      ok: true,
      plan: [
        [{ itemId: 11, quantity: 10 }],
        [
          { itemId: 12, quantity: 4 },
          { itemId: 13, quantity: 1 },
        ],
      ],
    });
  });

  it("takes parts with quantities, dividing a line's units", () => {
    expect(
      planSplit(items, [
        { items: [{ id: 11, quantity: 3 }, { id: 13 }] },
        { items: [{ id: 11, quantity: 7 }] },
        [12],
      ]),
    ).toEqual({
      ok: true,
      plan: [
        [
          { itemId: 11, quantity: 3 },
          { itemId: 13, quantity: 1 },
        ],
        [{ itemId: 11, quantity: 7 }],
        [{ itemId: 12, quantity: 4 }],
      ],
    });
  });

  it("needs at least two and at most the maximum number of parts", () => {
    expect(codes([[11, 12, 13]])).toEqual([["parts", "backoffice.splitPartCount"]]);
    expect(codes([])).toEqual([["parts", "backoffice.splitPartCount"]]);
    expect(codes(Array.from({ length: MAX_SPLIT_PARTS + 1 }, () => [11]))).toEqual([
      ["parts", "backoffice.splitPartCount"],
    ]);
  });

  it("refuses bad shapes with a path to each", () => {
    expect(codes(undefined)).toEqual([["parts", "field.required"]]);
    expect(codes("11,12")).toEqual([["parts", "field.type"]]);
    expect(codes([[11], 12])).toEqual([["parts[1]", "field.type"]]);
    expect(codes([[11], ["12", 13]])).toEqual([["parts[1][0]", "field.type"]]);
    expect(codes([[11, 12], { items: [{ id: 13, qty: 1 }] }])).toEqual([
      ["parts[1].items[0].qty", "field.unknown"],
    ]);
    expect(codes([[11, 12], { items: 13 }])).toEqual([["parts[1].items", "field.type"]]);
    expect(codes([[11, 12], { list: [13] }])).toEqual([
      ["parts[1].list", "field.unknown"],
      ["parts[1].items", "field.required"],
    ]);
    expect(codes([[11, 12], { items: [13] }])).toEqual([["parts[1].items[0]", "field.type"]]);
  });

  it("refuses an empty part, an unknown item and an item named twice in a part", () => {
    expect(codes([[11, 12, 13], []])).toEqual([["parts[1]", "backoffice.splitEmptyPart"]]);
    expect(codes([[11, 12, 13], { items: [] }])).toEqual([
      ["parts[1]", "backoffice.splitEmptyPart"],
    ]);
    expect(
      codes([
        [11, 12],
        [13, 99],
      ]),
    ).toEqual([["parts[1][1]", "backoffice.splitUnknownItem"]]);
    expect(
      codes([
        [11, 12],
        [13, 13],
      ]),
    ).toEqual([["parts[1][1]", "backoffice.splitDuplicateItem"]]);
  });

  it("refuses bad quantities", () => {
    for (const quantity of [0, -1, 1.5, "3", null, 11]) {
      expect(
        codes([{ items: [{ id: 11, quantity }] }, [12, 13]]),
        `quantity ${String(quantity)}`,
      ).toEqual([["parts[0].items[0].quantity", "backoffice.splitQuantity"]]);
    }
  });

  it("assigns every unit exactly once", () => {
    expect(codes([[11], [12]])).toEqual([["parts", "backoffice.splitItemMissing"]]);
    expect(
      codes([
        [11, 12],
        [12, 13],
      ]),
    ).toEqual([["parts", "backoffice.splitQuantityMismatch"]]);
    expect(
      codes([{ items: [{ id: 11, quantity: 3 }] }, { items: [{ id: 11, quantity: 3 }] }, [12, 13]]),
    ).toEqual([["parts", "backoffice.splitQuantityMismatch"]]);
  });

  it("conserves quantities for any valid division of units (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer(),
        (quantities, partCount, seed) => {
          const order = quantities.map((quantity, n) => ({ id: n + 1, quantity }));
          const units = order.reduce((a, i) => a + i.quantity, 0);
          fc.pre(units >= partCount);
          // Deal the units round-robin from a seeded start, so every part gets something.
          const parts: Map<number, number>[] = Array.from({ length: partCount }, () => new Map());
          let k = Math.abs(seed) % partCount;
          for (const item of order)
            for (let u = 0; u < item.quantity; u++) {
              const part = parts[k++ % partCount]!;
              part.set(item.id, (part.get(item.id) ?? 0) + 1);
            }
          const raw = parts.map((p) => ({
            items: [...p].map(([id, quantity]) => ({ id, quantity })),
          }));
          const result = planSplit(order, raw);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          for (const item of order) {
            const total = result.plan
              .flat()
              .filter((a) => a.itemId === item.id)
              .reduce((a, x) => a + x.quantity, 0);
            expect(total).toBe(item.quantity);
          }
          expect(result.plan.every((p) => p.length > 0)).toBe(true);
          // Each item row is reused once; the other parts holding it get copies.
          const rows = rowAssignments(result.plan);
          for (const item of order)
            expect(rows.filter((r) => r.itemId === item.id && r.reuseRow)).toHaveLength(1);
        },
      ),
    );
  });
});

describe("rowAssignments", () => {
  it("moves a line to the first part holding it and copies it for later parts", () => {
    expect(
      rowAssignments([
        [{ itemId: 11, quantity: 3 }],
        [
          { itemId: 12, quantity: 4 },
          { itemId: 11, quantity: 7 },
        ],
      ]),
    ).toEqual([
      { part: 0, itemId: 11, quantity: 3, reuseRow: true },
      { part: 1, itemId: 12, quantity: 4, reuseRow: true },
      { part: 1, itemId: 11, quantity: 7, reuseRow: false },
    ]);
  });
});

describe("splitOrderNumber", () => {
  it("numbers parts after the original order", () => {
    expect(splitOrderNumber("000100011", 2)).toBe("000100011-2");
    expect(splitOrderNumber("000100011", 12)).toBe("000100011-12");
  });
});

describe("splitAmounts (decision 028)", () => {
  // A placed order with WELCOME10 and 19% tax: three lines, shipping 29.90 + 5.68 tax.
  const lines: PlacedLine[] = [
    { id: 1, quantity: 7, unitPrice: 4900, total: 30_870, taxTotal: 5865 },
    { id: 2, quantity: 3, unitPrice: 1999, total: 5397, taxTotal: 1025 },
    { id: 3, quantity: 1, unitPrice: 24_900, total: 22_410, taxTotal: 4258 },
  ];
  const order = { shippingTotal: 2990, shippingTaxTotal: 568 };
  const placedTotal =
    lines.reduce((s, l) => s + l.total + l.taxTotal, 0) + order.shippingTotal + 568;

  it("shares the order's amounts so the parts add up to the placed total, to the cent", () => {
    const plan = [
      [
        { itemId: 1, quantity: 3 },
        { itemId: 2, quantity: 1 },
      ],
      [{ itemId: 1, quantity: 2 }],
      [
        { itemId: 1, quantity: 2 },
        { itemId: 2, quantity: 2 },
        { itemId: 3, quantity: 1 },
      ],
    ];
    const parts = splitAmounts(lines, order, plan);
    const sum = (f: (p: (typeof parts)[number]) => number) => parts.reduce((s, p) => s + f(p), 0);
    expect(sum((p) => p.total)).toBe(placedTotal);
    expect(sum((p) => p.shippingTotal)).toBe(2990);
    expect(sum((p) => p.shippingTaxTotal)).toBe(568);
    expect(sum((p) => p.itemsSubtotal)).toBe(7 * 4900 + 3 * 1999 + 24_900);
    for (const p of parts) {
      // Each part's own lines add up too: subtotal + promotion + shipping + tax = total.
      expect(p.itemsSubtotal + p.orderPromotionTotal).toBe(p.itemsTotal);
      expect(p.itemsTotal + p.shippingTotal + p.shippingTaxTotal + p.taxTotal).toBe(p.total);
      expect(p.itemsTotal).toBe(p.lines.reduce((s, l) => s + l.total, 0));
    }
    // Line 1's 7 units: 3 + 2 + 2, its total and tax divided by quantity.
    const line1 = parts.map((p) => p.lines.find((l) => l.itemId === 1)!);
    expect(line1.map((l) => l.total)).toEqual([13_230, 8820, 8820]);
    // The unit price after the promotion, rounded: 4410 = 13,230 / 3 = 8820 / 2.
    expect(line1.map((l) => l.discountedUnitPrice)).toEqual([4410, 4410, 4410]);
    expect(line1.reduce((s, l) => s + l.taxTotal, 0)).toBe(5865);
    // Shipping follows each part's share of the items subtotal (to within a cent).
    for (const p of parts)
      expect(
        Math.abs(p.shippingTotal - (2990 * p.itemsSubtotal) / sum((x) => x.itemsSubtotal)),
      ).toBeLessThan(1);
  });

  it("keeps the lines in the order the plan names them", () => {
    const parts = splitAmounts(lines, order, [
      [
        { itemId: 3, quantity: 1 },
        { itemId: 1, quantity: 7 },
      ],
      [{ itemId: 2, quantity: 3 }],
    ]);
    expect(parts[0]!.lines.map((l) => l.itemId)).toEqual([3, 1]);
    expect(parts[1]!.lines[0]).toMatchObject({ itemId: 2, total: 5397, taxTotal: 1025 });
  });
});

describe("planSplit: every violation in full (mutation run)", () => {
  const full = (raw: unknown) => {
    const r = planSplit(items, raw);
    return r.ok ? [] : r.violations;
  };

  it("names the type, the bounds and the items, and keeps no allocation of a refused part", () => {
    expect(full(undefined)).toEqual([{ propertyPath: "parts", message: "field.required" }]);
    expect(full(null)).toEqual([{ propertyPath: "parts", message: "field.required" }]);
    expect(full({ parts: [] })).toEqual([
      { propertyPath: "parts", message: "field.type", params: { type: "array" } },
    ]);
    const count = [
      { propertyPath: "parts", message: "backoffice.splitPartCount", params: { min: 2, max: 20 } },
    ];
    expect(full([[11, 12, 13]])).toEqual(count);
    expect(full(Array.from({ length: 21 }, () => [11]))).toEqual(count);
    expect(codes(Array.from({ length: 20 }, () => [11]))).not.toContainEqual([
      "parts",
      "backoffice.splitPartCount",
    ]);
    expect(full([[11, 12, 13], null])).toEqual([
      { propertyPath: "parts[1]", message: "field.type", params: { type: "array" } },
    ]);
    expect(full([[11], { items: null }, { items: "12" }, { items: [] }, 5, [13, "12"]])).toEqual([
      { propertyPath: "parts[1].items", message: "field.required" },
      { propertyPath: "parts[2].items", message: "field.type", params: { type: "array" } },
      { propertyPath: "parts[3]", message: "backoffice.splitEmptyPart" },
      { propertyPath: "parts[4]", message: "field.type", params: { type: "array" } },
      { propertyPath: "parts[5][1]", message: "field.type", params: { type: "integer" } },
    ]);
    expect(
      full([
        { items: [null, [11], { id: 11.5 }, { id: 99 }, { id: 12, quantity: 5 }] },
        { items: [{ id: 13 }, { id: 13 }] },
      ]),
    ).toEqual([
      { propertyPath: "parts[0].items[0]", message: "field.type", params: { type: "object" } },
      { propertyPath: "parts[0].items[1]", message: "field.type", params: { type: "object" } },
      { propertyPath: "parts[0].items[2].id", message: "field.type", params: { type: "integer" } },
      {
        propertyPath: "parts[0].items[3].id",
        message: "backoffice.splitUnknownItem",
        params: { id: 99 },
      },
      {
        propertyPath: "parts[0].items[4].quantity",
        message: "backoffice.splitQuantity",
        params: { max: 4 },
      },
      {
        propertyPath: "parts[1].items[1].id",
        message: "backoffice.splitDuplicateItem",
        params: { id: 13 },
      },
    ]);
  });

  it("names the item missing and the item whose units do not add up", () => {
    expect(
      full([
        { items: [{ id: 11, quantity: 4 }] },
        { items: [{ id: 11, quantity: 5 }, { id: 13 }] },
      ]),
    ).toEqual([
      {
        propertyPath: "parts",
        message: "backoffice.splitQuantityMismatch",
        params: { id: 11, quantity: 10, assigned: 9 },
      },
      { propertyPath: "parts", message: "backoffice.splitItemMissing", params: { id: 12 } },
    ]);
  });
});

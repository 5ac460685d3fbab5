import { describe, expect, it } from "vitest";
import {
  MAX_PASTED_CHARACTERS,
  parsePastedLines,
  splitPastedLine,
} from "../../../server/domain/quick-order-paste.js";

describe("pasted quick-order lines (issue 21, part 3)", () => {
  it("reads every separator: comma, semicolon, tab, spaces", () => {
    expect(splitPastedLine("GLOW-MINI-ROSE, 3")).toEqual({ code: "GLOW-MINI-ROSE", quantity: "3" });
    expect(splitPastedLine("GLOW-MINI-ROSE;3")).toEqual({ code: "GLOW-MINI-ROSE", quantity: "3" });
    expect(splitPastedLine("GLOW-MINI-ROSE\t3")).toEqual({ code: "GLOW-MINI-ROSE", quantity: "3" });
    expect(splitPastedLine("  GLOW-MINI-ROSE    3  ")).toEqual({
      code: "GLOW-MINI-ROSE",
      quantity: "3",
    });
    // The first separator splits; the rest is the quantity as written, refused later.
    expect(splitPastedLine("GLOW-MINI-ROSE\t2,5")).toEqual({
      code: "GLOW-MINI-ROSE",
      quantity: "2,5",
    });
    expect(splitPastedLine("GLOW-MINI-ROSE")).toEqual({ code: "GLOW-MINI-ROSE", quantity: null });
    expect(splitPastedLine(";4")).toEqual({ code: null, quantity: "4" });
  });

  it("numbers lines as pasted, skips blank lines and a header line", () => {
    const parsed = parsePastedLines("code;quantity\r\nA;1\n\n  \nB\t2\rC 3\n");
    expect(parsed.refusal).toBeUndefined();
    expect(parsed.lines).toEqual([
      { row: 2, code: "A", quantity: "1" },
      { row: 5, code: "B", quantity: "2" },
      { row: 6, code: "C", quantity: "3" },
    ]);
    // Only a first line is a header; "SKU" elsewhere is a code.
    expect(parsePastedLines("A,1\nsku,qty").lines?.[1]).toEqual({
      row: 2,
      code: "sku",
      quantity: "qty",
    });
  });

  it("refuses no lines, more than 1,000 lines and too much text", () => {
    expect(parsePastedLines(" \n\n").refusal).toEqual({ reason: "empty" });
    expect(parsePastedLines(Array(1000).fill("A,1").join("\n")).lines).toHaveLength(1000);
    expect(parsePastedLines(Array(1001).fill("A,1").join("\n")).refusal).toEqual({
      reason: "tooManyLines",
      max: 1000,
      count: 1001,
    });
    expect(parsePastedLines("A,1\n".repeat(MAX_PASTED_CHARACTERS / 4 + 1)).refusal).toEqual({
      reason: "tooLong",
      max: MAX_PASTED_CHARACTERS,
    });
  });
});

describe("pasted lines: headers, bounds and codes without a quantity (mutation run)", () => {
  it("skips a first line that names the columns, with any of their names, a quantity column or not", () => {
    for (const header of [
      "product_variant_code;quantity",
      "Variant_Code\tQTY",
      "code, qty",
      "SKU",
      "sku quantity",
    ])
      expect(parsePastedLines(`${header}\nGLOW-MINI-ROSE;2`), header).toEqual({
        lines: [{ row: 2, code: "GLOW-MINI-ROSE", quantity: "2" }],
      });
    // A column name with a quantity that is no column name is a product line.
    expect(parsePastedLines("code;3\nGLOW-MINI-ROSE;2").lines).toHaveLength(2);
  });

  it("keeps a first line without a code as a line, and trims the code before its separator", () => {
    expect(parsePastedLines(";3\nGLOW-MINI-ROSE;2")).toEqual({
      lines: [
        { row: 1, code: null, quantity: "3" },
        { row: 2, code: "GLOW-MINI-ROSE", quantity: "2" },
      ],
    });
    expect(splitPastedLine("GLOW-MINI-ROSE ; 3")).toEqual({
      code: "GLOW-MINI-ROSE",
      quantity: "3",
    });
  });

  it("takes a text of exactly 100,000 characters", () => {
    const line = "GLOW-MINI-ROSE;2";
    const text = line + " ".repeat(MAX_PASTED_CHARACTERS - line.length);
    expect(text).toHaveLength(MAX_PASTED_CHARACTERS);
    expect(parsePastedLines(text).lines).toEqual([
      { row: 1, code: "GLOW-MINI-ROSE", quantity: "2" },
    ]);
  });
});

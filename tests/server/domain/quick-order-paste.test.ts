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

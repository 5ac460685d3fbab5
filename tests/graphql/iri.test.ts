import fc from "fast-check";
import { describe, expect, it } from "vitest";
import "../support/fc-seed.js";
import { idOf, requiredIdOf } from "../../graphql/rest/iri.js";

/** The rule idOf implements with slices, written the plain way. */
function plainIdOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const last = value.split("?")[0]!.replace(/\/+$/, "").split("/").pop() ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

describe("idOf", () => {
  it("reads the last path segment of an IRI, decoded", () => {
    expect(idOf("/api/v2/shop/products/SERUM-30")).toBe("SERUM-30");
    expect(idOf("/api/v2/shop/taxons/skin%20care")).toBe("skin care");
    expect(idOf("/api/v2/shop/orders/abc/")).toBe("abc");
    expect(idOf("/api/v2/shop/orders/abc?x=1/2")).toBe("abc");
    expect(idOf("CODE")).toBe("CODE");
    expect(idOf("/x/bad%zz")).toBe("bad%zz");
    expect(idOf("")).toBeNull();
    expect(idOf(null)).toBeNull();
    expect(idOf(undefined)).toBeNull();
    expect(requiredIdOf("/")).toBe("");
  });

  it("answers as the plain rule does for any string", () => {
    const part = fc.constantFrom("/", "?", "%", "%2F", "%zz", "a", "B-1", "é", "");
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const value = parts.join("");
        expect(idOf(value)).toBe(plainIdOf(value));
      }),
      { numRuns: 2000 },
    );
  });
});

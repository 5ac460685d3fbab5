import { describe, expect, it } from "vitest";
import { loginPathFor, safeReturnPath } from "../../src/lib/return-path";

describe("the page sign-in returns to (decision 055)", () => {
  it("takes a path of this site, with its query and fragment", () => {
    expect(safeReturnPath("/shop/account/payments")).toBe("/shop/account/payments");
    expect(safeReturnPath("/shop/products/GLOW-PRO?variant=2#tiers")).toBe(
      "/shop/products/GLOW-PRO?variant=2#tiers",
    );
  });

  it("refuses other sites, schemes and what a browser reads as another host", () => {
    for (const raw of [
      "//evil.example",
      "//evil.example/shop",
      "/\\evil.example",
      "/\t/evil.example",
      "https://evil.example/shop",
      "http:/evil.example",
      "javascript:alert(1)",
      "shop/account",
      "",
      null,
      undefined,
      "/login",
      "/login?next=/shop",
    ])
      expect(safeReturnPath(raw), String(raw)).toBeNull();
  });

  it("builds the sign-in address with the target encoded, none for the shop home", () => {
    expect(loginPathFor("/shop/account/payments")).toBe("/login?next=%2Fshop%2Faccount%2Fpayments");
    expect(loginPathFor("/shop")).toBe("/login");
    expect(loginPathFor("//evil.example")).toBe("/login");
  });
});

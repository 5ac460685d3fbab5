import { describe, expect, it } from "vitest";

import { PASSWORD_MAX, PASSWORD_MIN, passwordViolations } from "../../../server/domain/password.js";

const EMAIL = "Anna.Berger@Demo-Spa.example";

describe("passwordViolations (decision 008)", () => {
  it("takes 10 to 128 characters", () => {
    expect(PASSWORD_MIN).toBe(10);
    expect(PASSWORD_MAX).toBe(128);
    expect(passwordViolations("a".repeat(9) + "b", EMAIL)).toEqual([]);
    expect(passwordViolations("x".repeat(128), EMAIL)).toEqual([]);
  });

  it.each<[string, unknown]>([
    ["nothing", undefined],
    ["an empty text", ""],
    ["a number", 1234567890],
    ["null", null],
  ])("requires a password: %s is none", (_, password) => {
    expect(passwordViolations(password, EMAIL)).toEqual([
      { propertyPath: "newPassword", message: "field.required" },
    ]);
  });

  it("names the field it was given", () => {
    expect(passwordViolations("", EMAIL, "password")).toEqual([
      { propertyPath: "password", message: "field.required" },
    ]);
    expect(passwordViolations("short", EMAIL, "password")[0]!.propertyPath).toBe("password");
  });

  it("refuses 9 characters as too short and 129 as too long, with the bound", () => {
    expect(passwordViolations("a".repeat(9), EMAIL)).toEqual([
      { propertyPath: "newPassword", message: "password.tooShort", params: { min: 10 } },
    ]);
    expect(passwordViolations("x".repeat(129), EMAIL)).toEqual([
      { propertyPath: "newPassword", message: "password.tooLong", params: { max: 128 } },
    ]);
  });

  it("refuses the e-mail address or its local part, in any case", () => {
    const like = [{ propertyPath: "newPassword", message: "password.likeEmail" }];
    expect(passwordViolations("anna.berger@demo-spa.example", EMAIL)).toEqual(like);
    expect(passwordViolations("ANNA.BERGER@DEMO-SPA.EXAMPLE", EMAIL)).toEqual(like);
    expect(passwordViolations("Anna.BERGER", EMAIL)).toEqual(like);
    // Part of the local part, or the domain, is no copy of the address.
    expect(passwordViolations("demo-spa.example", EMAIL)).toEqual([]);
    expect(passwordViolations("anna.berger1", EMAIL)).toEqual([]);
  });

  it("refuses the common passwords in any case, and nothing else", () => {
    const common = [{ propertyPath: "newPassword", message: "password.common" }];
    for (const p of [
      "password12",
      "Password123",
      "1234567890",
      "QWERTYUIOP",
      "PartnerPortal",
      "letmein123",
      "welcome123",
    ])
      expect(passwordViolations(p, EMAIL), p).toEqual(common);
    expect(passwordViolations("password1234", EMAIL)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN, isEmailAddress } from "../../rules/email.js";

describe("isEmailAddress: the one e-mail rule of browser, machines and server", () => {
  it.each(["anna@atelier-nord.example", "a.b+c@d.co", "x@y.z"])("accepts %s", (text) => {
    expect(isEmailAddress(text)).toBe(true);
  });

  it.each([
    "",
    "anna",
    "anna@",
    "@atelier.example",
    "anna@atelier",
    "anna@@atelier.example",
    "an na@atelier.example",
    "anna@atelier .example",
    " anna@atelier.example",
    "anna@atelier.example ",
    "anna@atelier.",
    "anna@.example",
  ])("refuses %j", (text) => {
    expect(isEmailAddress(text)).toBe(false);
  });

  it("is anchored at both ends", () => {
    expect(EMAIL_PATTERN.source.startsWith("^")).toBe(true);
    expect(isEmailAddress("x anna@atelier.example")).toBe(false);
    expect(isEmailAddress("anna@atelier.example x")).toBe(false);
  });
});

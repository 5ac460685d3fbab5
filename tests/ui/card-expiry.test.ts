import { describe, expect, it } from "vitest";
import de from "../../locales/de/payment.json";
import {
  formatCardNumberInput,
  formatExpiryInput,
  readExpiry,
  refusalKey,
} from "../../src/components/card-payment/card-payment-dialog";

describe("the card's expiry as typed (issue 30)", () => {
  it("reads '0330' as 03/30, keystroke by keystroke or pasted", () => {
    let shown = "";
    for (const key of "0330") shown = formatExpiryInput(shown + key, shown);
    expect(shown).toBe("03/30");
    expect(formatExpiryInput("0330")).toBe("03/30");
    expect(readExpiry(formatExpiryInput("0330"))).toEqual({ month: "03", year: "2030" });
  });

  it("keeps what is already a date and drops what is not a digit", () => {
    expect(formatExpiryInput("03/30")).toBe("03/30");
    expect(formatExpiryInput("03/2030")).toBe("03/2030");
    expect(formatExpiryInput("03 / 30")).toBe("03/30");
    expect(formatExpiryInput("ab")).toBe("");
    expect(formatExpiryInput("12/345678")).toBe("12/3456");
  });

  it("makes a lone month digit from 2 to 9 a month, and lets backspace remove the slash", () => {
    expect(formatExpiryInput("3")).toBe("03/");
    expect(formatExpiryInput("1")).toBe("1");
    expect(formatExpiryInput("12")).toBe("12");
    expect(formatExpiryInput("03", "03/")).toBe("03");
    expect(formatExpiryInput("0", "03")).toBe("0");
  });
});

describe("the card number as typed (issue 30)", () => {
  it("groups the digits by four, keystroke by keystroke or pasted", () => {
    let shown = "";
    for (const key of "4000000000000002") shown = formatCardNumberInput(shown + key);
    expect(shown).toBe("4000 0000 0000 0002");
    expect(formatCardNumberInput("4000-0000-0000-0002")).toBe("4000 0000 0000 0002");
    expect(formatCardNumberInput("4000 ")).toBe("4000");
    expect(formatCardNumberInput("12345678901234567890123")).toBe("1234 5678 9012 3456 789");
  });
});

describe("a failed payment in the partner's words (issue 30)", () => {
  it("names the reason the partner can act on, never the gateway's English word", () => {
    expect(refusalKey("Refused", "Refused")).toBe("declined");
    expect(refusalKey("Refused", "Not enough balance")).toBe("notEnoughBalance");
    expect(refusalKey("Refused", "CVC Declined")).toBe("cvc");
    expect(refusalKey("Refused", "Expired Card")).toBe("expired");
    expect(refusalKey("Refused", "3D Not Authenticated")).toBe("authentication");
    expect(refusalKey("Refused", "FRAUD")).toBe("declined");
    expect(refusalKey("Refused", null)).toBe("declined");
    expect(refusalKey("Error", null)).toBe("error");
    expect(refusalKey("Cancelled", null)).toBe("cancelled");
  });

  it("has a German text for every reason, without the gateway's words", () => {
    const keys = [
      "Refused",
      "Not enough balance",
      "CVC Declined",
      "Expired Card",
      "Invalid Card Number",
      "3D Not Authenticated",
      "Blocked Card",
      "Issuer Unavailable",
      "Shopper Cancelled",
    ].map((r) => refusalKey("Refused", r));
    keys.push(refusalKey("Error", null));
    for (const key of keys) {
      const text = (de.refusal as Record<string, string>)[key];
      expect(text, key).toBeTruthy();
      expect(text).not.toMatch(/Refused|balance|Declined|Card/);
    }
  });
});

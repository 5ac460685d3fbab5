import { describe, expect, it } from "vitest";
import {
  formatExpiryInput,
  readExpiry,
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

import { describe, expect, it } from "vitest";
import { readRegistrationEmail } from "../../rules/registration";

/**
 * The body of the e-mail check when registration's first step is left (issue 30): read as the
 * application reads its contact's e-mail (trimmed, required, an address), nothing else taken.
 */
describe("readRegistrationEmail", () => {
  it("takes a trimmed address and nothing else", () => {
    expect(readRegistrationEmail({ email: " a@b.example " })).toEqual({
      email: "a@b.example",
      violations: [],
    });
  });

  it("refuses a missing, blank, malformed or non-text address, each at its field", () => {
    const at = (raw: unknown) => readRegistrationEmail(raw).violations;
    expect(at({})).toEqual([{ propertyPath: "email", message: "field.required" }]);
    expect(at(null)).toEqual([{ propertyPath: "email", message: "field.required" }]);
    expect(at({ email: "" })).toEqual([{ propertyPath: "email", message: "field.required" }]);
    expect(at({ email: "nope" })).toEqual([{ propertyPath: "email", message: "field.email" }]);
    expect(at({ email: 5 })).toEqual([
      { propertyPath: "email", message: "field.type", params: { type: "string" } },
    ]);
  });

  it("refuses a body that is not an object, and any other field", () => {
    const at = (raw: unknown) => readRegistrationEmail(raw);
    expect(at([])).toEqual({
      violations: [{ propertyPath: "", message: "field.type", params: { type: "object" } }],
    });
    expect(at("a@b.example")).not.toHaveProperty("email");
    expect(at({ email: "a@b.example", x: 1 })).toEqual({
      violations: [{ propertyPath: "x", message: "field.unknown" }],
    });
  });
});

// Hand-written cases of the cart machine beside its generated paths (cart.paths.test.ts):
// what the path tests' oracles left alive in the mutation run (decision 036). A separate
// file, so that adding a case does not make Stryker's incremental run retest every mutant
// the path tests already killed (it knows tests by file and name, not by location).
import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import {
  cartMachine,
  errorDetail,
  errorViolations,
  isCartLoading,
} from "../../machines/cart.machine.js";

describe("cart machine: hand-written cases", () => {
  it("reads a refusal's fields and words: detail before message, nothing from a blank or a non-object", () => {
    expect(errorViolations(null)).toEqual([]);
    expect(errorViolations({ violations: "quantity" })).toEqual([]);
    expect(
      errorViolations({
        violations: [null, { propertyPath: 3 }, { propertyPath: "quantity", message: "Too many" }],
      }),
    ).toEqual([{ propertyPath: "quantity", message: "Too many" }]);
    expect(errorDetail({ detail: "Out of stock.", message: "ignored" })).toBe("Out of stock.");
    expect(errorDetail({ detail: "", message: "Said as message." })).toBe("Said as message.");
    expect(errorDetail({ detail: "", message: "" })).toBeNull();
    expect(errorDetail("Out of stock.")).toBeNull();
    expect(errorDetail(null)).toBeNull();
  });

  it("counts the cart as busy everywhere but idle, unavailable and signed out", () => {
    const context = createActor(cartMachine).getSnapshot().context;
    for (const value of ["idle", "unavailable", "signedOut"])
      expect(isCartLoading({ value, context })).toBe(false);
    for (const value of ["finding", "updating", "checkingShipment", "settingShipment"])
      expect(isCartLoading({ value, context })).toBe(true);
  });
});

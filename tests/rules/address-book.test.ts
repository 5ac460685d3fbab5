import { describe, expect, it } from "vitest";
import { addressChangeViolation, shippingSwitch } from "../../rules/address-book.js";

const defaults = { default_billing_address_id: 1, default_shipping_address_id: 2 };

describe("addressChangeViolation", () => {
  it("locks the default billing address against editing and removal", () => {
    expect(addressChangeViolation("edit", 1, defaults)).toBe("address.billingNotEditable");
    expect(addressChangeViolation("remove", 1, defaults)).toBe("address.billingNotRemovable");
  });

  it("lets the default shipping address be edited but not removed", () => {
    expect(addressChangeViolation("edit", 2, defaults)).toBeUndefined();
    expect(addressChangeViolation("remove", 2, defaults)).toBe("address.shippingNotRemovable");
  });

  it("allows anything on other addresses, and on any address of a company without defaults", () => {
    expect(addressChangeViolation("edit", 5, defaults)).toBeUndefined();
    expect(addressChangeViolation("remove", 5, defaults)).toBeUndefined();
    const none = { default_billing_address_id: null, default_shipping_address_id: null };
    expect(addressChangeViolation("remove", 1, none)).toBeUndefined();
  });

  it("names the billing rule when one address is both defaults", () => {
    const both = { default_billing_address_id: 3, default_shipping_address_id: 3 };
    expect(addressChangeViolation("remove", 3, both)).toBe("address.billingNotRemovable");
  });
});

describe("shippingSwitch", () => {
  it("moves the default when the switch is on for another address", () => {
    expect(shippingSwitch(5, true, defaults)).toBe("set");
  });

  it("keeps things as they are when nothing changes", () => {
    expect(shippingSwitch(2, true, defaults)).toBe("keep");
    expect(shippingSwitch(5, false, defaults)).toBe("keep");
    expect(shippingSwitch(5, undefined, defaults)).toBe("keep");
    expect(shippingSwitch(2, undefined, defaults)).toBe("keep");
  });

  it("refuses to switch off the current default", () => {
    expect(shippingSwitch(2, false, defaults)).toBe("refuse");
  });

  it("makes the first address of a company without a default shipping address the default", () => {
    const none = { default_billing_address_id: 1, default_shipping_address_id: null };
    expect(shippingSwitch(5, undefined, none)).toBe("set");
    expect(shippingSwitch(5, false, none)).toBe("keep");
  });
});

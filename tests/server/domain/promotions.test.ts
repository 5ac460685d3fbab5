import { describe, expect, it } from "vitest";

import { type Coupon, couponViolation } from "../../../server/domain/promotions.js";

const now = new Date("2025-06-15T12:00:00Z");
const hour = 3_600_000;

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    code: "SUMMER10",
    percentageBp: 1000,
    usageLimit: 100,
    used: 3,
    startsAt: new Date(now.getTime() - 24 * hour),
    endsAt: new Date(now.getTime() + 24 * hour),
    enabled: true,
    ...overrides,
  };
}

const invalid = { propertyPath: "couponCode", message: "coupon.invalid" };

describe("couponViolation", () => {
  it("accepts an enabled coupon within its dates and under its usage limit", () => {
    expect(couponViolation(coupon(), now)).toBeNull();
  });

  it("accepts a coupon without start or end date", () => {
    expect(couponViolation(coupon({ startsAt: null, endsAt: null }), now)).toBeNull();
  });

  it("refuses an unknown coupon as invalid", () => {
    expect(couponViolation(undefined, now)).toEqual(invalid);
  });

  it("refuses a disabled coupon as invalid", () => {
    expect(couponViolation(coupon({ enabled: false }), now)).toEqual(invalid);
  });

  it("refuses a disabled coupon as invalid even when it is also expired or used up", () => {
    const ended = new Date(now.getTime() - hour);
    expect(couponViolation(coupon({ enabled: false, endsAt: ended }), now)).toEqual(invalid);
    expect(couponViolation(coupon({ enabled: false, used: 100 }), now)).toEqual(invalid);
  });

  it("refuses a coupon that has not started yet as invalid", () => {
    const startsAt = new Date(now.getTime() + 1);
    expect(couponViolation(coupon({ startsAt }), now)).toEqual(invalid);
  });

  it("accepts a coupon from the very moment it starts", () => {
    expect(couponViolation(coupon({ startsAt: new Date(now) }), now)).toBeNull();
  });

  it("refuses a coupon that has ended as expired", () => {
    const endsAt = new Date(now.getTime() - hour);
    expect(couponViolation(coupon({ endsAt }), now)).toEqual({
      propertyPath: "couponCode",
      message: "coupon.expired",
    });
  });

  it("counts a coupon ending exactly now as expired", () => {
    expect(couponViolation(coupon({ endsAt: new Date(now) }), now)?.message).toBe("coupon.expired");
  });

  it("accepts a coupon up to the millisecond before it ends", () => {
    const endsAt = new Date(now.getTime() + 1);
    expect(couponViolation(coupon({ endsAt }), now)).toBeNull();
  });

  it("refuses a coupon whose usage limit is reached as used up", () => {
    expect(couponViolation(coupon({ usageLimit: 100, used: 100 }), now)).toEqual({
      propertyPath: "couponCode",
      message: "coupon.usedUp",
    });
    expect(couponViolation(coupon({ usageLimit: 100, used: 101 }), now)?.message).toBe(
      "coupon.usedUp",
    );
  });

  it("accepts a coupon with one use left", () => {
    expect(couponViolation(coupon({ usageLimit: 100, used: 99 }), now)).toBeNull();
  });

  it("treats a usage limit of 0 as used up from the start", () => {
    expect(couponViolation(coupon({ usageLimit: 0, used: 0 }), now)?.message).toBe("coupon.usedUp");
  });

  it("accepts any number of uses when the usage limit is null", () => {
    expect(couponViolation(coupon({ usageLimit: null, used: 1_000_000 }), now)).toBeNull();
  });
});

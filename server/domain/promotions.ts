import type { Violation } from "../../rules/violations.js";

export interface Coupon {
  code: string;
  percentageBp: number;
  usageLimit: number | null;
  used: number;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
}

/**
 * Whether a coupon can be applied now. The usage limit is checked again, atomically, when the
 * order is completed (see the completion in server/db/orders.ts): this check is for the person
 * entering the code, that one is for safety.
 */
export function couponViolation(coupon: Coupon | undefined, now: Date): Violation | null {
  const invalid = { propertyPath: "couponCode", message: "coupon.invalid" };
  if (!coupon || !coupon.enabled) return invalid;
  if (coupon.startsAt && coupon.startsAt > now) return invalid;
  if (coupon.endsAt && coupon.endsAt <= now) return { ...invalid, message: "coupon.expired" };
  if (coupon.usageLimit !== null && coupon.used >= coupon.usageLimit) {
    return { ...invalid, message: "coupon.usedUp" };
  }
  return null;
}

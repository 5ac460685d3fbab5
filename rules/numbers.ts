/**
 * `Number.isInteger` and `Number.isSafeInteger` as type guards. Both are false for anything that
 * is not a number (a numeric string included), so no `typeof` check needs to come first.
 */
export const isInteger = (value: unknown): value is number => Number.isInteger(value);
export const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value);

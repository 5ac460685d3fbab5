import type { Violation } from "../../rules/violations.js";

import { PASSWORD_MAX, PASSWORD_MIN } from "../../rules/password.js";

export { PASSWORD_MAX, PASSWORD_MIN };

/** A few of the most used passwords; length alone already rules out most of such lists. */
const COMMON = new Set([
  "password12",
  "password123",
  "1234567890",
  "qwertyuiop",
  "partnerportal",
  "letmein123",
  "welcome123",
]);

/**
 * Password rules (docs/decisions/008-password-rules.md), after NIST SP 800-63B: length matters,
 * composition rules do not. 10 to 128 characters, not the e-mail address, not a common password.
 */
export function passwordViolations(
  password: unknown,
  email: string,
  propertyPath = "newPassword",
): Violation[] {
  if (typeof password !== "string" || password.length === 0)
    return [{ propertyPath, message: "field.required" }];
  if (password.length < PASSWORD_MIN)
    return [{ propertyPath, message: "password.tooShort", params: { min: PASSWORD_MIN } }];
  if (password.length > PASSWORD_MAX)
    return [{ propertyPath, message: "password.tooLong", params: { max: PASSWORD_MAX } }];
  const lower = password.toLowerCase();
  if (lower === email.toLowerCase() || lower === email.split("@")[0]!.toLowerCase()) {
    return [{ propertyPath, message: "password.likeEmail" }];
  }
  if (COMMON.has(lower)) return [{ propertyPath, message: "password.common" }];
  return [];
}

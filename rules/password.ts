/**
 * Password length (decision 008, after NIST SP 800-63B): 10 to 128 characters, taken as typed.
 * One statement for both sides (issue 30): every form that sets a password shows the error at
 * the field before submit; the server decides (server/domain/password.ts) and also refuses the
 * e-mail address and common passwords. Pure: imports nothing.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** The rule a new password breaks by its length, or null (an empty one is the form's "required"). */
export function passwordLengthError(
  password: string,
): "password.tooShort" | "password.tooLong" | null {
  if (password.length === 0) return null;
  if (password.length < PASSWORD_MIN) return "password.tooShort";
  if (password.length > PASSWORD_MAX) return "password.tooLong";
  return null;
}

export { ACCOUNT_TEXTS } from "../account-texts";

/**
 * Machines carry either a translation key (their own rules, fallbacks) or the server's words
 * (already translated): a key has no spaces.
 */
export function textOf(t: (key: string) => string, value: string): string {
  return /^[\w-]+(\.[\w-]+)+$/.test(value) ? t(value) : value;
}

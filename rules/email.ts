/**
 * The one e-mail rule of the portal (issue 33): something, an @, a domain with a dot, no
 * spaces. Deliberately loose: the invitation, reset or confirmation mail proves the address;
 * this only catches typing slips. Browser, machines and server all test with it.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `text` reads as an e-mail address (after the caller's trimming). */
export const isEmailAddress = (text: string): boolean => EMAIL_PATTERN.test(text);

import { ROLES } from "./permissions.js";

/** Fields of "My information" (spec 2) sent with PUT /customers/{id}. */
export const PERSONAL_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "phoneNumber",
  "jobTitle",
] as const;
/** The company data fields of the same call (spec 7: "Update customer company data"). */
export const COMPANY_FIELDS = ["companyName", "taxNumber", "poNumberRequired"] as const;

/** Names: at least 2 characters (spec 5 and 9), at most what a label can show. */
export const NAME_MIN = 2;
export const NAME_MAX = 100;
/** The longest address RFC 5321 allows. */
export const EMAIL_MAX = 254;
export const PHONE_MAX = 40;
export const JOB_TITLE_MAX = 100;
export const COMPANY_NAME_MAX = 255;
export const TAX_NUMBER_MAX = 40;

/**
 * Which parts of the customer a PUT changes. The storefront sends personal data and company
 * data as two separate calls to the same path (spec 7), so a body with only company fields is
 * a company update; any other body is a personal update, whose required fields (spec 5:
 * firstName, lastName, email) must then be present.
 */
export function customerUpdateScope(keys: readonly string[]): {
  personal: boolean;
  company: boolean;
} {
  const company = keys.some((k) => (COMPANY_FIELDS as readonly string[]).includes(k));
  const personal = keys.some((k) => (PERSONAL_FIELDS as readonly string[]).includes(k));
  return { personal: personal || !company, company };
}

/**
 * Company data (name, tax number) speaks for the whole company and decides which terms apply
 * (a tax number means the European entity's terms), so only a company ADMIN changes it.
 */
export function canEditCompanyData(roles: readonly string[]): boolean {
  return roles.includes(ROLES.admin);
}

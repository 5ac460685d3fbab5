import {
  BUSINESS_MODELS,
  COMPANY_STATUSES,
  needsRegistrationNumber,
  needsVatNumber,
  questionsFor,
  readRegistration,
  TYPES_OF_BUSINESS,
  type BusinessModel,
  type CountryFacts,
} from "../../../rules/registration";
import {
  STEP_FIELDS,
  type FieldErrors,
  type RegistrationCountry,
  type RegistrationField,
  type RegistrationRules,
  type RegistrationValues,
} from "../../../machines/registration.machine";
import { BRAND } from "../../lib/brand";

export { BUSINESS_MODELS, COMPANY_STATUSES, TYPES_OF_BUSINESS };

/**
 * The form's rules are the server's: the page builds the very payload it will send and runs
 * `readRegistration` of rules/registration.ts (pure, no database) on it, then keeps the
 * violations of the step's fields. Which fields are asked comes from the same module
 * (`needsRegistrationNumber`, `needsVatNumber`, `questionsFor`), so the client cannot drift
 * from the API. The server's message keys are mapped to the form's texts (spec section 5).
 */

/** The in-stock question's key: `already_have_{product}_in_stock` (account spec section 7). */
export const IN_STOCK_KEY = `already_have_${BRAND.product.toLowerCase().replace(/[^a-z0-9]+/g, "_")}_in_stock`;

const isBusinessModel = (value: string): value is BusinessModel =>
  (BUSINESS_MODELS as readonly string[]).includes(value);

const countryOf = (values: RegistrationValues, countries: readonly RegistrationCountry[]) =>
  countries.find((c) => c.code === values.billingCountry);

/** Whether the form shows a field, given what has been chosen so far. */
export function isFieldShown(
  field: RegistrationField,
  values: RegistrationValues,
  countries: readonly RegistrationCountry[],
): boolean {
  const country = countryOf(values, countries);
  const questions = isBusinessModel(values.businessModel)
    ? questionsFor(values.businessModel)
    : { webUrl: false, storesCount: false, onlineShopsCount: false };
  switch (field) {
    case "registrationNumber":
      return country !== undefined && needsRegistrationNumber(country.code);
    case "vatNumber":
      return country !== undefined && needsVatNumber(country);
    case "state":
      return country !== undefined && country.provinces.length > 0;
    case "webUrl":
      return questions.webUrl;
    case "storesCount":
      return questions.storesCount;
    case "onlineShopsCount":
      return questions.onlineShopsCount;
    case "supplier":
      return values.inStock === "YES";
    default:
      return true;
  }
}

const count = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : text);

/**
 * The `POST /form/customer` payload of account spec section 7 from the form's (trimmed)
 * values. Fields the form does not show are not sent; the company's address is both billing
 * and shipping address.
 */
export function registrationPayload(
  values: RegistrationValues,
  countries: readonly RegistrationCountry[],
  termsAccepted: boolean,
) {
  const shown = (field: RegistrationField) => isFieldShown(field, values, countries);
  const optional = (text: string) => (text === "" ? undefined : text);
  const address = {
    country: values.billingCountry,
    street: values.streetAddress,
    street2: null,
    company: optional(values.companyName) ?? null,
    post_code: values.postalCode,
    town: values.city,
    state: shown("state") ? values.state : null,
    neighborhood: null,
    phone_number: optional(values.phone) ?? null,
    name: optional(values.name) ?? null,
    surname: optional(values.surname) ?? null,
    email: null,
  };
  const evaluation: Record<string, unknown> = {
    type_of_business: values.typeOfBusiness,
    company_status: values.companyStatus,
    business_model: values.businessModel,
    web_url: shown("webUrl") ? optional(values.webUrl) : undefined,
    stores_count: shown("storesCount") ? optional(values.storesCount) : undefined,
    online_shops_count: shown("onlineShopsCount") ? optional(values.onlineShopsCount) : undefined,
    trading_countries: optional(values.tradingCountries),
    [IN_STOCK_KEY]: optional(values.inStock),
    supplier_name: shown("supplier") ? optional(values.supplier) : undefined,
    retail_beauty_market_share: optional(values.retailBeauty),
    skincare_market_share: optional(values.skincareMarketShare),
  };
  for (const key of ["stores_count", "online_shops_count"]) {
    if (typeof evaluation[key] === "string") evaluation[key] = count(evaluation[key]);
  }
  return {
    companyName: values.companyName,
    customerType: values.businessModel,
    corporateRegistrationNumber: shown("registrationNumber")
      ? (optional(values.registrationNumber) ?? null)
      : null,
    taxNumber: shown("vatNumber") ? (optional(values.vatNumber) ?? null) : null,
    jobTitle: optional(values.jobTitle) ?? null,
    relationships: {
      default_contact: {
        name: values.name,
        surname: values.surname,
        email: values.email,
        phone: values.phone,
        type: "primary",
      },
      billing_address: address,
      shipping_address: address,
    },
    // JSON.stringify leaves out the questions not asked (undefined).
    evaluation: JSON.stringify(evaluation),
    termsAccepted,
  };
}

/** The form field of each payload property the server may point at. */
const FIELD_OF_PATH: Readonly<Record<string, RegistrationField>> = {
  companyName: "companyName",
  customerType: "businessModel",
  corporateRegistrationNumber: "registrationNumber",
  taxNumber: "vatNumber",
  jobTitle: "jobTitle",
  "relationships.default_contact.name": "name",
  "relationships.default_contact.surname": "surname",
  "relationships.default_contact.email": "email",
  "relationships.default_contact.phone": "phone",
  "relationships.billing_address.country": "billingCountry",
  "relationships.billing_address.street": "streetAddress",
  "relationships.billing_address.post_code": "postalCode",
  "relationships.billing_address.town": "city",
  "relationships.billing_address.state": "state",
  "evaluation.type_of_business": "typeOfBusiness",
  "evaluation.company_status": "companyStatus",
  "evaluation.business_model": "businessModel",
  "evaluation.web_url": "webUrl",
  "evaluation.stores_count": "storesCount",
  "evaluation.online_shops_count": "onlineShopsCount",
  "evaluation.trading_countries": "tradingCountries",
  [`evaluation.${IN_STOCK_KEY}`]: "inStock",
  "evaluation.supplier_name": "supplier",
  "evaluation.retail_beauty_market_share": "retailBeauty",
  "evaluation.skincare_market_share": "skincareMarketShare",
};

/** The form's text key for a server message key (spec section 5 wording where it gives one). */
const MESSAGE_OF_KEY: Readonly<Record<string, string>> = {
  "field.required": "validation.required",
  "partnerRegistration.registrationNumberRequired": "validation.required",
  "partnerRegistration.vatNumberRequired": "validation.required",
  "address.provinceRequired": "validation.required",
  "partnerRegistration.businessModelRequired": "validation.businessModel",
  "field.tooShort": "validation.minLength",
  "field.tooLong": "validation.tooLong",
  "field.email": "validation.email",
  "partnerRegistration.url": "validation.url",
  "partnerRegistration.count": "validation.count",
  "partnerRegistration.invalidChoice": "validation.choice",
  "address.provinceUnknown": "validation.choice",
  "address.countryUnknown": "validation.choice",
  // Issue 30: the postcode, the phone and the VAT number fit the country (rules/address.ts).
  "address.postcodeInvalid": "validation.postcode",
  "address.phoneInvalid": "validation.phone",
  "vatNumber.invalid": "validation.vat",
  "vatNumber.implausible": "validation.vatImplausible",
};

const toFacts = (countries: readonly RegistrationCountry[]) =>
  new Map<string, CountryFacts>(countries.map((c) => [c.code, c]));

/** The rules the registration machine is given: the server's, step by step. */
export const registrationRules: RegistrationRules = {
  validateStep(step, values, countries) {
    const fields = new Set<RegistrationField>(
      (STEP_FIELDS[step] ?? []).filter((f) => isFieldShown(f, values, countries)),
    );
    const result = readRegistration(
      registrationPayload(values, countries, true),
      toFacts(countries),
    );
    const errors: FieldErrors = {};
    for (const v of result.violations) {
      const field = FIELD_OF_PATH[v.propertyPath];
      if (!field || !fields.has(field) || errors[field]) continue;
      errors[field] = { key: MESSAGE_OF_KEY[v.message] ?? "validation.invalid", params: v.params };
    }
    return errors;
  },
  fieldOfPath: (path) => FIELD_OF_PATH[path] ?? null,
};

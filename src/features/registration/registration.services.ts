import type {
  RegistrationCountry,
  RegistrationSubmission,
} from "../../../machines/registration.machine";
import { gateway } from "../../lib/gateway";
import { call, successOf } from "../../lib/gateway-result";
import {
  RegisterPartnerDocument,
  RegistrationCountriesDocument,
  type PartnerRegistrationInput,
} from "../../lib/gql/graphql";
import { restCall } from "../../lib/rest";
import { registrationPayload } from "./registration-rules";

/** The countries with their EMEA flag and provinces (account spec section 7). */
export async function loadRegistrationCountries(): Promise<RegistrationCountry[]> {
  const data = await gateway(RegistrationCountriesDocument, {});
  return data.registrationCountries;
}

/** The gateway's input from the payload the form's rules were checked on. */
export function registrationInput(submission: RegistrationSubmission): PartnerRegistrationInput {
  const p = registrationPayload(submission.values, submission.countries, submission.termsAccepted);
  const { default_contact: contact, billing_address: address } = p.relationships;
  return {
    companyName: p.companyName,
    customerType: p.customerType,
    corporateRegistrationNumber: p.corporateRegistrationNumber,
    taxNumber: p.taxNumber,
    jobTitle: p.jobTitle,
    contact: {
      name: contact.name,
      surname: contact.surname,
      email: contact.email,
      phone: contact.phone,
    },
    address: {
      country: address.country,
      street: address.street,
      postCode: address.post_code,
      town: address.town,
      state: address.state,
      company: address.company,
      phoneNumber: address.phone_number,
      name: address.name,
      surname: address.surname,
    },
    evaluation: p.evaluation,
    termsAccepted: p.termsAccepted,
  };
}

/**
 * Sends the application through the gateway (`registerPartner`, which posts to
 * `/form/customer`). A refusal throws `{ detail, violations }`: the server's words in the
 * visitor's language, and per field where it points at one; an unexpected failure throws a
 * null detail, so the page shows 'Something went wrong! Please try again or contact us at …'.
 */
export async function submitRegistration(submission: RegistrationSubmission): Promise<void> {
  await call(async () =>
    successOf(
      (await gateway(RegisterPartnerDocument, { input: registrationInput(submission) }))
        .registerPartner,
      "PartnerRegistrationReceived",
    ),
  );
}

/**
 * Asks the server whether an application for this e-mail would be refused for it (an account
 * or a pending application), when the first step is left (issue 30). Answers nothing when it
 * may apply; a refusal throws the REST problem `{ detail, violations }`, its words in the
 * visitor's language, pointing at the contact e-mail as the application's refusal does.
 */
export async function checkRegistrationEmail(email: string, language: string): Promise<void> {
  await restCall("/form/customer/email-check", {
    method: "POST",
    json: { email },
    language,
    anonymous: true,
  });
}

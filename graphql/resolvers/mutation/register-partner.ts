import { errorResult, withErrors } from "../../errors.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { RestError } from "../../rest/client.js";
import { paths } from "../../rest/paths.js";

/**
 * Sends a partner application. The REST API judges it (rules/registration.ts) and
 * answers its rules' violations; a duplicate (the e-mail is a user's or has a pending
 * application, the company is a partner already) is a 409 whose violation points at the
 * field, so it is a ValidationError here too.
 */
export const registerPartner: NonNullable<MutationResolvers["registerPartner"]> = (
  _p,
  { input },
  ctx,
) =>
  withErrors(resultErrors.RegisterPartnerResult, async () => {
    const address = {
      country: input.address.country,
      street: input.address.street,
      street2: null,
      company: input.address.company ?? null,
      post_code: input.address.postCode,
      town: input.address.town,
      state: input.address.state ?? null,
      neighborhood: null,
      phone_number: input.address.phoneNumber ?? null,
      name: input.address.name ?? null,
      surname: input.address.surname ?? null,
      email: null,
    };
    try {
      const answer = await ctx.rest.request<{ message?: string }>({
        method: "POST",
        path: paths.partnerApplication,
        body: {
          companyName: input.companyName,
          customerType: input.customerType,
          corporateRegistrationNumber: input.corporateRegistrationNumber ?? null,
          taxNumber: input.taxNumber ?? null,
          jobTitle: input.jobTitle ?? null,
          relationships: {
            default_contact: { ...input.contact, type: "primary" },
            billing_address: address,
            shipping_address: address,
          },
          evaluation: input.evaluation,
          termsAccepted: input.termsAccepted,
        },
      });
      return {
        __typename: "PartnerRegistrationReceived" as const,
        message: answer?.message ?? "",
      };
    } catch (error) {
      if (error instanceof RestError && error.problem.status === 409) {
        return errorResult("ValidationError", error.problem);
      }
      throw error;
    }
  });

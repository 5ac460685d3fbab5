import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { toCustomer } from "../../mappers.js";
import type { RestCustomer } from "../../rest/types.js";
import { callerId, withAccountErrors } from "../../team.js";
import { paths } from "../../rest/paths.js";

/**
 * My information (account spec 2, 5): the personal fields of PUT /customers/{id}. A new e-mail
 * comes back as `pendingEmail` (issue 18, finding 2); `email` stays the old one.
 */
export const updateMyInformation: NonNullable<MutationResolvers["updateMyInformation"]> = (
  _p,
  { input },
  ctx,
) =>
  withAccountErrors(resultErrors.UpdateMyInformationResult, async () => {
    const customer = await ctx.rest.request<RestCustomer>({
      method: "PUT",
      path: paths.customer(callerId(ctx)),
      body: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phoneNumber: input.phoneNumber ?? null,
        jobTitle: input.jobTitle ?? null,
        // Sent only with a value: the REST API asks for it when the e-mail is a new one.
        ...(input.currentPassword ? { currentPassword: input.currentPassword } : {}),
      },
    });
    return { __typename: "Customer" as const, ...toCustomer(customer) };
  });

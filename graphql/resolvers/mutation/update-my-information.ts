import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { toCustomer } from "../../mappers.js";
import { paths } from "../../rest/iri.js";
import type { RestCustomer } from "../../rest/types.js";
import { callerId, withAccountErrors } from "../../team.js";

/** My information (account spec 2, 5): the personal fields of PUT /customers/{id}. */
export const updateMyInformation: NonNullable<MutationResolvers["updateMyInformation"]> = (
  _p,
  { input },
  ctx,
) =>
  withAccountErrors(["ValidationError", "ForbiddenError"], async () => {
    const customer = await ctx.rest.request<RestCustomer>({
      method: "PUT",
      path: paths.customer(callerId(ctx)),
      body: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phoneNumber: input.phoneNumber ?? null,
        jobTitle: input.jobTitle ?? null,
      },
    });
    return { __typename: "Customer" as const, ...toCustomer(customer) };
  });

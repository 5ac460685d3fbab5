import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import type { RestCustomer } from "../../rest/types.js";
import { callerId, withAccountErrors } from "../../team.js";
import { companyDetails } from "../query/company-details.js";
import { paths } from "../../rest/paths.js";

/**
 * Company details (issue 21): whether checkout requires a purchase-order number, through the
 * company fields of PUT /customers/{id} (ADMIN only: the REST API answers 403 to others).
 */
export const setPoNumberRequired: NonNullable<MutationResolvers["setPoNumberRequired"]> = (
  parent,
  args,
  ctx,
  info,
) =>
  withAccountErrors(resultErrors.SetPoNumberRequiredResult, async () => {
    await ctx.rest.request<RestCustomer>({
      method: "PUT",
      path: paths.customer(callerId(ctx)),
      body: { poNumberRequired: args.required },
    });
    const details = await companyDetails(parent, {}, ctx, info);
    return { __typename: "CompanyDetails" as const, ...details };
  });

import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/iri.js";
import type { RestCustomer } from "../../rest/types.js";
import { callerId, withAccountErrors } from "../../team.js";
import { companyDetails } from "../query/company-details.js";

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
  withAccountErrors(["ValidationError", "ForbiddenError"], async () => {
    await ctx.rest.request<RestCustomer>({
      method: "PUT",
      path: paths.customer(callerId(ctx)),
      body: { poNumberRequired: args.required },
    });
    const details = await companyDetails(parent, {}, ctx, info);
    return { __typename: "CompanyDetails" as const, ...details };
  });

import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { toCustomer } from "../../mappers.js";
import { iri } from "../../rest/iri.js";
import type { RestCustomer } from "../../rest/types.js";
import { callerId, withAccountErrors } from "../../team.js";
import { paths } from "../../rest/paths.js";

/** The address book's switch (account spec 4): a merge-patch of the customer's default. */
export const setDefaultShippingAddress: NonNullable<
  MutationResolvers["setDefaultShippingAddress"]
> = (_p, args, ctx) =>
  withAccountErrors(resultErrors.SetDefaultShippingAddressResult, async () => {
    const customer = await ctx.rest.request<RestCustomer>({
      method: "PATCH",
      path: paths.defaultShipping(callerId(ctx)),
      mergePatch: true,
      body: { defaultShippingAddress: iri.address(args.id) },
    });
    return { __typename: "Customer" as const, ...toCustomer(customer) };
  });

import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { toCustomer } from "../../mappers.js";
import { iri } from "../../rest/iri.js";
import type { RestCustomer } from "../../rest/types.js";
import { callerId, teamPaths, withAccountErrors } from "../../team.js";

/** The address book's switch (account spec 4): a merge-patch of the customer's default. */
export const setDefaultShippingAddress: NonNullable<
  MutationResolvers["setDefaultShippingAddress"]
> = (_p, args, ctx) =>
  withAccountErrors(["ValidationError", "ForbiddenError"], async () => {
    const customer = await ctx.rest.request<RestCustomer>({
      method: "PATCH",
      path: teamPaths.defaultShipping(callerId(ctx)),
      mergePatch: true,
      body: { defaultShippingAddress: iri.address(args.id) },
    });
    return { __typename: "Customer" as const, ...toCustomer(customer) };
  });

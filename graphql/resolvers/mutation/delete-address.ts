import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { withAccountErrors } from "../../team.js";
import { paths } from "../../rest/paths.js";

/** Removes an address; default billing and shipping addresses are refused (ValidationError). */
export const deleteAddress: NonNullable<MutationResolvers["deleteAddress"]> = (_p, args, ctx) =>
  withAccountErrors(resultErrors.DeleteAddressResult, async () => {
    await ctx.rest.request({ method: "DELETE", path: paths.address(args.id) });
    return { __typename: "Deleted" as const, success: true };
  });

import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { toAddress } from "../../mappers.js";
import type { RestAddress } from "../../rest/types.js";
import { addressBody, withAccountErrors } from "../../team.js";
import { paths } from "../../rest/paths.js";

/** Changes an address of the book; the default billing address is refused (ValidationError). */
export const updateAddress: NonNullable<MutationResolvers["updateAddress"]> = (_p, args, ctx) =>
  withAccountErrors(resultErrors.SaveAddressResult, async () => {
    const address = await ctx.rest.request<RestAddress>({
      method: "PUT",
      path: paths.address(args.id),
      body: addressBody(args.input),
    });
    return { __typename: "Address" as const, ...toAddress(address) };
  });

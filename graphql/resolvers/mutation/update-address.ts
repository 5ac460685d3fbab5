import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { toAddress } from "../../mappers.js";
import type { RestAddress } from "../../rest/types.js";
import { addressBody, teamPaths, withAccountErrors } from "../../team.js";

/** Changes an address of the book; the default billing address is refused (ValidationError). */
export const updateAddress: NonNullable<MutationResolvers["updateAddress"]> = (_p, args, ctx) =>
  withAccountErrors(["ValidationError", "ForbiddenError", "NotFoundError"], async () => {
    const address = await ctx.rest.request<RestAddress>({
      method: "PUT",
      path: teamPaths.address(args.id),
      body: addressBody(args.input),
    });
    return { __typename: "Address" as const, ...toAddress(address) };
  });

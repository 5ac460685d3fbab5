import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { toAddress } from "../../mappers.js";
import type { RestAddress } from "../../rest/types.js";
import { addressBody, withAccountErrors } from "../../team.js";
import { paths } from "../../rest/paths.js";

/** Adds an address to the company's address book (account spec 5 rules, checked by REST). */
export const createAddress: NonNullable<MutationResolvers["createAddress"]> = (
  _p,
  { input },
  ctx,
) =>
  withAccountErrors(resultErrors.SaveAddressResult, async () => {
    const address = await ctx.rest.request<RestAddress>({
      method: "POST",
      path: paths.addresses,
      body: addressBody(input),
    });
    return { __typename: "Address" as const, ...toAddress(address) };
  });

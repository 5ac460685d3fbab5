import { rethrow } from "../../errors.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";
import { callerId } from "../../team.js";

/**
 * Remembers the language the signed-in person chose (decision 053) through
 * PUT /customers/{id}/language; an unknown code is the REST API's validation error.
 */
export const setPreferredLanguage: NonNullable<MutationResolvers["setPreferredLanguage"]> = async (
  _parent,
  args,
  ctx,
) => {
  // A REST refusal keeps its code (UNAUTHENTICATED, BAD_USER_INPUT...), never INTERNAL.
  await ctx.rest
    .request<null>({
      method: "PUT",
      path: paths.customerLanguage(callerId(ctx)),
      body: { localeCode: args.localeCode },
    })
    .catch(rethrow);
  return true;
};

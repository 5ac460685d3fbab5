import { badUserInput, rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toProductVariant } from "../../account-mappers.js";
import { MAX_PER_PAGE } from "../../paging.js";
import { type RestVariant } from "../../rest/account-types.js";
import type { Collection } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/**
 * Variants by code at the caller's prices, in the order asked; codes the REST API does not know
 * (any more) are left out. One REST call for all codes.
 */
export const productVariants: NonNullable<QueryResolvers["productVariants"]> = async (
  _parent,
  { codes },
  ctx,
) => {
  const unique = [...new Set(codes)];
  if (unique.length > MAX_PER_PAGE)
    throw badUserInput(`At most ${MAX_PER_PAGE} codes can be asked at once.`, "codes");
  if (unique.length === 0) return [];
  const page = await ctx.rest
    .get<Collection<RestVariant>>(paths.variants, {
      "code[]": unique,
      itemsPerPage: unique.length,
    })
    .catch(rethrow);
  const byCode = new Map(page["hydra:member"].map((v) => [v.code, v]));
  return unique.flatMap((code) => {
    const found = byCode.get(code);
    return found ? [toProductVariant(found)] : [];
  });
};

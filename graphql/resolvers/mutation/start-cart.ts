import { rethrow } from "../../errors.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { toCart } from "../../mappers.js";
import type { RestOrder } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

export const startCart: NonNullable<MutationResolvers["startCart"]> = async (_p, args, ctx) => {
  const cart = await ctx.rest
    .request<RestOrder>({
      method: "POST",
      path: paths.orders,
      body: args.localeCode ? { localeCode: args.localeCode } : {},
    })
    .catch(rethrow);
  return toCart(cart);
};

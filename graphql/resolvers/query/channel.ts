import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toChannel } from "../../mappers.js";
import type { Collection, RestChannel, RestCurrency } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/** Storefront spec 7: the channel, then its base currency link for the currency code. */
export const channel: NonNullable<QueryResolvers["channel"]> = async (_parent, _args, ctx) => {
  const channels = await ctx.rest.get<Collection<RestChannel>>(paths.channels).catch(rethrow);
  const first = channels["hydra:member"][0];
  if (!first) return null;
  const currency = await ctx.rest.get<RestCurrency>(first.baseCurrency).catch(rethrow);
  return toChannel(first, currency.code);
};

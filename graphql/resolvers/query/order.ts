import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toOrder } from "../../mappers.js";
import type { RestOrder } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/** Null when the token names nothing the caller may see (the REST API answers 404). */
export const order: NonNullable<QueryResolvers["order"]> = async (_parent, { token }, ctx) => {
  const found = await ctx.rest.find<RestOrder>(paths.order(token)).catch(rethrow);
  return found ? toOrder(found) : null;
};

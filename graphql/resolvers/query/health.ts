import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

/** The REST API's own health answer. */
export const health: NonNullable<QueryResolvers["health"]> = async (_parent, _args, ctx) => {
  const answer = await ctx.rest.get<{ status: string }>(paths.health).catch(rethrow);
  return { status: answer.status };
};

import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { paths } from "../../rest/paths.js";

/**
 * Revokes the caller's token (bearer header or session cookie) on the server and clears the
 * cookie (the REST answer's Set-Cookie reaches the browser); true also when nobody was signed in.
 */
export const signOut: NonNullable<MutationResolvers["signOut"]> = async (_parent, _args, ctx) => {
  await ctx.rest.request<null>({ method: "DELETE", path: paths.signIn });
  return true;
};

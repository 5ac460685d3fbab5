import { rethrow } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toCustomer } from "../../mappers.js";
import type { RestCustomer } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/**
 * The customer a bearer token (or the session cookie's, see RestClient.authorization) belongs
 * to: the REST API's tokens are JWTs whose subject is the
 * customer id (the one sign-in answers with). The gateway only reads it to build the path; the
 * REST API verifies the token, and a token it refuses answers UNAUTHENTICATED.
 */
export function customerIdOf(authorization: string): string {
  const payload = /^Bearer\s+[^.]+\.([^.]+)\./i.exec(authorization)?.[1];
  if (payload) {
    try {
      const sub = (
        JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: unknown }
      ).sub;
      if (typeof sub === "string" && sub !== "") return sub;
    } catch {
      // Not a JWT: the REST API will refuse the token.
    }
  }
  return "me";
}

export const me: NonNullable<QueryResolvers["me"]> = async (_parent, _args, ctx) => {
  const authorization = ctx.rest.authorization;
  if (!authorization) return null;
  const customer = await ctx.rest
    .get<RestCustomer>(paths.customer(customerIdOf(authorization)))
    .catch(rethrow);
  return toCustomer(customer);
};

import { errorResult, rethrow } from "../../errors.js";
import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { RestError } from "../../rest/client.js";
import { requiredIdOf } from "../../rest/iri.js";
import { paths } from "../../rest/paths.js";

/**
 * Wrong e-mail or password (the REST API's 401) is an InvalidCredentialsError; a malformed
 * e-mail or a missing field (422) a ValidationError.
 */
export const signIn: NonNullable<MutationResolvers["signIn"]> = async (_parent, args, ctx) => {
  try {
    const answer = await ctx.rest.request<{ token: string; customer: string }>({
      method: "POST",
      path: paths.signIn,
      body: { email: args.email, password: args.password },
    });
    return {
      __typename: "SignInSuccess",
      token: answer.token,
      customerId: requiredIdOf(answer.customer),
    };
  } catch (error) {
    if (error instanceof RestError && error.problem.status === 401)
      return errorResult("InvalidCredentialsError", error.problem);
    if (error instanceof RestError && error.problem.status === 422)
      return errorResult("ValidationError", error.problem);
    return rethrow(error);
  }
};

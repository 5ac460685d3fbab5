import type { GatewayContext } from "./context.js";
import { withErrors, type ErrorTypename } from "./errors.js";
import { toCart } from "./mappers.js";
import type { RestRequest } from "./rest/client.js";
import type { RestOrder } from "./rest/types.js";
import { paths } from "./rest/paths.js";

/**
 * Runs one change to a cart and answers the cart as it is afterwards, or one of the
 * `expected` errors. Changes the REST API answers with 204 (removals) are followed by a read.
 */
export function changeCart<T extends ErrorTypename>(
  ctx: GatewayContext,
  cartToken: string,
  expected: readonly T[],
  request: RestRequest,
) {
  return withErrors(expected, async () => {
    const answer = await ctx.rest.request<RestOrder | null>(request);
    return toCart(answer ?? (await ctx.rest.get<RestOrder>(paths.order(cartToken))));
  });
}

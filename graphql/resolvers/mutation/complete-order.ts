import { withErrors } from "../../errors.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { toOrder } from "../../mappers.js";
import type { RestOrder } from "../../rest/types.js";
import { paths } from "../../rest/paths.js";

/**
 * Places the order. The idempotency key goes to the REST API's Idempotency-Key header, so a
 * retried attempt (a lost answer, a double click) gets the first answer instead of a 409.
 * MARKETING users are refused with a ForbiddenError: the server decides, not the UI.
 */
export const completeOrder: NonNullable<MutationResolvers["completeOrder"]> = (
  _parent,
  args,
  ctx,
) =>
  withErrors(resultErrors.CompleteOrderResult, async () =>
    toOrder(
      await ctx.rest.request<RestOrder>({
        method: "PATCH",
        path: paths.orderComplete(args.cartToken),
        body: {},
        mergePatch: true,
        headers: { "idempotency-key": args.idempotencyKey },
      }),
    ),
  );

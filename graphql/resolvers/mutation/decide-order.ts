import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { toOrder } from "../../mappers.js";
import { paths } from "../../rest/paths.js";
import type { RestOrder } from "../../rest/types.js";
import { withAccountErrors } from "../../team.js";

// The decision on an order awaiting approval (decision 043), ADMIN only. The REST API decides
// once: a second decision is a 409 (OrderStateError), one's own order a 403 (ForbiddenError).

export const approveOrder: NonNullable<MutationResolvers["approveOrder"]> = (_p, args, ctx) =>
  withAccountErrors(resultErrors.DecideOrderResult, async () =>
    toOrder(
      await ctx.rest.request<RestOrder>({
        method: "POST",
        path: paths.approve(args.token),
        body: {},
      }),
    ),
  );

export const rejectOrder: NonNullable<MutationResolvers["rejectOrder"]> = (_p, args, ctx) =>
  withAccountErrors(resultErrors.DecideOrderResult, async () =>
    toOrder(
      await ctx.rest.request<RestOrder>({
        method: "POST",
        path: paths.reject(args.token),
        body: { reason: args.reason },
      }),
    ),
  );

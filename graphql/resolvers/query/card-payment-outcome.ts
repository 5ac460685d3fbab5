import { withErrors } from "../../errors.js";
import type { QueryResolvers } from "../../generated/resolvers-types.js";
import { toCardPaymentResult, type RestCardPaymentOutcome } from "../../mappers.js";

/**
 * One attempt's outcome (REST `GET .../{method}/details?referenceId=`), submitting a redirect's
 * result first when one is given.
 */
export const cardPaymentOutcome: NonNullable<QueryResolvers["cardPaymentOutcome"]> = (
  _parent,
  args,
  ctx,
) =>
  withErrors(["NotFoundError", "ForbiddenError", "OrderStateError"], async () =>
    toCardPaymentResult(
      await ctx.rest.get<RestCardPaymentOutcome>(
        `/api/v2/shop/payment/adyen/${encodeURIComponent(args.methodCode)}/details`,
        {
          referenceId: args.merchantReference,
          redirectResult: args.redirectResult ?? undefined,
        },
      ),
    ),
  );

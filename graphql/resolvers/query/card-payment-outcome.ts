import { withErrors } from "../../errors.js";
import { resultErrors, type QueryResolvers } from "../../generated/resolvers-types.js";
import { toCardPaymentResult, type RestCardPaymentOutcome } from "../../mappers.js";
import { paths } from "../../rest/paths.js";

/**
 * One attempt's outcome (REST `GET .../{method}/details?referenceId=`), submitting a redirect's
 * result first when one is given.
 */
export const cardPaymentOutcome: NonNullable<QueryResolvers["cardPaymentOutcome"]> = (
  _parent,
  args,
  ctx,
) =>
  withErrors(resultErrors.CardPaymentOutcomeResult, async () =>
    toCardPaymentResult(
      await ctx.rest.get<RestCardPaymentOutcome>(paths.cardPaymentDetails(args.methodCode), {
        referenceId: args.merchantReference,
        redirectResult: args.redirectResult ?? undefined,
      }),
    ),
  );

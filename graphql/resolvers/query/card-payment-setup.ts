import { withErrors } from "../../errors.js";
import { resultErrors, type QueryResolvers } from "../../generated/resolvers-types.js";
import { toCardPaymentSetup, type RestCardPaymentSetup } from "../../mappers.js";
import { cardPaymentPaths } from "../mutation/submit-card-payment.js";

/**
 * What the card dialog needs (the REST setup answer). The REST API decides everything: whose
 * order it is (NotFoundError), who may pay (ForbiddenError), whether anything is left to pay
 * (OrderStateError).
 */
export const cardPaymentSetup: NonNullable<QueryResolvers["cardPaymentSetup"]> = (
  _parent,
  args,
  ctx,
) =>
  withErrors(resultErrors.CardPaymentSetupResult, async () =>
    toCardPaymentSetup(
      await ctx.rest.get<RestCardPaymentSetup>(
        cardPaymentPaths(args.methodCode, args.orderToken).setup,
      ),
    ),
  );

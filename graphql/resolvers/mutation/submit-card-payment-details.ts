import type { MutationResolvers } from "../../generated/resolvers-types.js";
import { cardPaymentPaths, forwardCardPayment } from "./submit-card-payment.js";

/** Sends the widget's additional details after an action (3-D Secure, redirect). */
export const submitCardPaymentDetails: NonNullable<
  MutationResolvers["submitCardPaymentDetails"]
> = (_parent, args, ctx) =>
  forwardCardPayment(
    ctx,
    cardPaymentPaths(args.methodCode, args.orderToken).details,
    args.data,
    args.idempotencyKey,
  );

import type { GatewayContext } from "../../context.js";
import { badUserInput, withErrors } from "../../errors.js";
import { resultErrors, type MutationResolvers } from "../../generated/resolvers-types.js";
import { toCardPaymentResult, type RestCardPaymentOutcome } from "../../mappers.js";
import { paths } from "../../rest/paths.js";

/**
 * The REST card payment paths of an order. They are the paths the REST setup answers
 * (`payments`, `paymentDetails`); built here so a submit does not ask the setup (and with it
 * the payment service's method list) again.
 */
export function cardPaymentPaths(methodCode: string, orderToken: string) {
  const setup = paths.cardPayment(methodCode, orderToken);
  return { setup, payments: `${setup}/payments`, details: `${setup}/details` };
}

/**
 * Forwards the widget's data (a JSON object) to a REST card payment path with the caller's
 * idempotency key. The gateway does not look into the data: the REST API validates it.
 */
export function forwardCardPayment(
  ctx: GatewayContext,
  path: string,
  data: string,
  idempotencyKey: string,
) {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    throw badUserInput("data must be the JSON of the payment widget's state.", "data");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badUserInput("data must be a JSON object.", "data");
  if (idempotencyKey.length === 0 || idempotencyKey.length > 255)
    throw badUserInput("idempotencyKey must have 1 to 255 characters.", "idempotencyKey");
  return withErrors(resultErrors.SubmitCardPaymentResult, async () =>
    toCardPaymentResult(
      await ctx.rest.request<RestCardPaymentOutcome>({
        method: "POST",
        path,
        body,
        headers: { "idempotency-key": idempotencyKey },
      }),
    ),
  );
}

/** Pays an order by card (checkout of a cart, or the open balance of a placed order). */
export const submitCardPayment: NonNullable<MutationResolvers["submitCardPayment"]> = (
  _parent,
  args,
  ctx,
) =>
  forwardCardPayment(
    ctx,
    cardPaymentPaths(args.methodCode, args.orderToken).payments,
    args.data,
    args.idempotencyKey,
  );

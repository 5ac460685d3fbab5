import { fromPromise } from "xstate";
import type {
  CardPaymentAnswer,
  CardPaymentInput,
  CardPaymentSetup,
} from "../../../machines/card-payment.machine";
import { call, successOf } from "../../lib/gateway-result";
import type { GatewayRequest } from "../../lib/graphql-client";
import {
  CardPaymentSetupDocument,
  PaymentMethodsDocument,
  SubmitCardPaymentDetailsDocument,
  SubmitCardPaymentDocument,
  type SubmitCardPaymentMutation,
} from "../../lib/gql/graphql";

function answerOf(result: SubmitCardPaymentMutation["submitCardPayment"]): CardPaymentAnswer {
  const r = successOf(result, "CardPaymentResult");
  return {
    resultCode: r.resultCode,
    action: r.action ?? null,
    refusalReason: r.refusalReason ?? null,
    orderNumber: r.order?.number ?? null,
  };
}

/** A fresh key per submission; a retry of the same submission (lost answer) reuses it. */
function newKey(): string {
  return globalThis.crypto.randomUUID();
}

/** The card payment machine's actors, calling the gateway. */
export function cardPaymentActors(request: GatewayRequest) {
  return {
    loadSetup: fromPromise<CardPaymentSetup, CardPaymentInput>(({ input }) =>
      call(async () => {
        // 'Pay now' may come without a method: the card one, else the first (account spec 7).
        let methodCode = input.methodCode;
        if (!methodCode) {
          const { paymentMethods } = await request(PaymentMethodsDocument, {});
          methodCode = (paymentMethods.find((m) => m.isCard) ?? paymentMethods[0])?.code ?? "";
        }
        const { cardPaymentSetup } = await request(CardPaymentSetupDocument, {
          orderToken: input.orderToken,
          methodCode,
        });
        const r = successOf(cardPaymentSetup, "CardPaymentSetup");
        return {
          provider: r.provider,
          clientKey: r.clientKey,
          environment: r.environment,
          amount: { value: r.amount, currency: r.currencyCode },
          countryCode: r.countryCode,
          locale: r.locale,
          paymentMethods: r.paymentMethods,
          methodCode,
        };
      }),
    ),
    submitPayment: fromPromise<CardPaymentAnswer, CardPaymentInput & { data: string }>(
      ({ input }) =>
        call(async () => {
          const idempotencyKey = newKey();
          const { submitCardPayment } = await request(SubmitCardPaymentDocument, {
            ...input,
            idempotencyKey,
          });
          return answerOf(submitCardPayment);
        }),
    ),
    submitDetails: fromPromise<CardPaymentAnswer, CardPaymentInput & { data: string }>(
      ({ input }) =>
        call(async () => {
          const { submitCardPaymentDetails } = await request(SubmitCardPaymentDetailsDocument, {
            ...input,
            idempotencyKey: newKey(),
          });
          return answerOf(submitCardPaymentDetails);
        }),
    ),
  };
}

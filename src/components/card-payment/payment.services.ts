import { fromPromise } from "xstate";
import type {
  CardPaymentAnswer,
  CardPaymentInput,
  CardPaymentSetup,
} from "../../../machines/card-payment.machine";
import { gatewayErrorDetail, type GatewayRequest } from "../../lib/graphql-client";
import {
  CardPaymentSetupDocument,
  PaymentMethodsDocument,
  SubmitCardPaymentDetailsDocument,
  SubmitCardPaymentDocument,
  type SubmitCardPaymentMutation,
} from "../../lib/gql/graphql";

type Refusal = { __typename: string; message?: string | null };

async function withDetail<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (typeof error === "object" && error !== null && "detail" in error) throw error;
    console.error(error);
    throw { detail: gatewayErrorDetail(error) };
  }
}

function answerOf(result: SubmitCardPaymentMutation["submitCardPayment"]): CardPaymentAnswer {
  if (result.__typename !== "CardPaymentResult")
    throw { detail: (result as Refusal).message || null };
  return {
    resultCode: result.resultCode,
    action: result.action ?? null,
    refusalReason: result.refusalReason ?? null,
    orderNumber: result.order?.number ?? null,
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
      withDetail(async () => {
        // 'Pay now' may come without a method: the card one, else the first (account spec 7).
        let methodCode = input.methodCode;
        if (!methodCode) {
          const { paymentMethods } = await request(PaymentMethodsDocument, {});
          methodCode = (paymentMethods.find((m) => m.isCard) ?? paymentMethods[0])?.code ?? "";
        }
        const { cardPaymentSetup: r } = await request(CardPaymentSetupDocument, {
          orderToken: input.orderToken,
          methodCode,
        });
        if (r.__typename !== "CardPaymentSetup") throw { detail: (r as Refusal).message || null };
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
        withDetail(async () => {
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
        withDetail(async () => {
          const { submitCardPaymentDetails } = await request(SubmitCardPaymentDetailsDocument, {
            ...input,
            idempotencyKey: newKey(),
          });
          return answerOf(submitCardPaymentDetails);
        }),
    ),
  };
}

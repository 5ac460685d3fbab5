import {
  cardPaymentMachine,
  type CardPaymentAnswer,
  type CardPaymentSetup,
} from "../../../machines/card-payment.machine.js";
import type { MachineModel } from "../support/paths.js";

export const setupAnswer: CardPaymentSetup = {
  methodCode: "adyen_card",
  provider: "test",
  clientKey: null,
  environment: "test",
  amount: { value: 61_000, currency: "EUR" },
  countryCode: "DE",
  locale: "en_US",
  paymentMethods: "{}",
};
export const answer = (resultCode: string, action: string | null = null): CardPaymentAnswer => ({
  resultCode,
  action,
  refusalReason: resultCode === "Refused" ? "Refused" : null,
  orderNumber: resultCode === "Refused" ? null : "000301",
});
export const input = { orderToken: "t1", methodCode: "adyen_card" };

const outcomes = [
  answer("Authorised"),
  answer("Pending"),
  answer("Received"),
  answer("Refused"),
  answer("ChallengeShopper", '{"type":"threeDS2"}'),
];

export const model: MachineModel = {
  machine: cardPaymentMachine,
  input,
  events: () => [
    { type: "payment.submit", data: "{}" },
    { type: "payment.details", data: "{}" },
    { type: "payment.retry" },
    { type: "xstate.done.actor.loadSetup", output: setupAnswer },
    { type: "xstate.error.actor.loadSetup", error: { detail: "Nothing to pay" } },
    ...outcomes.map((output) => ({ type: "xstate.done.actor.submitPayment", output })),
    { type: "xstate.error.actor.submitPayment", error: { detail: "Gateway timeout" } },
    ...outcomes.map((output) => ({ type: "xstate.done.actor.submitDetails", output })),
    { type: "xstate.error.actor.submitDetails", error: { detail: "Gateway timeout" } },
  ],
  invariants: {
    "success only with a success code": (s) =>
      s.value !== "succeeded" ||
      ["Authorised", "Pending", "Received"].includes(s.context.answer?.resultCode),
    "a failure always says why": (s) =>
      s.value !== "failed" || s.context.answer !== null || s.context.failure !== null,
  },
};

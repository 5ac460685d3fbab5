import {
  cardPaymentMachine,
  type CardPaymentAnswer,
  type CardPaymentSetup,
} from "../../../machines/card-payment.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

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
/** The server's refusal to charge a cart over the buyer's spending limit (a 422). */
export const overLimitRefusal = {
  detail: "Pay after approval",
  violations: [{ propertyPath: "paymentMethod", code: "approval.payAfterApproval" }],
};
export const input = { orderToken: "t1", methodCode: "adyen_card" };

const outcomes = [
  answer("Authorised"),
  answer("Pending"),
  answer("Received"),
  answer("Refused"),
  answer("ChallengeShopper", '{"type":"threeDS2"}'),
  // Not a success code, only like one.
  answer("authorised"),
];

type Answer = { resultCode: string; action: string | null; orderNumber: string | null };
type Ctx = {
  orderToken: string;
  methodCode: string;
  setup: { methodCode: string } | null;
  answer: Answer | null;
  failure: string | null;
};

/**
 * The 'Order payment' dialog (account spec sections 2, 4, 8), stated without the machine: the
 * setup is asked for with the order's token and the caller's method; the card and the
 * challenge's answer are submitted with the token, the method the setup chose (the caller's
 * when no setup came) and the widget's data. Authorised, Pending and Received (exactly these)
 * succeed and report the order number; an answer with a further step asks for it; any other
 * answer fails with its code; a failed call fails with the server's detail (or none) and no
 * answer, except the server's refusal to charge a cart over the buyer's spending limit (the
 * violation code "approval.payAfterApproval"), which ends the dialog and tells checkout to place
 * the order awaiting approval; trying again asks for the setup anew.
 */
function oracle({ event, before, input: given }: OracleStep): OracleExpectation {
  const init = given as { orderToken: string; methodCode: string };
  const load = { loadSetup: { orderToken: init.orderToken, methodCode: init.methodCode } };
  if (event.type === "xstate.init")
    return {
      value: "loadingSetup",
      context: { ...init, setup: null, answer: null, failure: null },
      started: load,
    };
  const c = before.context as Ctx;
  const stay = { value: before.value, context: c };
  const e = event as { type: string; data?: string; output?: unknown; error?: unknown };
  const detail = (error: unknown) => {
    const d = (error as { detail?: unknown } | null)?.detail;
    return typeof d === "string" && d.length > 0 ? d : null;
  };
  // Written out, not imported: the key the server's refusal carries (decision 043).
  const overLimit = (error: unknown) =>
    ((error as { violations?: { code?: string }[] } | null)?.violations ?? []).some(
      (v) => v.code === "approval.payAfterApproval",
    );
  const held: OracleExpectation = {
    value: "heldForApproval",
    status: "done",
    context: c,
    actions: [{ type: "reportApprovalRequired" }],
  };
  const submission = { orderToken: c.orderToken, methodCode: c.setup?.methodCode ?? c.methodCode };
  const settle = (id: string): OracleExpectation | undefined => {
    if (e.type === `xstate.done.actor.${id}`) {
      const a = e.output as Answer;
      const context = { ...c, answer: a };
      if (
        a.resultCode === "Authorised" ||
        a.resultCode === "Pending" ||
        a.resultCode === "Received"
      )
        return {
          value: "succeeded",
          status: "done",
          context,
          actions: [{ type: "reportPaid", params: { orderNumber: a.orderNumber } }],
        };
      return { value: a.action === null ? "failed" : "additionalAction", context };
    }
    if (e.type === `xstate.error.actor.${id}` && overLimit(e.error)) return held;
    if (e.type === `xstate.error.actor.${id}`)
      return { value: "failed", context: { ...c, answer: null, failure: detail(e.error) } };
    return undefined;
  };
  switch (before.value) {
    case "loadingSetup":
      if (e.type === "xstate.done.actor.loadSetup")
        return { value: "ready", context: { ...c, setup: e.output, answer: null, failure: null } };
      if (e.type === "xstate.error.actor.loadSetup" && overLimit(e.error)) return held;
      if (e.type === "xstate.error.actor.loadSetup")
        return { value: "failed", context: { ...c, answer: null, failure: detail(e.error) } };
      return stay;
    case "ready":
      return e.type === "payment.submit"
        ? {
            value: "submitting",
            context: c,
            started: { submitPayment: { ...submission, data: e.data } },
          }
        : stay;
    case "submitting":
      return settle("submitPayment") ?? stay;
    case "additionalAction":
      return e.type === "payment.details"
        ? {
            value: "submittingDetails",
            context: c,
            started: { submitDetails: { ...submission, data: e.data } },
          }
        : stay;
    case "submittingDetails":
      return settle("submitDetails") ?? stay;
    case "failed":
      return e.type === "payment.retry"
        ? { value: "loadingSetup", context: c, started: load }
        : stay;
  }
  return stay;
}

export const model: MachineModel = {
  machine: cardPaymentMachine,
  // The caller's method, or none (the setup chooses one; the submissions must send that one).
  inputs: [input, { orderToken: "t2", methodCode: "" }],
  events: () => [
    { type: "payment.submit", data: '{"card":"4111"}' },
    { type: "payment.details", data: '{"threeDSResult":"ok"}' },
    { type: "payment.retry" },
    { type: "xstate.done.actor.loadSetup", output: setupAnswer },
    { type: "xstate.error.actor.loadSetup", error: { detail: "Nothing to pay" } },
    // Failures without the server's words: none at all, an empty detail, a detail that is no text.
    { type: "xstate.error.actor.loadSetup", error: undefined },
    { type: "xstate.error.actor.loadSetup", error: { detail: "" } },
    { type: "xstate.error.actor.loadSetup", error: { detail: 42 } },
    // The cart is over the buyer's spending limit: nothing is charged (decision 043); a
    // refusal naming another rule is an ordinary failure.
    { type: "xstate.error.actor.loadSetup", error: overLimitRefusal },
    {
      type: "xstate.error.actor.loadSetup",
      error: {
        detail: "No",
        violations: [{ propertyPath: "paymentMethod", code: "checkout.payByCard" }],
      },
    },
    ...outcomes.map((output) => ({ type: "xstate.done.actor.submitPayment", output })),
    { type: "xstate.error.actor.submitPayment", error: { detail: "Gateway timeout" } },
    { type: "xstate.error.actor.submitPayment", error: overLimitRefusal },
    ...outcomes.map((output) => ({ type: "xstate.done.actor.submitDetails", output })),
    { type: "xstate.error.actor.submitDetails", error: { detail: "Gateway timeout" } },
    { type: "xstate.error.actor.submitDetails", error: overLimitRefusal },
  ],
  invariants: {
    "success only with a success code": (s) =>
      s.value !== "succeeded" ||
      ["Authorised", "Pending", "Received"].includes(s.context.answer?.resultCode),
    // No "a failure always says why": a call that fails without the server's words (a dropped
    // connection) leaves nothing to say; the dialog then shows its own message, and the
    // oracle states the words (or none) of every failure.
  },
  oracle,
};

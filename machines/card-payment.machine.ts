import { assertEvent, assign, setup, type DoneActorEvent, type ErrorActorEvent } from "xstate";
import { PAY_AFTER_APPROVAL } from "../rules/spending-limits.js";
import { unprovided } from "./unprovided.js";

/** What the server's setup answer gives the dialog (account spec section 7). */
export interface CardPaymentSetup {
  /** The card method the payment uses (chosen by the setup when the caller gave none). */
  methodCode: string;
  /** "adyen": the Drop-in with a real client key; "test": the offline gateway's card form. */
  provider: string;
  clientKey: string | null;
  environment: string;
  amount: { value: number; currency: string };
  countryCode: string | null;
  locale: string;
  /** The gateway's payment methods answer, as JSON, for the Drop-in. */
  paymentMethods: string;
}

/** The answer of a payment or payment-details submission. */
export interface CardPaymentAnswer {
  resultCode: string;
  /** An extra step the shopper must take (3-D Secure challenge), as JSON. */
  action: string | null;
  refusalReason: string | null;
  /** The placed order's number when the payment completed a cart. */
  orderNumber: string | null;
}

export interface CardPaymentInput {
  orderToken: string;
  /** The card method; empty: the setup picks the card method (account spec section 7). */
  methodCode: string;
}

export interface CardPaymentContext extends CardPaymentInput {
  setup: CardPaymentSetup | null;
  answer: CardPaymentAnswer | null;
  /** The server's detail when a call failed (not a refusal: those have a result code). */
  failure: string | null;
}

export type CardPaymentEvent =
  /** The widget's data (card form or Drop-in state.data), as JSON. */
  | { type: "payment.submit"; data: string }
  /** The data of the additional step (challenge answered), as JSON. */
  | { type: "payment.details"; data: string }
  | { type: "payment.retry" };

/** Account spec section 4: Authorised, Pending and Received are success; anything else is not. */
export const SUCCESS_CODES: readonly string[] = ["Authorised", "Pending", "Received"];

function detailOf(error: unknown): string | null {
  const d = (error as { detail?: unknown } | null)?.detail;
  return typeof d === "string" && d !== "" ? d : null;
}

/**
 * Whether the server refused to charge because the cart is over the buyer's spending limit
 * (decision 043): such an order is placed awaiting approval and paid only once approved.
 */
function overSpendingLimit(error: unknown): boolean {
  const violations = (error as { violations?: unknown } | null)?.violations;
  return (
    Array.isArray(violations) &&
    violations.some((v) => (v as { code?: unknown } | null)?.code === PAY_AFTER_APPROVAL)
  );
}

/** The params of the actions and guards that read a submission's answer or failure. */
const answerOf = ({ event }: { event: DoneActorEvent<CardPaymentAnswer> }) => ({
  answer: event.output,
});
const errorOf = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/** Where a failed call leads: the order handed back for approval, else the failure shown. */
const settleFailure = [
  { guard: { type: "overSpendingLimit", params: errorOf }, target: "heldForApproval" },
  { target: "failed", actions: { type: "assignFailure", params: errorOf } },
] as const;

/** Where a submission's answer leads: the same after the card and after the challenge. */
const settleSubmission = {
  onDone: [
    {
      guard: { type: "succeeded", params: answerOf },
      target: "succeeded",
      actions: { type: "assignAnswer", params: answerOf },
    },
    {
      guard: { type: "needsAction", params: answerOf },
      target: "additionalAction",
      actions: { type: "assignAnswer", params: answerOf },
    },
    { target: "failed", actions: { type: "assignAnswer", params: answerOf } },
  ],
  onError: settleFailure,
} as const;

/**
 * The 'Order payment' dialog (account spec sections 2, 4, 8): the server prepares the payment
 * (amount from the order, never from the browser), the widget collects the card, the server
 * submits it to the gateway; a 3-D Secure challenge adds a step whose answer the server submits
 * too. Authorised, Pending and Received end in success (the server has then marked the order);
 * any other result ends in failure with its code and a way to try again.
 */
export const cardPaymentMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as CardPaymentContext,
    events: {} as CardPaymentEvent,
    input: {} as CardPaymentInput,
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    loadSetup: unprovided<CardPaymentSetup, CardPaymentInput>("loadSetup"),
    submitPayment: unprovided<CardPaymentAnswer, CardPaymentInput & { data: string }>(
      // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
      "submitPayment",
    ),
    submitDetails: unprovided<CardPaymentAnswer, CardPaymentInput & { data: string }>(
      // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
      "submitDetails",
    ),
  },
  actions: {
    assignAnswer: assign((_, params: { answer: CardPaymentAnswer }) => ({ answer: params.answer })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      answer: null,
      failure: detailOf(params.error),
    })),
    /** Tells the page the payment succeeded (checkout completes, payments list refreshes). */
    reportPaid: (_, _params: { orderNumber: string | null }) => {},
    /** Tells checkout that the cart is over the buyer's limit: it is placed without paying. */
    reportApprovalRequired: () => {},
  },
  guards: {
    succeeded: (_, params: { answer: CardPaymentAnswer }) =>
      SUCCESS_CODES.includes(params.answer.resultCode),
    needsAction: (_, params: { answer: CardPaymentAnswer }) => params.answer.action !== null,
    overSpendingLimit: (_, params: { error: unknown }) => overSpendingLimit(params.error),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "cardPayment",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "Paying an order or a cart by card in the 'Order payment' dialog.",
  context: ({ input }) => ({ ...input, setup: null, answer: null, failure: null }),
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "loadingSetup"
  initial: "loadingSetup",
  states: {
    loadingSetup: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Asking the server for the payment's amount, methods and client key.",
      invoke: {
        id: "loadSetup",
        src: "loadSetup",
        input: ({ context }) => ({
          orderToken: context.orderToken,
          methodCode: context.methodCode,
        }),
        onDone: {
          target: "ready",
          actions: assign({ setup: ({ event }) => event.output, answer: null, failure: null }),
        },
        onError: settleFailure,
      },
    },
    ready: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The card widget is shown (Drop-in, or the test gateway's card form).",
      on: { "payment.submit": { target: "submitting" } },
    },
    submitting: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The server submits the card to the gateway.",
      invoke: {
        id: "submitPayment",
        src: "submitPayment",
        input: ({ context, event }) => {
          assertEvent(event, "payment.submit");
          return {
            orderToken: context.orderToken,
            // Stryker disable next-line OptionalChaining: only a loaded setup leads to "ready", so it is never null here
            methodCode: context.setup?.methodCode ?? context.methodCode,
            data: event.data,
          };
        },
        ...settleSubmission,
      },
    },
    additionalAction: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The gateway asks for a further step (3-D Secure challenge).",
      on: { "payment.details": { target: "submittingDetails" } },
    },
    submittingDetails: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The server submits the challenge's answer to the gateway.",
      invoke: {
        id: "submitDetails",
        src: "submitDetails",
        input: ({ context, event }) => {
          assertEvent(event, "payment.details");
          return {
            orderToken: context.orderToken,
            // Stryker disable next-line OptionalChaining: only a loaded setup leads to "ready", so it is never null here
            methodCode: context.setup?.methodCode ?? context.methodCode,
            data: event.data,
          };
        },
        ...settleSubmission,
      },
    },
    succeeded: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "'Your payment has been successfully processed. Thank you for your purchase!'",
      type: "final",
      entry: {
        type: "reportPaid",
        // Stryker disable next-line OptionalChaining: "succeeded" is entered only with the gateway's answer, never null there
        params: ({ context }) => ({ orderNumber: context.answer?.orderNumber ?? null }),
      },
    },
    heldForApproval: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "The server charges nothing: the cart is over the buyer's spending limit; checkout places it awaiting approval.",
      type: "final",
      entry: "reportApprovalRequired",
    },
    failed: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "'Unfortunately, your payment could not be processed...' with the result code; try again.",
      on: { "payment.retry": { target: "loadingSetup" } },
    },
  },
});

import { assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";

/** A rejection's reason: at most this many characters (the server's rule, decision 043). */
export const MAX_REASON_LENGTH = 500;

export interface ApprovalContext {
  /** The order being decided on (its token and number), null while no dialog is open. */
  token: string | null;
  number: string | null;
  /** The rejection's reason as typed. */
  reason: string;
  /** The server's detail after a refused decision, if it gave one. */
  failure: string | null;
}

export type ApprovalEvent =
  | { type: "approval.approve"; token: string; number: string }
  | { type: "approval.reject"; token: string; number: string }
  | { type: "approval.changeReason"; value: string }
  | { type: "approval.confirm" }
  | { type: "approval.cancel" };

/**
 * An ADMIN's decision on an order awaiting approval (issue 21, part 1; decision 043), from the
 * account area's "Approvals": approving asks for confirmation; rejecting asks for a reason
 * (required, at most 500 characters, sent trimmed). The server decides once: a refusal (the
 * order was decided meanwhile, or is one's own) keeps the dialog open with its words; a
 * decision made closes it, says so and reloads the list (and its badge).
 */
export const approvalMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    approveOrder: unprovided<void, { token: string }>("approveOrder"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    rejectOrder: unprovided<void, { token: string; reason: string }>("rejectOrder"),
  },
  actions: {
    recordFailure: assign((_, params: { error: unknown }) => {
      const detail = (params.error as { detail?: unknown } | null)?.detail;
      return { failure: typeof detail === "string" ? detail : null };
    }),
    notifyDecided: (_, _params: { decision: "approved" | "rejected"; number: string | null }) => {},
    reloadApprovals: () => {},
  },
  guards: {
    hasReason: ({ context }) => {
      const reason = context.reason.trim();
      return reason !== "" && reason.length <= MAX_REASON_LENGTH;
    },
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "approval",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "An ADMIN approving or rejecting an order held over a spending limit.",
  context: { token: null, number: null, reason: "", failure: null },
  initial: "idle",
  states: {
    idle: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The list of orders awaiting approval; no dialog open.",
      on: {
        "approval.approve": {
          target: "confirmingApproval",
          actions: assign(({ event }) => ({
            token: event.token,
            number: event.number,
            reason: "",
            failure: null,
          })),
        },
        "approval.reject": {
          target: "editingReason",
          actions: assign(({ event }) => ({
            token: event.token,
            number: event.number,
            reason: "",
            failure: null,
          })),
        },
      },
    },
    confirmingApproval: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "'Approve order N?': the order proceeds as any order once confirmed.",
      on: {
        "approval.confirm": { target: "approving" },
        "approval.cancel": { target: "idle", actions: assign({ token: null, number: null }) },
      },
    },
    approving: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Sending the approval.",
      invoke: {
        id: "approveOrder",
        src: "approveOrder",
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: "idle",
          actions: [
            {
              type: "notifyDecided",
              params: ({ context }) => ({ decision: "approved" as const, number: context.number }),
            },
            "reloadApprovals",
            assign({ token: null, number: null }),
          ],
        },
        onError: {
          target: "confirmingApproval",
          actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    editingReason: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The rejection dialog with its reason field (required).",
      on: {
        "approval.changeReason": { actions: assign({ reason: ({ event }) => event.value }) },
        "approval.confirm": { guard: "hasReason", target: "rejecting" },
        "approval.cancel": {
          target: "idle",
          actions: assign({ token: null, number: null, reason: "" }),
        },
      },
    },
    rejecting: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Sending the rejection with its reason.",
      invoke: {
        id: "rejectOrder",
        src: "rejectOrder",
        input: ({ context }) => ({ token: context.token!, reason: context.reason.trim() }),
        onDone: {
          target: "idle",
          actions: [
            {
              type: "notifyDecided",
              params: ({ context }) => ({ decision: "rejected" as const, number: context.number }),
            },
            "reloadApprovals",
            assign({ token: null, number: null, reason: "" }),
          ],
        },
        onError: {
          target: "editingReason",
          actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

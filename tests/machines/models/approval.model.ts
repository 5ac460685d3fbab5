import { approvalMachine } from "../../../machines/approval.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

type Ctx = { token: string | null; number: string | null; reason: string; failure: string | null };

/**
 * An ADMIN's decision on an order awaiting approval (decision 043), stated without the machine:
 * approving asks for confirmation; rejecting needs a reason of 1 to 500 characters once the
 * spaces around it are gone, sent trimmed. A decision made closes the dialog, says which and
 * reloads the list; a refusal keeps the dialog open with the server's detail (or none).
 */
function oracle({ event, before }: OracleStep): OracleExpectation {
  const c = before.context as Ctx;
  const stay = { value: before.value, context: c };
  const e = event as {
    type: string;
    token?: string;
    number?: string;
    value?: string;
    error?: { detail?: unknown } | null;
  };
  if (e.type === "xstate.init")
    return { value: "idle", context: { token: null, number: null, reason: "", failure: null } };
  const opened = { token: e.token, number: e.number, reason: "", failure: null };
  const closed = { ...c, token: null, number: null };
  const refused = (value: string) => ({
    value,
    context: { ...c, failure: typeof e.error?.detail === "string" ? e.error.detail : null },
  });
  switch (before.value) {
    case "idle":
      if (e.type === "approval.approve") return { value: "confirmingApproval", context: opened };
      if (e.type === "approval.reject") return { value: "editingReason", context: opened };
      return stay;
    case "confirmingApproval":
      if (e.type === "approval.confirm")
        return { value: "approving", context: c, started: { approveOrder: { token: c.token } } };
      if (e.type === "approval.cancel") return { value: "idle", context: closed };
      return stay;
    case "approving":
      if (e.type === "xstate.done.actor.approveOrder")
        return {
          value: "idle",
          context: closed,
          actions: [
            { type: "notifyDecided", params: { decision: "approved", number: c.number } },
            { type: "reloadApprovals" },
          ],
        };
      if (e.type === "xstate.error.actor.approveOrder") return refused("confirmingApproval");
      return stay;
    case "editingReason": {
      if (e.type === "approval.changeReason")
        return { value: "editingReason", context: { ...c, reason: e.value } };
      if (e.type === "approval.cancel")
        return { value: "idle", context: { ...closed, reason: "" } };
      if (e.type === "approval.confirm") {
        const reason = c.reason.replace(/^\s+|\s+$/g, "");
        return reason.length >= 1 && reason.length <= 500
          ? { value: "rejecting", context: c, started: { rejectOrder: { token: c.token, reason } } }
          : stay;
      }
      return stay;
    }
    case "rejecting":
      if (e.type === "xstate.done.actor.rejectOrder")
        return {
          value: "idle",
          context: { ...closed, reason: "" },
          actions: [
            { type: "notifyDecided", params: { decision: "rejected", number: c.number } },
            { type: "reloadApprovals" },
          ],
        };
      if (e.type === "xstate.error.actor.rejectOrder") return refused("editingReason");
      return stay;
  }
  return stay;
}

export const model: MachineModel = {
  machine: approvalMachine,
  events: (s) => [
    { type: "approval.approve", token: "tok-1", number: "000000042" },
    { type: "approval.reject", token: "tok-2", number: "000000043" },
    // A reason, a blank one, one a character too long and one of exactly 500, in turn.
    {
      type: "approval.changeReason",
      value:
        s.context.reason === ""
          ? "  Over budget  "
          : s.context.reason.trim() === ""
            ? "x".repeat(501)
            : s.context.reason.length === 501
              ? ` ${"y".repeat(500)} `
              : "   ",
    },
    { type: "approval.confirm" },
    { type: "approval.cancel" },
    { type: "xstate.done.actor.approveOrder" },
    { type: "xstate.error.actor.approveOrder", error: { detail: "Already decided" } },
    { type: "xstate.error.actor.approveOrder", error: new Error("offline") },
    { type: "xstate.done.actor.rejectOrder" },
    { type: "xstate.error.actor.rejectOrder", error: { detail: "Already decided" } },
    // A refusal with nothing at all to say (no error object).
    { type: "xstate.error.actor.rejectOrder", error: null },
  ],
  invariants: {
    "never sends a rejection without a reason": (s) =>
      s.value !== "rejecting" || s.context.reason.trim() !== "",
    "a dialog names its order": (s) => s.value === "idle" || s.context.token !== null,
  },
  oracle,
};

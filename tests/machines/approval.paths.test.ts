import { createActor } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { approvalMachine } from "../../machines/approval.machine.js";
import { model as approvalModel } from "./models/approval.model.js";
import { runModel } from "./support/paths.js";

describe("approval decision machine", () => {
  it("covers every state and transition; never rejects without a reason", () => {
    const result = runModel(approvalModel);
    expect(result.failures).toEqual([]);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.missing).toEqual([]);
  });

  it("rejects with the trimmed reason, says so and reloads; a refusal keeps the dialog", () => {
    const notify = vi.fn();
    const reload = vi.fn();
    const actor = createActor(
      approvalMachine.provide({
        actions: { notifyDecided: (_, p) => notify(p), reloadApprovals: reload },
      }),
    ).start();
    actor.send({ type: "approval.reject", token: "t", number: "000000042" });
    actor.send({ type: "approval.confirm" });
    expect(actor.getSnapshot().value).toBe("editingReason");
    actor.send({ type: "approval.changeReason", value: "  Over budget " });
    actor.send({ type: "approval.confirm" });
    expect(actor.getSnapshot().value).toBe("rejecting");
    actor.send({
      type: "xstate.error.actor.rejectOrder",
      error: { detail: "This order is no longer awaiting approval." },
    } as never);
    expect(actor.getSnapshot().value).toBe("editingReason");
    expect(actor.getSnapshot().context.failure).toBe("This order is no longer awaiting approval.");
    actor.send({ type: "approval.confirm" });
    actor.send({ type: "xstate.done.actor.rejectOrder" } as never);
    expect(actor.getSnapshot().value).toBe("idle");
    expect(notify).toHaveBeenCalledWith({ decision: "rejected", number: "000000042" });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

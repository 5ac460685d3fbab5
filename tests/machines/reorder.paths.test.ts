import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { REORDER_POLL_MS, reorderMachine } from "../../machines/reorder.machine.js";
import {
  input,
  lines,
  model as reorderModel,
  nothingInStock,
  preview,
} from "./models/reorder.model.js";
import { pathTests } from "./support/path-tests.js";

describe("reorder machine", () => {
  pathTests(reorderModel, {
    rule: "adds one line at a time and only after confirming",
    groups: 10,
  });

  function start() {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const cart = {
      loading: false,
      lastOutcome: null as { requestId: string; ok: boolean; message: string | null } | null,
    };
    const failures = vi.fn();
    const checkout = vi.fn();
    const machine = reorderMachine.provide({
      actions: {
        emptyCart: () => {
          calls.push("empty");
          cart.loading = true;
        },
        addToCart: (_, params) => {
          calls.push(`add ${params.variantCode} x${params.quantity}`);
          cart.loading = true;
          pending = params.requestId;
        },
        pollCart: ({ self }) => {
          calls.push("poll");
          self.send({ type: "reorder.cartProgress", ...cart });
        },
        goToCheckout: checkout,
        reportFailures: (_, params) => failures(params.failed),
      },
    });
    let pending = "";
    const actor = createActor(machine, { input: { ...input, maxPolls: 40 }, clock }).start();
    return { actor, clock, calls, cart, failures, checkout, pendingId: () => pending };
  }

  it("empties the cart, adds each line after the previous settled (350 ms polls), then goes to checkout reporting the failure", async () => {
    const { actor, clock, calls, cart, failures, checkout, pendingId } = start();
    actor.send({ type: "xstate.done.actor.loadPreview", output: preview } as never);
    expect(actor.getSnapshot().value).toBe("previewing");
    actor.send({ type: "reorder.confirm" });
    expect(calls).toEqual(["empty"]);
    clock.increment(REORDER_POLL_MS - 1);
    expect(calls).toEqual(["empty"]);
    clock.increment(1);
    await Promise.resolve();
    // Still emptying: nothing is added while the cart is busy.
    expect(calls).toEqual(["empty", "poll"]);
    cart.loading = false;
    clock.increment(REORDER_POLL_MS);
    await Promise.resolve();
    expect(calls).toEqual(["empty", "poll", "poll", "add SERUM-30 x12"]);
    cart.loading = false;
    cart.lastOutcome = { requestId: pendingId(), ok: true, message: null };
    clock.increment(REORDER_POLL_MS);
    await Promise.resolve();
    expect(calls.at(-1)).toBe("add CASE-BLACK x5");
    // The previous outcome is not mistaken for this request's.
    clock.increment(REORDER_POLL_MS);
    await Promise.resolve();
    expect(actor.getSnapshot().value).toEqual({ addingLine: "waiting" });
    cart.lastOutcome = {
      requestId: pendingId(),
      ok: false,
      message: "Travel case is out of stock",
    };
    cart.loading = false;
    clock.increment(REORDER_POLL_MS);
    await Promise.resolve();
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().context.added).toEqual(["SERUM-30"]);
    expect(checkout).toHaveBeenCalledTimes(1);
    expect(failures).toHaveBeenCalledWith([
      {
        variantCode: "CASE-BLACK",
        name: "Travel case (Black)",
        message: "Travel case is out of stock",
        messageKey: null,
      },
    ]);
  });

  it("stays in the dialog when nothing could be added, and refuses to start with nothing in stock", () => {
    const { actor, checkout } = start();
    actor.send({ type: "xstate.done.actor.loadPreview", output: nothingInStock } as never);
    actor.send({ type: "reorder.confirm" });
    expect(actor.getSnapshot().value).toBe("previewing");
    actor.send({ type: "reorder.cancel" });
    expect(actor.getSnapshot().status).toBe("done");
    expect(checkout).not.toHaveBeenCalled();

    const second = start();
    second.actor.send({ type: "xstate.done.actor.loadPreview", output: preview } as never);
    second.actor.send({ type: "reorder.confirm" });
    second.cart.loading = false;
    for (let n = 0; n < 3; n++) {
      second.cart.loading = false;
      second.cart.lastOutcome = { requestId: second.pendingId(), ok: false, message: null };
      second.clock.increment(REORDER_POLL_MS);
    }
    expect(second.actor.getSnapshot().value).toBe("nothingAdded");
    expect(second.actor.getSnapshot().context.failed.map((f) => f.messageKey)).toEqual([
      "orders.reorder.lineFailed",
      "orders.reorder.lineFailed",
    ]);
    expect(second.checkout).not.toHaveBeenCalled();
  });

  it("counts an add that never settles as failed after the poll limit", () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      reorderMachine.provide({
        actions: {
          pollCart: ({ self }) =>
            self.send({ type: "reorder.cartProgress", loading: true, lastOutcome: null }),
        },
      }),
      { input: { ...input, lines: [lines[0]!], maxPolls: 3 }, clock },
    ).start();
    actor.send({ type: "xstate.done.actor.loadPreview", output: preview } as never);
    actor.send({ type: "reorder.confirm" });
    for (let n = 0; n < 6; n++) clock.increment(REORDER_POLL_MS);
    expect(actor.getSnapshot().value).toBe("nothingAdded");
    expect(actor.getSnapshot().context.failed[0]?.messageKey).toBe("orders.reorder.lineTimedOut");
  });
});

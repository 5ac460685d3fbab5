// Hand-written cases of the reorder machine beside its generated paths (reorder.paths.test.ts):
// what the path tests' oracles left alive in the mutation run (decision 036). A separate
// file, so that adding a case does not make Stryker's incremental run retest every mutant
// the path tests already killed (it knows tests by file and name, not by location).
import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it } from "vitest";
import { REORDER_POLL_MS, reorderMachine } from "../../machines/reorder.machine.js";
import { input, preview } from "./models/reorder.model.js";

/** A reorder whose cart is a plain object the test settles; polls on a simulated clock. */
function start() {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const cart = {
    loading: false,
    lastOutcome: null as { requestId: string; ok: boolean; message: string | null } | null,
  };
  let pending = "";
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
    },
  });
  const actor = createActor(machine, { input: { ...input, maxPolls: 40 }, clock }).start();
  return { actor, clock, calls, cart, pendingId: () => pending };
}

describe("reorder machine: hand-written cases", () => {
  it("takes a line's outcome only once the cart has settled, and only its own", async () => {
    for (const ok of [true, false]) {
      const { actor, clock, calls, cart, pendingId } = start();
      actor.send({ type: "xstate.done.actor.loadPreview", output: preview } as never);
      actor.send({ type: "reorder.confirm" });
      cart.loading = false;
      clock.increment(REORDER_POLL_MS);
      await Promise.resolve();
      expect(calls.at(-1)).toBe("add SERUM-30 x12");
      // This request's outcome while the cart is still busy: not taken yet.
      cart.lastOutcome = { requestId: pendingId(), ok, message: ok ? null : "Refused" };
      cart.loading = true;
      clock.increment(REORDER_POLL_MS);
      await Promise.resolve();
      expect(actor.getSnapshot().value).toEqual({ addingLine: "waiting" });
      // Settled without any outcome: still waiting, nothing breaks.
      cart.lastOutcome = null;
      cart.loading = false;
      clock.increment(REORDER_POLL_MS);
      await Promise.resolve();
      expect(actor.getSnapshot().value).toEqual({ addingLine: "waiting" });
      expect(actor.getSnapshot().context.added).toEqual([]);
      expect(actor.getSnapshot().context.failed).toEqual([]);
      cart.lastOutcome = { requestId: pendingId(), ok, message: ok ? null : "Refused" };
      clock.increment(REORDER_POLL_MS);
      await Promise.resolve();
      expect(calls.at(-1)).toBe("add CASE-BLACK x5");
      expect(actor.getSnapshot().context.added).toEqual(ok ? ["SERUM-30"] : []);
      expect(actor.getSnapshot().context.failed.map((f) => f.message)).toEqual(
        ok ? [] : ["Refused"],
      );
    }
  });
});

// Hand-written cases of the card-payment machine beside its generated paths (card-payment.paths.test.ts):
// what the path tests' oracles left alive in the mutation run (decision 036). A separate
// file, so that adding a case does not make Stryker's incremental run retest every mutant
// the path tests already killed (it knows tests by file and name, not by location).
import { createActor, fromPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { cardPaymentMachine } from "../../machines/card-payment.machine.js";
import type { answer } from "./models/card-payment.model.js";
import { input, setupAnswer } from "./models/card-payment.model.js";

describe("card payment machine: hand-written cases", () => {
  it("hands the order back for approval when any of the refusal's rules is the spending limit", async () => {
    const refusals: [unknown, string][] = [
      [
        { violations: [{ code: "other" }, { code: "approval.payAfterApproval" }] },
        "heldForApproval",
      ],
      [{ violations: [null, { code: "approval.payAfterApproval" }] }, "heldForApproval"],
      [{ violations: [{ code: "other" }] }, "failed"],
      [{ violations: "approval.payAfterApproval" }, "failed"],
      [null, "failed"],
    ];
    for (const [error, state] of refusals) {
      const actor = createActor(
        cardPaymentMachine.provide({
          actors: {
            loadSetup: fromPromise(async () => setupAnswer),
            submitPayment: fromPromise(async (): Promise<ReturnType<typeof answer>> => {
              throw error;
            }),
          },
        }),
        { input },
      ).start();
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
      actor.send({ type: "payment.submit", data: "{}" });
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe(state));
    }
  });
});

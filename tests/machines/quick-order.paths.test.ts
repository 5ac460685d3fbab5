import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  quickOrderMachine,
  rowsFromImport,
  type QuickOrderImport,
} from "../../machines/quick-order.machine.js";
import { IMPORT, model as quickOrderModel } from "./models/quick-order.model.js";
import { runModel } from "./support/paths.js";

describe("quick order machine paths", () => {
  it("covers every state and transition; adds only complete rows, in one bulk add", () => {
    const result = runModel(quickOrderModel);
    expect(result.failures).toEqual([]);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.missing).toEqual([]);
  });
});

describe("quick order sequences", () => {
  it("fills the table from the file in row order, marking the rows the server refused", () => {
    const rows = rowsFromImport(IMPORT, 10);
    expect(rows.map((r) => [r.id, r.variantCode, r.quantity, r.problem?.row ?? null])).toEqual([
      [10, "GLOW-MINI-ROSE", 2, null],
      [11, null, 4, 3],
      [12, "GLOW-PRO-BLUSH", 1, null],
      [13, "GLOW-MINI-MINT", null, 5],
    ]);
    expect(rows[1]!.problem).toMatchObject({ reason: "unknown_code", written: "NO-SUCH-CODE" });
  });

  it("fixes refused rows in place, then sends every row in one bulk add", async () => {
    const added = vi.fn();
    const notify = vi.fn();
    const actor = createActor(
      quickOrderMachine.provide({
        actors: {
          importFile: fromPromise(async () => IMPORT),
          addRowsToCart: fromPromise(async ({ input }) => {
            added(input.items);
          }),
        },
        actions: { notifyAdded: (_, params) => notify(params.count) },
      }),
    ).start();
    // A row without a product cannot be added.
    actor.send({ type: "quickOrder.addToCart" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "quickOrder.upload", file: { id: "a", name: "order.xlsx" } });
    await waitFor(actor, (s) => s.matches("editing"));
    const [, unknown, , tooMany] = actor.getSnapshot().context.rows;
    actor.send({ type: "quickOrder.addToCart" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({
      type: "quickOrder.chooseProduct",
      id: unknown!.id,
      variantCode: "GLOW-MINI-PEARL",
      label: "Glow Mini (Pearl)",
    });
    expect(actor.getSnapshot().context.rows[1]!.problem).toBeNull();
    actor.send({ type: "quickOrder.changeQuantity", id: tooMany!.id, quantity: 301 });
    actor.send({ type: "quickOrder.addToCart" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "quickOrder.changeQuantity", id: tooMany!.id, quantity: 300 });
    actor.send({ type: "quickOrder.addRow" });
    actor.send({
      type: "quickOrder.removeRow",
      id: actor.getSnapshot().context.rows.at(-1)!.id,
    });
    actor.send({ type: "quickOrder.addToCart" });
    await waitFor(actor, (s) => s.matches("added"));
    expect(added).toHaveBeenCalledTimes(1);
    expect(added).toHaveBeenCalledWith([
      { variantCode: "GLOW-MINI-ROSE", quantity: 2 },
      { variantCode: "GLOW-MINI-PEARL", quantity: 4 },
      { variantCode: "GLOW-PRO-BLUSH", quantity: 1 },
      { variantCode: "GLOW-MINI-MINT", quantity: 300 },
    ]);
    expect(notify).toHaveBeenCalledWith(4);
    expect(actor.getSnapshot().context.rows).toHaveLength(1);
  });

  it("keeps the table when the file or the add is refused, with the server's words", async () => {
    const actor = createActor(
      quickOrderMachine.provide({
        actors: {
          importFile: fromPromise<QuickOrderImport, { fileId: string }>(async () => {
            throw { status: 422, detail: "Only .xlsx files can be read." };
          }),
          addRowsToCart: fromPromise<void, { items: { variantCode: string; quantity: number }[] }>(
            async () => {
              throw new Error("");
            },
          ),
        },
      }),
    ).start();
    const id = actor.getSnapshot().context.rows[0]!.id;
    actor.send({ type: "quickOrder.chooseProduct", id, variantCode: "GLOW-GO-SAND", label: null });
    actor.send({ type: "quickOrder.upload", file: { id: "b", name: "notes.txt" } });
    await waitFor(actor, (s) => s.matches("editing"));
    expect(actor.getSnapshot().context.failure).toBe("Only .xlsx files can be read.");
    expect(actor.getSnapshot().context.rows[0]!.variantCode).toBe("GLOW-GO-SAND");
    actor.send({ type: "quickOrder.addToCart" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toBe("quickOrder.failed");
  });
});

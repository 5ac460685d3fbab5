import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  isRowComplete,
  quickOrderMachine,
  rowsFromImport,
  type QuickOrderImport,
} from "../../machines/quick-order.machine.js";
import { IMPORT, PRODUCT, model as quickOrderModel } from "./models/quick-order.model.js";
import { pathTests } from "./support/path-tests.js";

describe("quick order machine paths", () => {
  pathTests(quickOrderModel, { rule: "adds only complete rows, in one bulk add", groups: 8 });
});

describe("quick order sequences", () => {
  it("fills the table from the file in row order, marking the rows the server refused", () => {
    const rows = rowsFromImport(IMPORT, 10, "file");
    expect(rows.map((r) => [r.id, r.variantCode, r.quantity, r.problem?.row ?? null])).toEqual([
      [10, "GLOW-MINI-ROSE", 2, null],
      [11, null, 4, 3],
      [12, "GLOW-PRO-BLUSH", 1, null],
      // 500 stays 500 (marked), never blanked.
      [13, "GLOW-MINI-MINT", 500, 5],
    ]);
    expect(rows[1]!.problem).toMatchObject({ reason: "unknown_code", written: "NO-SUCH-CODE" });
  });

  it("reads pasted lines on the server into the table; a refusal keeps the text (issue 21)", async () => {
    const asked: string[] = [];
    let refuse = true;
    const actor = createActor(
      quickOrderMachine.provide({
        actors: {
          readPaste: fromPromise(async ({ input }) => {
            asked.push(input.text);
            if (refuse) throw { detail: "At most 1000 lines can be pasted at once." };
            return IMPORT;
          }),
        },
      }),
    ).start();
    actor.send({ type: "quickOrder.paste" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "quickOrder.changePaste", text: "GLOW-MINI-ROSE;2" });
    actor.send({ type: "quickOrder.paste" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      failure: "At most 1000 lines can be pasted at once.",
      pasteText: "GLOW-MINI-ROSE;2",
    });
    refuse = false;
    actor.send({ type: "quickOrder.paste" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.pasteText === "");
    expect(asked).toEqual(["GLOW-MINI-ROSE;2", "GLOW-MINI-ROSE;2"]);
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(actor.getSnapshot().context.rows.map((r) => r.problem?.row ?? null)).toEqual([
      null,
      3,
      null,
      5,
    ]);
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
    actor.send({ type: "quickOrder.changeQuantity", id: tooMany!.id, text: "301" });
    actor.send({ type: "quickOrder.addToCart" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "quickOrder.changeQuantity", id: tooMany!.id, text: "300" });
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

  it("keeps every quantity as the file wrote it, marks it with the server's rule, and shows the server's product", () => {
    const rows = rowsFromImport(
      {
        rows: [
          {
            row: 7,
            product_variant_code: "GLOW-PRO-BLUSH",
            quantity: 4,
            product: {
              code: "GLOW-PRO-BLUSH",
              name: "Glow Pro Schallreinigungsgerät",
              variant_name: "Rouge",
              image: "/media/products/glow-pro.svg",
              unit_price: 8900,
              currency_code: "EUR",
            },
            line_total: 35600,
          },
        ],
        errors: [0, "ten", 2.5, 999, null].map((quantity, n) => ({
          row: n + 2,
          product_variant_code: "GLOW-MINI-ROSE",
          quantity,
          reason: "invalid_quantity" as const,
          message: `Zeile ${n + 2}: Die Menge muss eine ganze Zahl von 1 bis 300 sein.`,
          problems: [
            {
              field: "quantity",
              reason: "invalid_quantity" as const,
              message: `Zeile ${n + 2}: Die Menge muss eine ganze Zahl von 1 bis 300 sein.`,
            },
          ],
          product: {
            code: "GLOW-MINI-ROSE",
            name: "Glow Mini",
            variant_name: "Rosé",
            image: null,
            unit_price: 1400,
            currency_code: "EUR",
          },
        })),
      },
      1,
      "file",
    );
    expect(rows.map((r) => r.quantityText)).toEqual(["0", "ten", "2.5", "999", "", "4"]);
    expect(rows.map((r) => r.quantity)).toEqual([0, null, null, 999, null, 4]);
    for (const row of rows.slice(0, 5)) {
      expect(row.variantCode).toBe("GLOW-MINI-ROSE");
      expect(row.label).toBe("Glow Mini – Rosé (GLOW-MINI-ROSE)");
      expect(row.problem?.quantityMessage).toMatch(/1 bis 300/);
      expect(row.problem?.codeMessage).toBeNull();
      expect(isRowComplete(row)).toBe(false);
    }
    expect(rows[5]).toMatchObject({
      label: "Glow Pro Schallreinigungsgerät – Rouge (GLOW-PRO-BLUSH)",
      lineTotal: 35600,
      product: { unitPrice: 8900, image: "/media/products/glow-pro.svg" },
    });
  });

  it("takes the server's check of a changed row, but not an answer older than the row", () => {
    const actor = createActor(quickOrderMachine).start();
    const id = actor.getSnapshot().context.rows[0]!.id;
    actor.send({
      type: "quickOrder.chooseProduct",
      id,
      variantCode: "GLOW-MINI-ROSE",
      label: null,
    });
    const asked = actor.getSnapshot().context.rows[0]!.revision;
    actor.send({ type: "quickOrder.changeQuantity", id, text: "3" });
    const check = { row: 1, product: PRODUCT, lineTotal: 4200, problems: [] };
    actor.send({ type: "quickOrder.rowChecked", id, revision: asked, check });
    expect(actor.getSnapshot().context.rows[0]!.lineTotal).toBeNull();
    const now = actor.getSnapshot().context.rows[0]!.revision;
    actor.send({ type: "quickOrder.rowChecked", id, revision: now, check });
    expect(actor.getSnapshot().context.rows[0]).toMatchObject({
      quantityText: "3",
      lineTotal: 4200,
      label: "Glow Mini – Rosé (GLOW-MINI-ROSE)",
    });
    actor.send({
      type: "quickOrder.rowChecked",
      id,
      revision: now,
      check: {
        ...check,
        lineTotal: null,
        problems: [
          { field: "code", reason: "out_of_stock", message: "Glow Mini ist ausverkauft." },
        ],
      },
    });
    expect(isRowComplete(actor.getSnapshot().context.rows[0]!)).toBe(false);
  });

  it("takes a row's check that answers while the rows are added, and reads lines pasted before adding", async () => {
    let refuseAdd: (e: unknown) => void = () => {};
    const read: string[] = [];
    const actor = createActor(
      quickOrderMachine.provide({
        actors: {
          addRowsToCart: fromPromise(() => new Promise<void>((_, reject) => (refuseAdd = reject))),
          readPaste: fromPromise(async ({ input }) => {
            read.push(input.text);
            return IMPORT;
          }),
        },
      }),
    ).start();
    const id = actor.getSnapshot().context.rows[0]!.id;
    actor.send({
      type: "quickOrder.chooseProduct",
      id,
      variantCode: "GLOW-MINI-ROSE",
      label: null,
    });
    actor.send({ type: "quickOrder.changeQuantity", id, text: "3" });
    const revision = actor.getSnapshot().context.rows[0]!.revision;
    actor.send({ type: "quickOrder.addToCart" });
    expect(actor.getSnapshot().value).toBe("adding");
    // The check asked before Add to cart answers now: it is not lost.
    const check = { row: 1, product: PRODUCT, lineTotal: 4200, problems: [] };
    actor.send({ type: "quickOrder.rowChecked", id, revision, check });
    refuseAdd({ detail: "Out of stock" });
    await waitFor(actor, (s) => s.matches("editing"));
    expect(actor.getSnapshot().context.rows[0]).toMatchObject({ lineTotal: 4200 });

    // Lines typed into the paste box, then the table added: "Read" still reads them.
    const added = createActor(
      quickOrderMachine.provide({
        actors: {
          addRowsToCart: fromPromise(async () => {}),
          readPaste: fromPromise(async ({ input }) => {
            read.push(input.text);
            return IMPORT;
          }),
        },
      }),
    ).start();
    const row = added.getSnapshot().context.rows[0]!.id;
    added.send({ type: "quickOrder.changePaste", text: "GLOW-MINI-ROSE;2" });
    added.send({
      type: "quickOrder.chooseProduct",
      id: row,
      variantCode: "GLOW-MINI-ROSE",
      label: null,
    });
    added.send({ type: "quickOrder.changeQuantity", id: row, text: "1" });
    added.send({ type: "quickOrder.addToCart" });
    await waitFor(added, (s) => s.matches("added"));
    added.send({ type: "quickOrder.paste" });
    await waitFor(added, (s) => s.matches("editing"));
    expect(read).toEqual(["GLOW-MINI-ROSE;2"]);
    expect(added.getSnapshot().context.rows).toHaveLength(4);
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

// Hand-written cases of the quick-order machine beside its generated paths (quick-order.paths.test.ts):
// what the path tests' oracles left alive in the mutation run (decision 036). A separate
// file, so that adding a case does not make Stryker's incremental run retest every mutant
// the path tests already killed (it knows tests by file and name, not by location).
import { createActor, fromPromise, waitFor } from "xstate";
import { describe, expect, it } from "vitest";
import {
  isRowComplete,
  isValidQuantity,
  quantityOfText,
  quickOrderMachine,
  rowsFromImport,
  type QuickOrderImport,
} from "../../machines/quick-order.machine.js";
import { IMPORT, PRODUCT } from "./models/quick-order.model.js";

describe("quick order machine: hand-written cases", () => {
  it("reads a quantity as whole digits (spaces aside) and accepts 1 to 300 only", () => {
    expect(quantityOfText(" 12 ")).toBe(12);
    expect(quantityOfText("2.5")).toBeNull();
    expect(quantityOfText("")).toBeNull();
    expect([null, 0, 1, 2.5, 300, 301].map(isValidQuantity)).toEqual([
      false,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it("counts a row with only a quantity problem left as complete once its quantity is valid", () => {
    const row = rowsFromImport(IMPORT, 10, "file")[0]!;
    const problem = {
      row: 2,
      reason: "invalid_quantity" as const,
      message: "Quantity must be 1 to 300.",
      written: "500",
      codeMessage: null,
      quantityMessage: "Quantity must be 1 to 300.",
    };
    expect(isRowComplete({ ...row, problem })).toBe(true);
    expect(isRowComplete({ ...row, problem: { ...problem, codeMessage: "Unknown" } })).toBe(false);
  });

  it("keeps the product when only the quantity changes; reads no paste of spaces only", () => {
    const actor = createActor(quickOrderMachine).start();
    const id = actor.getSnapshot().context.rows[0]!.id;
    actor.send({
      type: "quickOrder.chooseProduct",
      id,
      variantCode: "GLOW-MINI-ROSE",
      label: null,
    });
    const revision = actor.getSnapshot().context.rows[0]!.revision;
    actor.send({
      type: "quickOrder.rowChecked",
      id,
      revision,
      check: { row: 1, product: PRODUCT, lineTotal: null, problems: [] },
    });
    actor.send({ type: "quickOrder.changeQuantity", id, text: "4" });
    expect(actor.getSnapshot().context.rows[0]!.product).toEqual(PRODUCT);
    const before = actor.getSnapshot().value;
    actor.send({ type: "quickOrder.changePaste", text: "   \n  " });
    actor.send({ type: "quickOrder.paste" });
    expect(actor.getSnapshot().value).toEqual(before);
  });

  it("offers a product code's variants in place, and the row is complete once one is picked", async () => {
    const choices = [
      { code: "GLOW-MINI-ROSE", name: "Rose" },
      { code: "GLOW-MINI-MINT", name: "Mint" },
    ];
    const message = "Row 2: GLOW-MINI comes in several variants. Choose one of them.";
    const [row] = rowsFromImport(
      {
        rows: [],
        errors: [
          {
            row: 2,
            product_variant_code: "GLOW-MINI",
            quantity: 5,
            reason: "several_variants",
            message,
            problems: [
              {
                field: "product_variant_code",
                reason: "several_variants",
                message,
                variants: choices,
              },
            ],
          },
        ],
      },
      1,
      "file",
    );
    expect(row!.variantCode).toBeNull();
    expect(row!.quantity).toBe(5);
    expect(row!.problem).toMatchObject({
      reason: "several_variants",
      codeMessage: message,
      choices,
    });
    expect(isRowComplete(row!)).toBe(false);
    // Another reason brings no choices.
    const [plain] = rowsFromImport(
      {
        rows: [],
        errors: [
          {
            row: 3,
            product_variant_code: "NOPE",
            quantity: 1,
            reason: "unknown_code",
            message: "Row 3: unknown.",
            problems: [{ field: "product_variant_code", reason: "unknown_code", message: "x" }],
          },
        ],
      },
      1,
      "file",
    );
    expect(plain!.problem!.choices).toBeUndefined();
    // Picking one of the variants fixes the row in place.
    const answer: QuickOrderImport = {
      rows: [],
      errors: [
        {
          row: 1,
          product_variant_code: "GLOW-MINI",
          quantity: "5",
          reason: "several_variants" as const,
          message,
          problems: [
            {
              field: "product_variant_code",
              reason: "several_variants" as const,
              message,
              variants: choices,
            },
          ],
        },
      ],
    };
    const actor = createActor(
      quickOrderMachine.provide({ actors: { readPaste: fromPromise(async () => answer) } }),
    ).start();
    actor.send({ type: "quickOrder.changePaste", text: "GLOW-MINI;5" });
    actor.send({ type: "quickOrder.paste" });
    await waitFor(actor, (s) => s.matches("editing"));
    const pasted = actor.getSnapshot().context.rows[0]!;
    expect(pasted.problem?.choices).toEqual(choices);
    actor.send({
      type: "quickOrder.chooseProduct",
      id: pasted.id,
      variantCode: "GLOW-MINI-MINT",
      label: "Mint (GLOW-MINI-MINT)",
    });
    const fixed = actor.getSnapshot().context.rows[0]!;
    expect(fixed.variantCode).toBe("GLOW-MINI-MINT");
    expect(fixed.problem).toBeNull();
    expect(isRowComplete(fixed)).toBe(true);
  });

  it("keeps where each row came from: a sheet's row or a pasted line, with its number (issue 30)", async () => {
    const answer = {
      rows: [{ row: 4, product_variant_code: "GLOW-MINI-ROSE", quantity: 2 }],
      errors: [
        {
          row: 2,
          product_variant_code: "NOPE",
          quantity: 1,
          reason: "unknown_code" as const,
          message: "Line 2: unknown.",
        },
      ],
    };
    expect(rowsFromImport(answer, 1, "paste").map((r) => r.from)).toStrictEqual([
      { source: "paste", number: 2 },
      { source: "paste", number: 4 },
    ]);
    expect(rowsFromImport(answer, 1, "file").map((r) => r.from)).toStrictEqual([
      { source: "file", number: 2 },
      { source: "file", number: 4 },
    ]);
    const actor = createActor(
      quickOrderMachine.provide({
        actors: {
          readPaste: fromPromise<QuickOrderImport, { text: string }>(async () => answer),
          importFile: fromPromise<QuickOrderImport, { fileId: string }>(async () => answer),
        },
      }),
    ).start();
    // A line added in the table comes from nowhere else.
    expect(actor.getSnapshot().context.rows[0]!.from).toBeNull();
    actor.send({ type: "quickOrder.changePaste", text: "NOPE 1\nGLOW-MINI-ROSE 2" });
    actor.send({ type: "quickOrder.paste" });
    await waitFor(actor, (s) => s.matches("editing"));
    expect(actor.getSnapshot().context.rows.map((r) => r.from?.source)).toStrictEqual([
      "paste",
      "paste",
    ]);
    actor.send({ type: "quickOrder.upload", file: { id: "f", name: "order.xlsx" } });
    await waitFor(actor, (s) => s.matches("editing"));
    expect(actor.getSnapshot().context.rows.map((r) => r.from?.source)).toStrictEqual([
      "file",
      "file",
    ]);
    actor.send({ type: "quickOrder.addRow" });
    expect(actor.getSnapshot().context.rows[2]!.from).toBeNull();
  });
});

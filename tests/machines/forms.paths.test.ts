import { createActor } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { saveShoppingListMachine } from "../../machines/save-shopping-list.machine.js";
import { supportFormMachine } from "../../machines/support-form.machine.js";
import { model as saveListModel } from "./models/save-shopping-list.model.js";
import { model as supportFormModel } from "./models/support-form.model.js";
import { pathTests } from "./support/path-tests.js";

describe("support form machine", () => {
  pathTests(supportFormModel, { rule: "never sends with a required field empty", groups: 4 });

  it("checks required fields on change, keeps one attachment and shows the server's words", () => {
    const actor = createActor(supportFormMachine, { input: {} }).start();
    actor.send({ type: "support.change", field: "name", value: " " });
    expect(actor.getSnapshot().context.errors.name).toBe("validation.required");
    actor.send({ type: "support.change", field: "subject", value: "" });
    expect(actor.getSnapshot().context.errors.subject).toBeUndefined();
    actor.send({ type: "support.attach", file: { id: "1", name: "a.pdf", size: 1 } });
    actor.send({ type: "support.attach", file: { id: "2", name: "b.png", size: 2 } });
    expect(actor.getSnapshot().context.attachment?.id).toBe("2");
    actor.send({ type: "support.submit" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.errors).toMatchObject({
      email: "validation.required",
      question: "validation.required",
    });
    for (const field of ["name", "email", "question"] as const)
      actor.send({ type: "support.change", field, value: "x" });
    actor.send({ type: "support.submit" });
    actor.send({
      type: "xstate.error.actor.sendSupportRequest",
      error: { message: "Server says no" },
    } as never);
    expect(actor.getSnapshot().context.failure).toBe("Server says no");
    expect(actor.getSnapshot().context.values.question).toBe("x");
  });
});

describe("save shopping list machine", () => {
  pathTests(saveListModel, { groups: 1 });

  it("prefills the default name it is given, saves, then deletes the cart and goes to /shop", () => {
    const saved = vi.fn();
    const shop = vi.fn();
    const actor = createActor(
      saveShoppingListMachine.provide({ actions: { notifySaved: saved, goToShop: shop } }),
      {
        input: { defaultName: "Shopping list of Nov 21, 2026" },
      },
    ).start();
    actor.send({ type: "list.open" });
    expect(actor.getSnapshot().context.name).toBe("Shopping list of Nov 21, 2026");
    actor.send({ type: "list.save" });
    actor.send({
      type: "xstate.error.actor.createShoppingList",
      error: { detail: "Name taken" },
    } as never);
    expect(actor.getSnapshot().context.failure).toBe("Name taken");
    actor.send({ type: "list.save" });
    actor.send({ type: "xstate.done.actor.createShoppingList" } as never);
    expect(actor.getSnapshot().value).toBe("deletingCart");
    actor.send({ type: "xstate.done.actor.deleteCart" } as never);
    expect(saved).toHaveBeenCalled();
    expect(shop).toHaveBeenCalled();
  });
});

import { createActor } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { shoppingListsMachine } from "../../machines/shopping-lists.machine.js";
import { model as shoppingListsModel, none, some } from "./models/shopping-lists.model.js";
import { pathTests } from "./support/path-tests.js";

describe("saved lists machine", () => {
  pathTests(shoppingListsModel, {
    rule: "deletes only after confirming, never orders for MARKETING",
    groups: 1,
  });

  it("orders a list: refreshes the cart, reports skipped lines, goes to checkout", () => {
    const refresh = vi.fn();
    const report = vi.fn();
    const checkout = vi.fn();
    const actor = createActor(
      shoppingListsMachine.provide({
        actions: {
          refreshCart: refresh,
          reportSkipped: (_, p) => report(p.skipped),
          goToCheckout: checkout,
        },
      }),
      { input: { mayOrder: true } },
    ).start();
    actor.send({ type: "lists.order", id: "2", name: "Essentials" });
    actor.send({ type: "xstate.done.actor.orderList", output: none } as never);
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.skipped).toEqual(none.skipped);
    expect(checkout).not.toHaveBeenCalled();
    actor.send({ type: "lists.order", id: "2", name: "Essentials" });
    actor.send({ type: "xstate.done.actor.orderList", output: some } as never);
    expect(actor.getSnapshot().status).toBe("done");
    expect(report).toHaveBeenCalledWith(some.skipped);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(checkout).toHaveBeenCalledTimes(1);
  });

  it("asks before deleting and shows the server's words on failure", () => {
    const reload = vi.fn();
    const actor = createActor(shoppingListsMachine.provide({ actions: { reloadLists: reload } }), {
      input: { mayOrder: false },
    }).start();
    actor.send({ type: "lists.order", id: "2", name: "Essentials" });
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "lists.delete", id: "1", name: "Spring restock" });
    expect(actor.getSnapshot().value).toBe("confirmingDelete");
    actor.send({ type: "lists.cancel" });
    expect(actor.getSnapshot().context.listId).toBeNull();
    actor.send({ type: "lists.delete", id: "1", name: "Spring restock" });
    actor.send({ type: "lists.confirmDelete" });
    actor.send({
      type: "xstate.error.actor.deleteList",
      error: { detail: "The list does not exist." },
    } as never);
    expect(actor.getSnapshot().context.failure).toEqual({
      message: "The list does not exist.",
      key: "lists.deleteFailed",
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

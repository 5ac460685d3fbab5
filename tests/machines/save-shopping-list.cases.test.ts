// Hand-written cases of the save-list machine beside its generated paths (forms.paths.test.ts).
import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { saveShoppingListMachine } from "../../machines/save-shopping-list.machine.js";
import { defaultListName } from "../../rules/shopping-lists.js";

describe("save shopping list machine: hand-written cases", () => {
  it("opens on the name the app gives in the person's language, and again after a cancel", () => {
    // The dialog gives the name the server gives a list saved without one (decision 057).
    const defaultName = defaultListName(new Date(Date.UTC(2026, 10, 28, 12)), "de", "UTC");
    expect(defaultName).toBe("Einkaufsliste vom 28.11.2026");
    const actor = createActor(saveShoppingListMachine, { input: { defaultName } }).start();
    expect(actor.getSnapshot().context).toEqual({ name: "", defaultName, failure: null });
    actor.send({ type: "list.open" });
    expect(actor.getSnapshot().context.name).toBe("Einkaufsliste vom 28.11.2026");
    actor.send({ type: "list.changeName", value: "Herbst" });
    actor.send({ type: "list.cancel" });
    actor.send({ type: "list.open" });
    expect(actor.getSnapshot().context.name).toBe("Einkaufsliste vom 28.11.2026");
  });
});

import { saveShoppingListMachine } from "../../../machines/save-shopping-list.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

type Ctx = { name: string; defaultName: string; failure: string | null };

/**
 * 'Save for later' (storefront spec section 4), stated without the machine: the dialog opens
 * on the default name the app gives ('Einkaufsliste vom <date>' in German); saving needs a name
 * (spaces do not count) and sends it trimmed; then the cart is deleted, and whether that works
 * or not, 'List saved' and /shop. A refusal keeps the dialog open with the server's detail.
 */
function oracle({ event, before, input }: OracleStep): OracleExpectation {
  const c = before.context as Ctx;
  const stay = { value: before.value, context: c };
  const e = event as { type: string; value?: string; error?: { detail?: unknown } };
  if (e.type === "xstate.init") {
    const { defaultName } = input as { defaultName: string };
    return { value: "closed", context: { name: "", defaultName, failure: null } };
  }
  switch (before.value) {
    case "closed":
      return e.type === "list.open"
        ? { value: "editing", context: { ...c, name: c.defaultName, failure: null } }
        : stay;
    case "editing":
      if (e.type === "list.changeName")
        return { value: "editing", context: { ...c, name: e.value } };
      if (e.type === "list.cancel") return { value: "closed", context: c };
      if (e.type === "list.save") {
        const name = c.name.replace(/^\s+|\s+$/g, "");
        return name
          ? { value: "creatingList", context: c, started: { createShoppingList: { name } } }
          : stay;
      }
      return stay;
    case "creatingList":
      if (e.type === "xstate.done.actor.createShoppingList")
        return { value: "deletingCart", context: c, started: { deleteCart: undefined } };
      if (e.type === "xstate.error.actor.createShoppingList") {
        const detail = typeof e.error?.detail === "string" ? e.error.detail : null;
        return {
          value: "editing",
          context: { ...c, failure: detail },
          actions: [{ type: "notifyFailure", params: { detail } }],
        };
      }
      return stay;
    case "deletingCart":
      return e.type === "xstate.done.actor.deleteCart" || e.type === "xstate.error.actor.deleteCart"
        ? {
            value: "saved",
            status: "done",
            context: c,
            actions: [{ type: "notifySaved" }, { type: "goToShop" }],
          }
        : stay;
  }
  return stay;
}

export const model: MachineModel = {
  machine: saveShoppingListMachine,
  input: { defaultName: "Einkaufsliste vom 21.11.2026" },
  events: (s) => [
    { type: "list.open" },
    { type: "list.changeName", value: s.context.name ? "" : " Autumn " },
    { type: "list.changeName", value: "   " },
    { type: "list.save" },
    { type: "list.cancel" },
    { type: "xstate.done.actor.createShoppingList" },
    { type: "xstate.error.actor.createShoppingList", error: { detail: "Name taken" } },
    { type: "xstate.error.actor.createShoppingList", error: new Error("offline") },
    // A call that fails with nothing at all (a rejected promise without a reason).
    { type: "xstate.error.actor.createShoppingList", error: undefined },
    { type: "xstate.done.actor.deleteCart" },
    { type: "xstate.error.actor.deleteCart", error: new Error("gone") },
  ],
  invariants: {
    "never saves a blank name": (s) => s.value !== "creatingList" || s.context.name.trim() !== "",
  },
  oracle,
};

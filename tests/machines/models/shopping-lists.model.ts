import { shoppingListsMachine } from "../../../machines/shopping-lists.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

export const some = {
  addedLines: 2,
  skipped: [{ variantCode: "CASE", message: "CASE is out of stock" }],
};
export const none = {
  addedLines: 0,
  skipped: [{ variantCode: "CASE", message: "CASE is out of stock" }],
};

type Ctx = {
  listId: string | null;
  listName: string | null;
  failure: { message: string | null; key: string } | null;
  skipped: unknown[];
  mayOrder: boolean;
};

/** The words a failure shows: the server's detail, else the error's message, else none. */
function words(error: unknown): string | null {
  const e = (error ?? {}) as { detail?: unknown; message?: unknown };
  for (const w of [e.detail, e.message]) if (typeof w === "string" && w.length > 0) return w;
  return null;
}

/**
 * Saved lists (account spec 2), stated without the machine: deleting asks first and sends the
 * list's id; whether it worked or not the lists are reloaded ('lists.deleteFailed' with the
 * server's words on failure, the list's name in the notice on success). Ordering is for users
 * who may order (not MARKETING) and sends the list's id; when at least one line went in, the
 * cart is refreshed, the skipped lines reported and /checkout follows; when none did, the user
 * stays with the reasons and the cart is refreshed; a failure shows 'lists.orderFailed'.
 */
function oracle({ event, before, input }: OracleStep): OracleExpectation {
  if (event.type === "xstate.init")
    return {
      value: "idle",
      context: {
        listId: null,
        listName: null,
        failure: null,
        skipped: [],
        mayOrder: (input as { mayOrder: boolean }).mayOrder,
      },
    };
  const c = before.context as Ctx;
  const stay = { value: before.value, context: c };
  const e = event as {
    type: string;
    id?: string;
    name?: string;
    output?: { addedLines: number; skipped: unknown[] };
    error?: unknown;
  };
  switch (before.value) {
    case "idle":
      if (e.type === "lists.delete")
        return {
          value: "confirmingDelete",
          context: { ...c, listId: e.id, listName: e.name, failure: null, skipped: [] },
        };
      if (e.type === "lists.order")
        return c.mayOrder
          ? {
              value: "ordering",
              context: { ...c, listId: e.id, listName: e.name, failure: null, skipped: [] },
              started: { orderList: { id: e.id } },
            }
          : stay;
      if (e.type === "lists.dismiss")
        return { value: "idle", context: { ...c, failure: null, skipped: [] } };
      return stay;
    case "confirmingDelete":
      if (e.type === "lists.confirmDelete")
        return { value: "deleting", context: c, started: { deleteList: { id: c.listId } } };
      if (e.type === "lists.cancel")
        return { value: "idle", context: { ...c, listId: null, listName: null } };
      return stay;
    case "deleting":
      if (e.type === "xstate.done.actor.deleteList")
        return {
          value: "idle",
          context: { ...c, listId: null, listName: null },
          actions: [
            { type: "notifyDeleted", params: { name: c.listName } },
            { type: "reloadLists" },
          ],
        };
      if (e.type === "xstate.error.actor.deleteList")
        return {
          value: "idle",
          context: { ...c, failure: { message: words(e.error), key: "lists.deleteFailed" } },
          actions: [{ type: "reloadLists" }],
        };
      return stay;
    case "ordering":
      if (e.type === "xstate.done.actor.orderList") {
        const skipped = e.output!.skipped;
        return e.output!.addedLines >= 1
          ? {
              value: "ordered",
              status: "done",
              context: { ...c, skipped },
              actions: [
                { type: "refreshCart" },
                { type: "reportSkipped", params: { skipped } },
                { type: "goToCheckout" },
              ],
            }
          : { value: "idle", context: { ...c, skipped }, actions: [{ type: "refreshCart" }] };
      }
      if (e.type === "xstate.error.actor.orderList")
        return {
          value: "idle",
          context: { ...c, failure: { message: words(e.error), key: "lists.orderFailed" } },
        };
      return stay;
  }
  return stay;
}

export const model: MachineModel = {
  machine: shoppingListsMachine,
  events: () => [
    { type: "lists.delete", id: "1", name: "Spring restock" },
    { type: "lists.confirmDelete" },
    { type: "lists.cancel" },
    { type: "lists.order", id: "2", name: "Essentials" },
    { type: "lists.dismiss" },
    { type: "xstate.done.actor.deleteList" },
    { type: "xstate.error.actor.deleteList", error: { detail: "Not found" } },
    { type: "xstate.error.actor.deleteList", error: { detail: "" } },
    { type: "xstate.done.actor.orderList", output: some },
    { type: "xstate.done.actor.orderList", output: none },
    { type: "xstate.error.actor.orderList", error: new Error("offline") },
    // Failures without words: none at all, an empty message.
    { type: "xstate.error.actor.deleteList", error: undefined },
    { type: "xstate.error.actor.orderList", error: undefined },
    { type: "xstate.error.actor.orderList", error: { message: "" } },
  ],
  invariants: {
    "a MARKETING user never orders": (s) =>
      s.context.mayOrder || !["ordering", "ordered"].includes(String(s.value)),
    "deleting names a list": (s) => s.value !== "deleting" || s.context.listId !== null,
  },
  inputs: [{ mayOrder: true }, { mayOrder: false }],
  oracle,
};

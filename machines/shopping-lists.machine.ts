import { assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";

/** What ordering a list answered: how many lines went in and the lines that did not. */
export interface ListOrderOutcome {
  addedLines: number;
  skipped: { variantCode: string; message: string }[];
}

export interface ShoppingListsContext {
  /** The list the open confirmation or the running request is about. */
  listId: string | null;
  listName: string | null;
  /**
   * After a failure: the server's detail (already translated) when it gave one, else `key`,
   * the translation key of a general message.
   */
  failure: { message: string | null; key: string } | null;
  /** Lines the last order from a list could not add (shown when none went in). */
  skipped: ListOrderOutcome["skipped"];
  /** Whether the user may order from a list (not MARKETING: account spec 6). */
  mayOrder: boolean;
}

export type ShoppingListsEvent =
  | { type: "lists.delete"; id: string; name: string }
  | { type: "lists.confirmDelete" }
  | { type: "lists.cancel" }
  | { type: "lists.order"; id: string; name: string }
  | { type: "lists.dismiss" };

const detailOf = (error: unknown) => {
  const e = error as { detail?: unknown; message?: unknown } | null;
  if (typeof e?.detail === "string" && e.detail !== "") return e.detail;
  return typeof e?.message === "string" && e.message !== "" ? e.message : null;
};

/**
 * The saved lists section (account spec 2): deleting a list asks for confirmation first;
 * ordering from a list (not for MARKETING users) puts its lines in the cart on the server,
 * refreshes the app's cart and goes to /checkout, telling the user which lines could not be
 * added. When no line could be added the user stays, with the reasons shown.
 */
export const shoppingListsMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as ShoppingListsContext,
    events: {} as ShoppingListsEvent,
    input: {} as { mayOrder: boolean },
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    deleteList: unprovided<void, { id: string }>("deleteList"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    orderList: unprovided<ListOrderOutcome, { id: string }>("orderList"),
  },
  // Stryker disable next-line ObjectLiteral: the app provides these; the stand-ins do nothing
  actions: {
    /** Reloads the lists after one was deleted. */
    reloadLists: () => {},
    notifyDeleted: (_, _params: { name: string | null }) => {},
    /** Sends cart.refresh to the app's cart actor (the server changed the cart). */
    refreshCart: () => {},
    goToCheckout: () => {},
    reportSkipped: (_, _params: { skipped: ListOrderOutcome["skipped"] }) => {},
  },
  guards: {
    mayOrder: ({ context }) => context.mayOrder,
    hasAddedLines: (_, params: { outcome: ListOrderOutcome }) => params.outcome.addedLines > 0,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "shoppingLists",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "Deleting saved lists and ordering from them.",
  context: ({ input }) => ({
    listId: null,
    listName: null,
    failure: null,
    skipped: [],
    mayOrder: input.mayOrder,
  }),
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "idle"
  initial: "idle",
  states: {
    idle: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "The lists are shown; a failure or the skipped lines of the last order may show.",
      on: {
        "lists.delete": {
          target: "confirmingDelete",
          actions: assign({
            listId: ({ event }) => event.id,
            listName: ({ event }) => event.name,
            failure: null,
            skipped: [],
          }),
        },
        // A MARKETING user has no order button; an order event from elsewhere is dropped.
        "lists.order": {
          guard: "mayOrder",
          target: "ordering",
          actions: assign({
            listId: ({ event }) => event.id,
            listName: ({ event }) => event.name,
            failure: null,
            skipped: [],
          }),
        },
        "lists.dismiss": { actions: assign({ failure: null, skipped: [] }) },
      },
    },
    confirmingDelete: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "'Are you sure?': the list is deleted only after confirmation.",
      on: {
        "lists.confirmDelete": { target: "deleting" },
        "lists.cancel": { target: "idle", actions: assign({ listId: null, listName: null }) },
      },
    },
    deleting: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The list is being deleted.",
      invoke: {
        id: "deleteList",
        src: "deleteList",
        input: ({ context }) => ({ id: context.listId! }),
        onDone: {
          target: "idle",
          actions: [
            { type: "notifyDeleted", params: ({ context }) => ({ name: context.listName }) },
            "reloadLists",
            assign({ listId: null, listName: null }),
          ],
        },
        onError: {
          target: "idle",
          actions: [
            assign({
              failure: ({ event }) => ({
                message: detailOf(event.error),
                key: "lists.deleteFailed",
              }),
            }),
            // A list a colleague deleted meanwhile is gone either way: show the lists as they are.
            "reloadLists",
          ],
        },
      },
    },
    ordering: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The list's lines are being put into the cart on the server.",
      invoke: {
        id: "orderList",
        src: "orderList",
        input: ({ context }) => ({ id: context.listId! }),
        onDone: [
          {
            guard: { type: "hasAddedLines", params: ({ event }) => ({ outcome: event.output }) },
            target: "ordered",
            actions: assign({ skipped: ({ event }) => event.output.skipped }),
          },
          {
            target: "idle",
            actions: [
              assign({ skipped: ({ event }) => event.output.skipped }),
              // The server may have touched the cart (e.g. started one): keep the app's in step.
              "refreshCart",
            ],
          },
        ],
        onError: {
          target: "idle",
          actions: assign({
            failure: ({ event }) => ({ message: detailOf(event.error), key: "lists.orderFailed" }),
          }),
        },
      },
    },
    ordered: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "Lines are in the cart: the app's cart is refreshed, skipped lines are reported and the " +
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "user goes to /checkout.",
      type: "final",
      entry: [
        "refreshCart",
        { type: "reportSkipped", params: ({ context }) => ({ skipped: context.skipped }) },
        "goToCheckout",
      ],
    },
  },
});

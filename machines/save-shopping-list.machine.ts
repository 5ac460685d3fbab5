import { assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";

export interface SaveListContext {
  name: string;
  /**
   * The name the dialog opens on, 'Shopping list of {date}' in the person's language
   * (storefront spec section 5): given by the app, which names it as the server names a list
   * saved without a name (rules/shopping-lists.ts defaultListName, decision 057).
   */
  defaultName: string;
  /** The server's detail after a failure, if it gave one. */
  failure: string | null;
}

export type SaveListEvent =
  | { type: "list.open" }
  | { type: "list.changeName"; value: string }
  | { type: "list.save" }
  | { type: "list.cancel" };

/**
 * 'Save for later' from the mini-cart: a dialog with the name prefilled with the default name;
 * saving creates the shopping list from the cart, then deletes the cart, then says 'List saved'
 * and goes to /shop (storefront spec section 4). A failure shows the server's detail and keeps
 * the dialog open.
 */
export const saveShoppingListMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as SaveListContext,
    events: {} as SaveListEvent,
    input: {} as { defaultName: string },
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    createShoppingList: unprovided<void, { name: string }>("createShoppingList"),
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    deleteCart: unprovided<void>("deleteCart"),
  },
  actions: {
    recordFailure: assign((_, params: { error: unknown }) => {
      const detail = (params.error as { detail?: unknown } | null)?.detail;
      return { failure: typeof detail === "string" ? detail : null };
    }),
    notifySaved: () => {},
    notifyFailure: (_, _params: { detail: string | null }) => {},
    goToShop: () => {},
  },
  guards: {
    hasName: ({ context }) => context.name.trim() !== "",
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "saveShoppingList",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "Saving the cart as a named shopping list.",
  context: ({ input }) => ({ name: "", defaultName: input.defaultName, failure: null }),
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "closed"
  initial: "closed",
  states: {
    closed: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The dialog is closed.",
      on: {
        "list.open": {
          target: "editing",
          actions: assign({ name: ({ context }) => context.defaultName, failure: null }),
        },
      },
    },
    editing: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The dialog with the name field (prefilled).",
      on: {
        "list.changeName": { actions: assign({ name: ({ event }) => event.value }) },
        "list.save": { guard: "hasName", target: "creatingList" },
        "list.cancel": { target: "closed" },
      },
    },
    creatingList: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Creating the shopping list from the cart's lines.",
      invoke: {
        id: "createShoppingList",
        src: "createShoppingList",
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: { target: "deletingCart" },
        onError: {
          target: "editing",
          actions: [
            { type: "recordFailure", params: ({ event }) => ({ error: event.error }) },
            { type: "notifyFailure", params: ({ context }) => ({ detail: context.failure }) },
          ],
        },
      },
    },
    deletingCart: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The list is saved; the cart it came from is deleted.",
      invoke: {
        id: "deleteCart",
        src: "deleteCart",
        onDone: { target: "saved" },
        // The list exists: saying it failed would make the user save it twice. The cart stays.
        onError: { target: "saved" },
      },
    },
    saved: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "'List saved': the dialog closes and the user goes to /shop.",
      type: "final",
      entry: ["notifySaved", "goToShop"],
    },
  },
});

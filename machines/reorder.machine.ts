import { assign, setup } from "xstate";
import { unprovided } from "./unprovided.js";

/** How often the cart's progress is checked while an item is being added (account spec 9). */
export const REORDER_POLL_MS = 350;
/** Polls before an add that never settles counts as failed (about 14 s at 350 ms). */
export const REORDER_MAX_POLLS = 40;

/** A line of the past order, as it was ordered. */
export interface ReorderLine {
  variantCode: string;
  productName: string;
  variantName: string | null;
  quantity: number;
  /** The discounted unit price paid then, minor units. */
  priceThen: number;
  imagePath: string | null;
}

/** What the catalogue says about a line's variant today; absent when the variant is gone. */
export interface VariantNow {
  variantCode: string;
  price: number | null;
  inStock: boolean;
  /** How many of the line's quantity a cart line could take now (the server's stock check). */
  available?: number | null;
}

/** A line added only in part: the stock (or the line maximum) took `added` of `wanted`. */
export interface ReorderShortfall {
  variantCode: string;
  name: string;
  wanted: number;
  added: number;
}

/** A line that could not be added, with the cart's (translated) reason or a message key. */
export interface ReorderFailure {
  variantCode: string;
  name: string;
  /** The server's detail in the user's language; null when `messageKey` says why. */
  message: string | null;
  messageKey: string | null;
}

/** The cart actor's progress as the poll reads it (the cart actor contract of the guide). */
export interface CartProgress {
  loading: boolean;
  lastOutcome: { requestId?: string | null; ok: boolean; message?: string | null } | null;
  /** The cart's quantity of each variant, as the server answered the last change. */
  quantities?: Record<string, number>;
}

export interface ReorderInput {
  orderNumber: string | null;
  currencyCode: string;
  lines: ReorderLine[];
  /** Makes request ids unique across reorders of one visit (e.g. Date.now()). */
  runId: string;
  maxPolls?: number;
}

export interface ReorderContext {
  orderNumber: string | null;
  currencyCode: string;
  lines: ReorderLine[];
  runId: string;
  maxPolls: number;
  /** Today's variants by code, once the preview has loaded. */
  now: Record<string, VariantNow>;
  /** The line being added. */
  index: number;
  /** Request id of the add being waited for. */
  requestId: string | null;
  polls: number;
  added: string[];
  /** Lines of which the server added only what the stock allowed ("18 of 48 added"). */
  shortened: ReorderShortfall[];
  failed: ReorderFailure[];
  /** A message key when the preview could not be loaded. */
  previewError: string | null;
}

export type ReorderEvent =
  | { type: "reorder.confirm" }
  | { type: "reorder.cancel" }
  | { type: "reorder.retry" }
  | ({ type: "reorder.cartProgress" } & CartProgress);

const lineName = (line: ReorderLine) =>
  line.variantName ? `${line.productName} (${line.variantName})` : line.productName;

/**
 * Reorder (account spec 2 and 4): a preview of the past order's lines with the price then and
 * now and whether each is in stock; on confirmation the cart is emptied and every line is added
 * one at a time through the app's cart actor. After each request the cart's progress is read
 * every 350 ms until the request settles; a line that fails (out of stock, gone, limits) is
 * noted and the next one follows. A line is added up to the stock: the server adds what it has
 * (18 of 48) and the line is noted as shortened, never silently. With at least one line added
 * the user goes to /checkout and is told which lines were cut or could not be added; with none,
 * the dialog says so and the cart is left as the failures left it.
 */
export const reorderMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as ReorderContext,
    events: {} as ReorderEvent,
    input: {} as ReorderInput,
  },
  actors: {
    // Stryker disable next-line StringLiteral: the name only labels the error of a service the app did not provide
    loadPreview: unprovided<VariantNow[], { variantCodes: string[] }>("loadPreview"),
  },
  actions: {
    /** Sends `cart.empty` (silent) to the cart actor. */
    emptyCart: () => {},
    /** Sends `cart.add` (silent, with the request id) to the cart actor. */
    /**
     * Sends `cart.add` (silent, with the request id); `upToStock`: the server adds what the
     * stock allows and the cart's line says how many.
     */
    addToCart: (
      _,
      _params: { variantCode: string; quantity: number; requestId: string; upToStock: boolean },
    ) => {},
    /** Reads the cart actor's `loading` and `lastOutcome` and sends them as reorder.cartProgress. */
    pollCart: () => {},
    goToCheckout: () => {},
    /** Tells the user which lines could not be added (after landing on /checkout). */
    reportFailures: (_, _params: { failed: ReorderFailure[]; shortened: ReorderShortfall[] }) => {},
  },
  guards: {
    hasAvailableLine: ({ context }) =>
      context.lines.some((l) => context.now[l.variantCode]?.inStock === true),
    isCartIdle: ({ event }) => event.type === "reorder.cartProgress" && !event.loading,
    isAddSucceeded: ({ context, event }) =>
      event.type === "reorder.cartProgress" &&
      !event.loading &&
      event.lastOutcome?.requestId === context.requestId &&
      event.lastOutcome.ok,
    isAddFailed: ({ context, event }) =>
      event.type === "reorder.cartProgress" &&
      !event.loading &&
      event.lastOutcome?.requestId === context.requestId &&
      !event.lastOutcome.ok,
    isPollLimitReached: ({ context }) => context.polls + 1 >= context.maxPolls,
    hasMoreLines: ({ context }) => context.index + 1 < context.lines.length,
    hasAddedAny: ({ context }) => context.added.length > 0,
  },
  delays: {
    poll: REORDER_POLL_MS,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "reorder",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "Reordering a past order: preview, then the cart is refilled line by line.",
  context: ({ input }) => ({
    orderNumber: input.orderNumber,
    currencyCode: input.currencyCode,
    lines: input.lines,
    runId: input.runId,
    maxPolls: input.maxPolls ?? REORDER_MAX_POLLS,
    now: {},
    index: 0,
    requestId: null,
    polls: 0,
    added: [],
    shortened: [],
    failed: [],
    previewError: null,
  }),
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "loadingPreview"
  initial: "loadingPreview",
  states: {
    loadingPreview: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Today's price and stock of each line's variant are being read.",
      invoke: {
        id: "loadPreview",
        src: "loadPreview",
        input: ({ context }) => ({
          variantCodes: [...new Set(context.lines.map((l) => l.variantCode))],
        }),
        onDone: {
          target: "previewing",
          actions: assign({
            now: ({ event }) => Object.fromEntries(event.output.map((v) => [v.variantCode, v])),
            previewError: null,
          }),
        },
        onError: {
          target: "previewFailed",
          actions: assign({ previewError: "orders.reorder.previewFailed" }),
        },
      },
      on: { "reorder.cancel": { target: "cancelled" } },
    },
    previewFailed: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The preview could not be loaded; the user may try again or close.",
      on: {
        "reorder.retry": { target: "loadingPreview" },
        "reorder.cancel": { target: "cancelled" },
      },
    },
    previewing: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "Each line with its price then and now and whether it is in stock. Confirming needs at " +
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "least one line in stock: otherwise the cart would be emptied for nothing.",
      on: {
        "reorder.confirm": { guard: "hasAvailableLine", target: "emptyingCart" },
        "reorder.cancel": { target: "cancelled" },
      },
    },
    emptyingCart: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "The cart is being emptied before the order's lines go in; its progress is read every " +
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "350 ms. Cancelling is no longer offered: the cart is already changing.",
      entry: ["emptyCart", assign({ polls: 0 })],
      initial: "waiting",
      states: {
        waiting: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Until the next progress check; each check restarts the 350 ms timer.",
          after: { poll: { target: "waiting", reenter: true, actions: "pollCart" } },
        },
      },
      on: {
        "reorder.cartProgress": [
          { guard: "isCartIdle", target: "addingLine" },
          { guard: "isPollLimitReached", target: "addingLine" },
          { actions: assign({ polls: ({ context }) => context.polls + 1 }) },
        ],
      },
    },
    addingLine: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "One line was sent to the cart; every 350 ms the cart's progress is read until the " +
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "outcome of this request arrives (or the cart never answers).",
      entry: [
        assign({
          requestId: ({ context }) => `reorder-${context.runId}-${context.index}`,
          polls: 0,
        }),
        {
          type: "addToCart",
          params: ({ context }) => ({
            variantCode: context.lines[context.index]!.variantCode,
            quantity: context.lines[context.index]!.quantity,
            requestId: context.requestId!,
            upToStock: true,
          }),
        },
      ],
      initial: "waiting",
      states: {
        waiting: {
          // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
          description: "Until the next progress check; each check restarts the 350 ms timer.",
          after: { poll: { target: "waiting", reenter: true, actions: "pollCart" } },
        },
      },
      on: {
        "reorder.cartProgress": [
          {
            guard: "isAddSucceeded",
            target: "nextLine",
            actions: assign({
              added: ({ context }) => [...context.added, context.lines[context.index]!.variantCode],
              // Fewer in the cart than wanted: the stock allowed only that many (the cart was
              // emptied first, so the cart's line is what this add put in).
              shortened: ({ context, event }) => {
                const line = context.lines[context.index]!;
                const inCart =
                  event.type === "reorder.cartProgress"
                    ? event.quantities?.[line.variantCode]
                    : undefined;
                return inCart !== undefined && inCart < line.quantity
                  ? [
                      ...context.shortened,
                      {
                        variantCode: line.variantCode,
                        name: lineName(line),
                        wanted: line.quantity,
                        added: inCart,
                      },
                    ]
                  : context.shortened;
              },
            }),
          },
          {
            guard: "isAddFailed",
            target: "nextLine",
            actions: assign({
              failed: ({ context, event }) => {
                const line = context.lines[context.index]!;
                const message =
                  event.type === "reorder.cartProgress"
                    ? (event.lastOutcome?.message ?? null)
                    : null;
                return [
                  ...context.failed,
                  {
                    variantCode: line.variantCode,
                    name: lineName(line),
                    message,
                    messageKey: message ? null : "orders.reorder.lineFailed",
                  },
                ];
              },
            }),
          },
          {
            guard: "isPollLimitReached",
            target: "nextLine",
            actions: assign({
              failed: ({ context }) => {
                const line = context.lines[context.index]!;
                return [
                  ...context.failed,
                  {
                    variantCode: line.variantCode,
                    name: lineName(line),
                    message: null,
                    messageKey: "orders.reorder.lineTimedOut",
                  },
                ];
              },
            }),
          },
          { actions: assign({ polls: ({ context }) => context.polls + 1 }) },
        ],
      },
    },
    nextLine: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "A line settled: the next one follows, or the reorder ends.",
      always: [
        {
          guard: "hasMoreLines",
          target: "addingLine",
          actions: assign({ index: ({ context }) => context.index + 1 }),
        },
        { guard: "hasAddedAny", target: "done" },
        { target: "nothingAdded" },
      ],
    },
    done: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "At least one line is in the cart: the user goes to /checkout and is told which lines " +
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "were added only in part (18 of 48) or could not be added.",
      type: "final",
      entry: [
        "goToCheckout",
        {
          type: "reportFailures",
          params: ({ context }) => ({ failed: context.failed, shortened: context.shortened }),
        },
      ],
    },
    nothingAdded: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "No line could be added; the dialog lists why until the user closes it.",
      on: { "reorder.cancel": { target: "cancelled" } },
    },
    cancelled: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The dialog was closed.",
      type: "final",
    },
  },
});

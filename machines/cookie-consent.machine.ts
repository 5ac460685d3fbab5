import { setup } from "xstate";

/** Consent is kept 30 days (2,592,000,000 ms; storefront spec section 4). */
export const CONSENT_TTL_MS = 2_592_000_000;

export interface StoredConsent {
  accepted: boolean;
  expiresAt: number;
}

/**
 * The cookie notice bar: hidden while a stored, unexpired consent exists; an expired one is
 * cleared and the bar shows again; agreeing stores consent for 30 days and hides it.
 */
export const cookieConsentMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as { stored: StoredConsent | null; now: number },
    events: {} as { type: "cookies.accept"; now: number },
    input: {} as { stored: StoredConsent | null; now: number },
  },
  // Stryker disable next-line ObjectLiteral: the app provides these; the stand-ins do nothing
  actions: {
    storeConsent: (_, _params: { expiresAt: number }) => {},
    clearConsent: () => {},
  },
  guards: {
    hasValidConsent: ({ context }) =>
      context.stored?.accepted === true && context.stored.expiresAt > context.now,
    hasExpiredConsent: ({ context }) => context.stored !== null,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "cookieConsent",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "Whether the cookie notice bar shows.",
  context: ({ input }) => ({ stored: input.stored, now: input.now }),
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "checking"
  initial: "checking",
  states: {
    checking: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Reads the stored consent once, on load.",
      always: [
        { guard: "hasValidConsent", target: "accepted" },
        { guard: "hasExpiredConsent", target: "shown", actions: "clearConsent" },
        { target: "shown" },
      ],
    },
    shown: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The bar is visible with its agree button.",
      on: {
        "cookies.accept": {
          target: "accepted",
          actions: {
            type: "storeConsent",
            params: ({ event }) => ({ expiresAt: event.now + CONSENT_TTL_MS }),
          },
        },
      },
    },
    accepted: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Consent stored and valid: the bar is hidden.",
      type: "final",
    },
  },
});

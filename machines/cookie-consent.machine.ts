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
  types: {
    context: {} as { stored: StoredConsent | null; now: number },
    events: {} as { type: "cookies.accept"; now: number },
    input: {} as { stored: StoredConsent | null; now: number },
  },
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
  id: "cookieConsent",
  description: "Whether the cookie notice bar shows.",
  context: ({ input }) => ({ stored: input.stored, now: input.now }),
  initial: "checking",
  states: {
    checking: {
      description: "Reads the stored consent once, on load.",
      always: [
        { guard: "hasValidConsent", target: "accepted" },
        { guard: "hasExpiredConsent", target: "shown", actions: "clearConsent" },
        { target: "shown" },
      ],
    },
    shown: {
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
      description: "Consent stored and valid: the bar is hidden.",
      type: "final",
    },
  },
});

import { assign, setup } from "xstate";

export const LOCALES = ["en", "fr", "de", "it", "es"] as const;
export type Locale = (typeof LOCALES)[number];

export type LanguageEvent = { type: "language.select"; locale: string };

/**
 * The language selector. Choosing another supported language stores it, sets the 30-day locale
 * cookie and reloads the page (storefront spec section 4); choosing the current one does nothing.
 */
export const languageMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as { locale: Locale },
    events: {} as LanguageEvent,
    input: {} as { stored: string | null },
  },
  // Stryker disable next-line ObjectLiteral: the app provides these; the stand-ins do nothing
  actions: {
    storeLocale: (_, _params: { locale: Locale }) => {},
    reloadPage: () => {},
  },
  guards: {
    isOtherSupportedLocale: ({ context, event }) =>
      (LOCALES as readonly string[]).includes(event.locale) && event.locale !== context.locale,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in the docs and the live view; nothing targets it
  id: "language",
  // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
  description: "The interface language; English unless another was stored.",
  context: ({ input }) => ({
    // Stryker disable next-line StringLiteral: any text that is no locale does, "" is only the shortest
    locale: (LOCALES as readonly string[]).includes(input.stored ?? "")
      ? (input.stored as Locale)
      : "en",
  }),
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "active"
  initial: "active",
  states: {
    active: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "The page shows the chosen language.",
      on: {
        "language.select": {
          guard: "isOtherSupportedLocale",
          target: "reloading",
          actions: [
            assign({ locale: ({ event }) => event.locale as Locale }),
            { type: "storeLocale", params: ({ event }) => ({ locale: event.locale as Locale }) },
          ],
        },
      },
    },
    reloading: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Stored and cookie set; the page reloads in the new language.",
      type: "final",
      entry: "reloadPage",
    },
  },
});

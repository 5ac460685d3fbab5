import { assign, setup } from "xstate";

export const LOCALES = ["en", "fr", "de", "it", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_COOKIE_TTL_MS = 30 * 86_400_000;

export type LanguageEvent = { type: "language.select"; locale: string };

/**
 * The language selector. Choosing another supported language stores it, sets the 30-day locale
 * cookie and reloads the page (storefront spec section 4); choosing the current one does nothing.
 */
export const languageMachine = setup({
  types: {
    context: {} as { locale: Locale },
    events: {} as LanguageEvent,
    input: {} as { stored: string | null },
  },
  actions: {
    storeLocale: (_, _params: { locale: Locale }) => {},
    reloadPage: () => {},
  },
  guards: {
    isOtherSupportedLocale: ({ context, event }) =>
      (LOCALES as readonly string[]).includes(event.locale) && event.locale !== context.locale,
  },
}).createMachine({
  id: "language",
  description: "The interface language; English unless another was stored.",
  context: ({ input }) => ({
    locale: (LOCALES as readonly string[]).includes(input.stored ?? "")
      ? (input.stored as Locale)
      : "en",
  }),
  initial: "active",
  states: {
    active: {
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
      description: "Stored and cookie set; the page reloads in the new language.",
      type: "final",
      entry: "reloadPage",
    },
  },
});

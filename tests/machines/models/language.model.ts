import { languageMachine } from "../../../machines/language.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

/** The five interface languages (storefront spec section 4), listed here, not imported. */
const SUPPORTED = ["en", "fr", "de", "it", "es"];

/**
 * The language selector, stated without the machine: the page starts in the stored language
 * when it is one of the five, else in English; choosing another of the five stores it and
 * reloads the page; choosing the current one or an unknown code does nothing.
 */
function oracle(step: OracleStep): OracleExpectation {
  const expected = rules(step);
  // Reloading ends the machine (the page goes away); choosing waits for the next choice.
  return { ...expected, status: expected.value === "reloading" ? "done" : "active" };
}

function rules({ event, before, input }: OracleStep): OracleExpectation {
  if (event.type === "xstate.init") {
    const stored = (input as { stored: string | null }).stored;
    return {
      value: "active",
      context: { locale: stored !== null && SUPPORTED.includes(stored) ? stored : "en" },
    };
  }
  const c = before.context as { locale: string };
  const locale = (event as { locale?: string }).locale ?? "";
  if (
    before.value === "active" &&
    event.type === "language.select" &&
    SUPPORTED.includes(locale) &&
    locale !== c.locale
  )
    return {
      value: "reloading",
      context: { locale },
      actions: [{ type: "storeLocale", params: { locale } }, { type: "reloadPage" }],
    };
  return { value: before.value, context: c };
}

export const model: MachineModel = {
  machine: languageMachine,
  events: () => ["en", "de", "xx"].map((locale) => ({ type: "language.select", locale })),
  invariants: {
    "the locale is always supported": (s) => SUPPORTED.includes(s.context.locale),
  },
  inputs: [{ stored: null }, { stored: "de" }, { stored: "klingon" }],
  oracle,
};

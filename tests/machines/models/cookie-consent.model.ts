import { cookieConsentMachine } from "../../../machines/cookie-consent.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

export const NOW = Date.UTC(2026, 10, 21);
/** Thirty days in ms, written out rather than taken from the machine. */
const THIRTY_DAYS = 30 * 24 * 60 * 60 * 1000;

type Stored = { accepted: boolean; expiresAt: number } | null;

/**
 * The cookie bar (storefront spec section 4), stated without the machine: an accepted consent
 * whose expiry is still ahead hides the bar; any other stored consent (expired, or not an
 * acceptance) is cleared and the bar shows; with nothing stored the bar shows and nothing is
 * cleared. Agreeing stores consent until 30 days after the click and hides the bar.
 */
function oracle(step: OracleStep): OracleExpectation {
  const expected = rules(step);
  // The bar hidden for good ends the machine; the bar shown waits for the click.
  return { ...expected, status: expected.value === "accepted" ? "done" : "active" };
}

function rules({ event, before, input }: OracleStep): OracleExpectation {
  const { stored, now } = input as { stored: Stored; now: number };
  if (event.type === "xstate.init") {
    const context = { stored, now };
    if (stored !== null && stored.accepted && now < stored.expiresAt)
      return { value: "accepted", context };
    return {
      value: "shown",
      context,
      actions: stored === null ? [] : [{ type: "clearConsent" }],
    };
  }
  if (before.value === "shown" && event.type === "cookies.accept") {
    const at = (event as unknown as { now: number }).now;
    return {
      value: "accepted",
      context: before.context as Record<string, unknown>,
      actions: [{ type: "storeConsent", params: { expiresAt: at + THIRTY_DAYS } }],
    };
  }
  return { value: before.value, context: before.context as Record<string, unknown> };
}

export const model: MachineModel = {
  machine: cookieConsentMachine,
  events: () => [{ type: "cookies.accept", now: NOW + 5 }],
  inputs: [
    { stored: null, now: NOW },
    { stored: { accepted: true, expiresAt: NOW + 1 }, now: NOW },
    { stored: { accepted: true, expiresAt: NOW }, now: NOW },
    // A stored refusal still in date is not a consent: cleared, the bar shows.
    { stored: { accepted: false, expiresAt: NOW + 1 }, now: NOW },
  ],
  oracle,
};

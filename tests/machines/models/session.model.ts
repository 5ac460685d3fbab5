import { sessionMachine } from "../../../machines/session.machine.js";
import type { MachineModel, OracleExpectation, OracleStep } from "../support/paths.js";

export const NOW = Date.UTC(2026, 10, 21, 9, 0);
export const valid = {
  stored: { customerId: "2", expiresAt: NOW + 1000 },
  now: NOW,
  hadSession: true,
};
export const expired = {
  stored: { customerId: "2", expiresAt: NOW - 1 },
  now: NOW,
  hadSession: true,
};
/** A visitor who never signed in on this browser. */
export const none = { stored: null, now: NOW, hadSession: false };
/** A session that ended while the page was closed and whose stored entry is gone already. */
export const gone = { stored: null, now: NOW, hadSession: true };

/** Twelve hours in ms (storefront spec section 4), written out rather than imported. */
const TWELVE_HOURS = 12 * 60 * 60 * 1000;

type Stored = { customerId: string; expiresAt: number } | null;
type Ctx = { session: Stored; now: number; hadSession: boolean };

/** In date: present and its expiry strictly after the moment looked at. */
const inDate = (s: Stored, now: number) => s !== null && now < s.expiresAt;

/**
 * The session (storefront spec sections 4 and 9), stated without the machine: the page starts
 * with what storage held; half a second later an in-date token keeps the user in, anything else
 * ends the session: storage cleared, 'session.expired' shown, /login two seconds later, but
 * only for a browser that had a session (issue 30, decision 055): a visitor who never signed
 * in goes to /login at once and is told nothing. A 401 (the server refused a session) ends it
 * with the notice at any time before; a navigation that finds the stored token gone or out of
 * date ends it as the check would; one that finds it in date changes nothing. Signing in stores
 * a session of twelve hours from the sign-in; signing out clears storage and goes to the root.
 */
function oracle({ event, before, input }: OracleStep): OracleExpectation {
  if (event.type === "xstate.init") {
    const { stored, now, hadSession } = input as {
      stored: Stored;
      now: number;
      hadSession: boolean;
    };
    return { value: "checking", context: { session: stored, now, hadSession } };
  }
  const c = before.context as Ctx;
  const stay = { value: before.value, context: c };
  const end: OracleExpectation = {
    value: "expired",
    context: { ...c, session: null },
    actions: [
      { type: "clearSession" },
      { type: "showExpiredNotice", params: { messageKey: "session.expired" } },
    ],
  };
  if (before.value === "expired")
    return event.type === "xstate.after.expiredRedirect.session.expired"
      ? {
          value: "redirectingToLogin",
          status: "done",
          context: c,
          actions: [{ type: "redirectToLogin" }],
        }
      : stay;
  if (before.value !== "checking" && before.value !== "valid") return stay;
  // Nothing to end for a visitor who never signed in: to sign in, without a word of expiry.
  const ask: OracleExpectation = {
    value: "signInRequired",
    status: "done",
    context: c,
    actions: [{ type: "redirectToLogin" }],
  };
  const endOrAsk = before.value === "valid" || c.hadSession ? end : ask;
  if (event.type === "xstate.after.sessionCheck.session.checking")
    return inDate(c.session, c.now) ? { value: "valid", context: c } : endOrAsk;
  const e = event as { type: string; customerId?: string; now?: number } & {
    stored?: Stored;
  };
  switch (e.type) {
    case "session.signedOut":
      return {
        value: "signedOut",
        status: "done",
        context: { ...c, session: null },
        actions: [{ type: "clearSession" }, { type: "redirectToRoot" }],
      };
    case "session.unauthorized":
      return end;
    case "session.checked":
      return inDate(e.stored ?? null, e.now!) ? stay : endOrAsk;
    case "session.signedIn": {
      const session = {
        customerId: e.customerId,
        expiresAt: e.now! + TWELVE_HOURS,
      };
      return {
        value: "valid",
        context: { ...c, session, now: e.now },
        actions: [{ type: "persistSession", params: { session } }],
      };
    }
  }
  return stay;
}

export const model: MachineModel = {
  machine: sessionMachine,
  events: () => [
    { type: "session.signedIn", customerId: "3", now: NOW + 60_000 },
    { type: "session.signedOut" },
    { type: "session.unauthorized" },
    // A navigation or request finds the stored session still in date, past its expiry, or gone.
    { type: "session.checked", stored: valid.stored, now: NOW },
    { type: "session.checked", stored: expired.stored, now: NOW },
    // Expiring at the very moment of the look: out of date.
    { type: "session.checked", stored: { ...valid.stored, expiresAt: NOW }, now: NOW },
    { type: "session.checked", stored: null, now: NOW },
  ],
  invariants: {
    "valid means a session whose expiry is in the future": (s) =>
      !(s.value === "valid") ||
      (s.context.session !== null && s.context.session.expiresAt > s.context.now),
    "a visitor who never signed in is never told of an expiry": (s) =>
      s.context.hadSession || s.value !== "expired" || s.context.session === null,
    "expired and signed out hold no session": (s) =>
      !["expired", "signedOut", "redirectingToLogin"].includes(String(s.value)) ||
      s.context.session === null,
  },
  inputs: [
    valid,
    expired,
    none,
    gone,
    // A stored session of a browser that never recorded one (stored before decision 055).
    { ...expired, hadSession: false },
    { ...valid, stored: { ...valid.stored, expiresAt: NOW } },
  ],
  oracle,
};

import { and, assign, setup } from "xstate";

/**
 * Stored sign-in lasts 12 hours; the server's HttpOnly session cookie 24 hours (storefront spec
 * sections 4 and 9, decision 037).
 */
export const SESSION_TTL_MS = 12 * 3600_000;
export const SESSION_CHECK_DELAY_MS = 500;
export const EXPIRED_REDIRECT_DELAY_MS = 2000;

/** What the browser stores of a session: no token (the server's cookie holds it). */
export interface StoredSession {
  customerId: string;
  /** Epoch milliseconds after which the stored session is no longer valid. */
  expiresAt: number;
}

export interface SessionInput {
  /** What local storage held when the page loaded. */
  stored: StoredSession | null;
  /** The time of the page load (epoch ms). */
  now: number;
  /**
   * Whether this browser held a session that was not signed out (decision 055): an ending
   * session then says 'Session expired'; a visitor who never signed in is only sent to sign in.
   */
  hadSession: boolean;
}

export interface SessionContext {
  session: StoredSession | null;
  now: number;
  hadSession: boolean;
}

export type SessionEvent =
  | { type: "session.signedIn"; customerId: string; now: number }
  | { type: "session.signedOut" }
  | { type: "session.unauthorized" }
  /**
   * A navigation or a request looked at storage: what it holds now (null when the stored session
   * is gone or past its expiry) and the time of the look.
   */
  | { type: "session.checked"; stored: StoredSession | null; now: number };

/**
 * The signed-in session of a shop page. 500 ms after load the stored session is checked: valid
 * (present, expiry in the future) keeps the user in; otherwise, when this browser had a session,
 * the stored customer and session are removed, 'Session expired' shows, and 2 s later the user
 * is sent to /login; a visitor who never signed in goes to /login at once, told nothing. Later
 * on, a 401 from the API, or a navigation or request that finds the stored session gone or past
 * its expiry, has the same effect. The login redirect carries the page asked for (the app adds
 * it). Storage and navigation are actions the app provides.
 */
export const sessionMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only, nothing at run time
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  // Stryker disable next-line ObjectLiteral: the app provides these; the stand-ins do nothing
  actions: {
    persistSession: (_, _params: { session: StoredSession }) => {},
    clearSession: () => {},
    showExpiredNotice: (_, _params: { messageKey: string }) => {},
    redirectToLogin: () => {},
    redirectToRoot: () => {},
  },
  guards: {
    hasValidSession: ({ context }) =>
      context.session !== null && context.session.expiresAt > context.now,
    isStoredSessionGone: ({ event }) =>
      // Stryker disable next-line ConditionalExpression: the guard guards session.checked only; the test narrows the event's type
      event.type === "session.checked" &&
      (event.stored === null || event.stored.expiresAt <= event.now),
    hadSession: ({ context }) => context.hadSession,
  },
  delays: {
    sessionCheck: SESSION_CHECK_DELAY_MS,
    expiredRedirect: EXPIRED_REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: "session",
  description:
    // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
    "The signed-in session: checked shortly after a shop page loads, ended on expiry or sign-out.",
  context: ({ input }) => ({
    session: input.stored,
    now: input.now,
    hadSession: input.hadSession,
  }),
  // Stryker disable next-line StringLiteral: without it XState starts in the first state, which is "checking"
  initial: "checking",
  states: {
    checking: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "Page just loaded; the stored session is checked after 500 ms (spec: session check).",
      after: {
        sessionCheck: [
          { guard: "hasValidSession", target: "valid" },
          { guard: "hadSession", target: "expired" },
          { target: "signInRequired" },
        ],
      },
      on: {
        // Logging out, or the server refusing the token, does not wait for the check.
        "session.signedOut": { target: "signedOut" },
        "session.unauthorized": { target: "expired" },
        // A navigation or request before the check that finds the stored token gone or past
        // its expiry ends the session at once (the check itself reads what the page loaded
        // with); one that finds it in date leaves the check to run. A visitor who never signed
        // in is sent to sign in, told nothing of an expiry.
        "session.checked": [
          { guard: and(["isStoredSessionGone", "hadSession"]), target: "expired" },
          { guard: "isStoredSessionGone", target: "signInRequired" },
        ],
        // A sign-in during the first 500 ms (the sign-in page itself) starts a fresh session.
        "session.signedIn": {
          target: "valid",
          actions: [
            assign({
              session: ({ event }) => ({
                customerId: event.customerId,
                expiresAt: event.now + SESSION_TTL_MS,
              }),
              now: ({ event }) => event.now,
            }),
            { type: "persistSession", params: ({ context }) => ({ session: context.session! }) },
          ],
        },
      },
    },
    valid: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "A valid session is stored; API calls carry its cookie. Every navigation and request checks it again.",
      on: {
        "session.signedOut": { target: "signedOut" },
        "session.unauthorized": { target: "expired" },
        // The stored session ran out (or was removed) while the person clicked around: the same
        // expiry path as at load, never a page that silently lost its prices.
        "session.checked": { guard: "isStoredSessionGone", target: "expired" },
        "session.signedIn": {
          // Stryker disable next-line StringLiteral: "valid" has no entry, exit, timer or service, so re-entering it or staying is the same
          target: "valid",
          // Stryker disable next-line BooleanLiteral: as above, re-entering "valid" is not observable
          reenter: true,
          actions: [
            assign({
              session: ({ event }) => ({
                customerId: event.customerId,
                expiresAt: event.now + SESSION_TTL_MS,
              }),
              now: ({ event }) => event.now,
            }),
            { type: "persistSession", params: ({ context }) => ({ session: context.session! }) },
          ],
        },
      },
    },
    expired: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "No valid session: storage and server session cleared, 'Session expired' shown; /login follows after 2 s.",
      entry: [
        "clearSession",
        assign({ session: null }),
        { type: "showExpiredNotice", params: { messageKey: "session.expired" } },
      ],
      after: { expiredRedirect: "redirectingToLogin" },
    },
    redirectingToLogin: {
      // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
      description: "Sent to /login after the expiry notice.",
      type: "final",
      entry: "redirectToLogin",
    },
    signInRequired: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "A visitor who never signed in (or signed out): sent to /login at once, without 'Session expired'.",
      type: "final",
      entry: "redirectToLogin",
    },
    signedOut: {
      description:
        // Stryker disable next-line StringLiteral: a description is documentation (the docs test compares it), not behaviour
        "The user logged out: the token revoked on the server, its cookie and the customer removed, back to the site root.",
      type: "final",
      entry: ["clearSession", assign({ session: null }), "redirectToRoot"],
    },
  },
});

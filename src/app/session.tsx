import { notifications } from "@mantine/notifications";
import {
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { SESSION_TTL_MS, sessionMachine } from "../../machines/session.machine";
import { endServerSession, onGatewayUnauthorized } from "../lib/gateway";
import { ServerRenderContext, useStoredSession } from "../lib/server-render";
import { SessionContext } from "../lib/session";
import { EXPIRED_AT_START } from "../lib/session-at-start";
import { loginPathFor } from "../lib/return-path";
import {
  clearSession,
  forgetHadSession,
  onStoredSessionExpired,
  readHadSession,
  readSession,
  storedSessionCustomer,
  subscribeSession,
  writeSession,
} from "../lib/storage";

/**
 * Starts the session actor with what storage holds and provides its side effects: storage,
 * the 'Session expired' notice and the redirects. Shop routes render inside it.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actions: {
          persistSession: (_, { session }) =>
            writeSession(session.customerId, session.expiresAt - SESSION_TTL_MS),
          // Signing out and an expired session both end the session on the server too: the
          // token is revoked and its cookie cleared (decision 037).
          clearSession: () => {
            clearSession();
            // Told once: the next visit of a signed-out browser is a visitor's (decision 055).
            forgetHadSession();
            endServerSession();
          },
          showExpiredNotice: (_, { messageKey }) =>
            notifications.show({
              id: "session-expired",
              color: "clay",
              title: t(messageKey),
              message: t("session.redirecting"),
              autoClose: 3500,
            }),
          // Sign-in returns to the page asked for (decision 055).
          redirectToLogin: () => {
            const { pathname, search, hash } = window.location;
            void navigate(loginPathFor(pathname + search + hash), { replace: true });
          },
          redirectToRoot: () => void navigate("/", { replace: true }),
        },
      }),
    // The actor is created once per shop visit; navigate and t keep working for its lifetime.
    [],
  );
  // Read once: the actor owns the session from then on.
  const storedNow = useStoredSession();
  const stored = useMemo(() => storedNow, []);
  // A session stored before the mark existed counts as one this browser had.
  const hadSession = useMemo(() => readHadSession() || EXPIRED_AT_START || stored !== null, []);
  return (
    <SessionContext.Provider
      logic={logic}
      options={{ input: { stored, now: Date.now(), hadSession } }}
    >
      <SessionWatch />
      {children}
    </SessionContext.Provider>
  );
}

/**
 * Sends the session actor what ends a session after load: the API's 401s, a request that found
 * the stored token past its expiry, and every navigation's look at storage. A layout effect, so
 * the new page's requests never run on a session the actor still thinks valid.
 */
function SessionWatch() {
  const actor = SessionContext.useActorRef();
  const { key } = useLocation();
  useEffect(
    () => onGatewayUnauthorized(() => actor.send({ type: "session.unauthorized" })),
    [actor],
  );
  useEffect(
    () =>
      onStoredSessionExpired(() =>
        actor.send({ type: "session.checked", stored: null, now: Date.now() }),
      ),
    [actor],
  );
  useLayoutEffect(() => {
    // After the expiry path's redirect the actor is done; the next page has its own.
    if (actor.getSnapshot().status !== "active") return;
    actor.send({ type: "session.checked", stored: readSession(), now: Date.now() });
  }, [actor, key]);
  return null;
}

/**
 * The stored session's customer id, or null, re-rendering when sign-in, sign-out or the
 * session actor's expiry path changes it (in this tab or another): what the header and the
 * cart follow.
 */
export function useStoredSessionCustomer(): string | null {
  // On the server, the session it read from the token cookie (decision 026); in the browser the
  // page is hydrated only when storage agrees on being signed in (src/main.tsx).
  const server = useContext(ServerRenderContext);
  return useSyncExternalStore(
    subscribeSession,
    storedSessionCustomer,
    server ? () => server.session?.customerId ?? null : storedSessionCustomer,
  );
}

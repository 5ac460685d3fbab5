import { notifications } from "@mantine/notifications";
import { createActorContext } from "@xstate/react";
import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { SESSION_TTL_MS, sessionMachine } from "../../machines/session.machine";
import { onGatewayUnauthorized } from "../lib/gateway";
import { useStoredSession } from "../lib/server-render";
import { clearSession, writeSession } from "../lib/storage";

/** The long-lived session actor of the shop pages (created once per visit of the shop area). */
export const SessionContext = createActorContext(sessionMachine);

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
            writeSession(session.token, session.customerId, session.expiresAt - SESSION_TTL_MS),
          clearSession: () => clearSession(),
          showExpiredNotice: (_, { messageKey }) =>
            notifications.show({
              id: "session-expired",
              color: "clay",
              title: t(messageKey),
              message: t("session.redirecting"),
              autoClose: 3500,
            }),
          redirectToLogin: () => void navigate("/login", { replace: true }),
          redirectToRoot: () => void navigate("/", { replace: true }),
        },
      }),
    // The actor is created once per shop visit; navigate and t keep working for its lifetime.
    [],
  );
  // Read once: the actor owns the session from then on.
  const storedNow = useStoredSession();
  const stored = useMemo(() => storedNow, []);
  return (
    <SessionContext.Provider logic={logic} options={{ input: { stored, now: Date.now() } }}>
      <UnauthorizedBridge />
      {children}
    </SessionContext.Provider>
  );
}

/** Forwards the gateway's 401s to the session actor. */
function UnauthorizedBridge() {
  const actor = SessionContext.useActorRef();
  useEffect(
    () => onGatewayUnauthorized(() => actor.send({ type: "session.unauthorized" })),
    [actor],
  );
  return null;
}

/** Whether the shop page may render: a valid session, or one still being checked from storage. */
export function useSessionAllowsContent(): boolean {
  return SessionContext.useSelector(
    (s) => s.matches("valid") || (s.matches("checking") && s.context.session !== null),
  );
}

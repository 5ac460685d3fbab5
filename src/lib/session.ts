import { createActorContext } from "@xstate/react";
import { sessionMachine } from "../../machines/session.machine";

/**
 * The long-lived session actor of the shop pages (created once per visit of the shop area by
 * the app shell's SessionProvider, src/app/session.tsx); pages send it `session.signedOut`.
 */
export const SessionContext = createActorContext(sessionMachine);

/** Whether the shop page may render: a valid session, or one still being checked from storage. */
export function useSessionAllowsContent(): boolean {
  return SessionContext.useSelector(
    (s) => s.matches("valid") || (s.matches("checking") && s.context.session !== null),
  );
}

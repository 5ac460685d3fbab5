import { createGatewayClient, type GatewayRequest } from "./graphql-client";
import { currentLanguage } from "./locale";
import { SignOutDocument } from "./gql/graphql";
import { serverGateway } from "./server-gateway";
import { readSession } from "./storage";

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Lets the session actor hear that the gateway refused the stored token (a 401 later on ends
 * the session like an expiry does). Returns the unsubscribe function.
 */
export function onGatewayUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Tells the session actor that the API refused the stored token (REST calls report it too). */
export function reportUnauthorized(): void {
  unauthorizedListeners.forEach((listener) => listener());
}

/**
 * The browser's gateway client: `/graphql` with the session cookie (which no script reads) and
 * the CSRF header, and the page's language (chosen, else the browser's: decision 053).
 */
const client = createGatewayClient({
  endpoint: `${globalThis.location?.origin ?? "http://localhost"}/graphql`,
  getLanguage: currentLanguage,
  onUnauthorized: reportUnauthorized,
});

/**
 * Every call looks at the stored session first: one found past its expiry is removed and the
 * session actor told (`onStoredSessionExpired`), so it ends the session.
 */
export const gateway: GatewayRequest = (document, variables) => {
  // On the server, a page's reads go to the gateway of the request it renders (issue 31).
  if (import.meta.env.SSR) {
    const onServer = serverGateway();
    if (onServer) return onServer(document, variables);
  }
  readSession();
  return client(document, variables);
};

let pendingSignOut: Promise<unknown> = Promise.resolve();

/**
 * Ends the session on the server: its token is revoked and the cookie cleared. Best effort (a
 * failure leaves a cookie the server refuses once the token expires); the UI does not wait.
 */
export function endServerSession(): void {
  pendingSignOut = gateway(SignOutDocument, {}).catch(() => {});
}

/**
 * Settles once a sign-out sent before has been answered: a sign-in waits for it, or the
 * sign-out's cleared cookie could arrive after the new session's.
 */
export function signOutSettled(): Promise<unknown> {
  return pendingSignOut;
}

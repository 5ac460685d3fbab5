import { createGatewayClient } from "./graphql-client";
import { toLanguage } from "./locale";
import { readLocale, readSession } from "./storage";

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

/** The browser's gateway client: `/graphql`, the stored token and the stored language. */
export const gateway = createGatewayClient({
  endpoint: `${globalThis.location?.origin ?? "http://localhost"}/graphql`,
  getToken: () => readSession()?.token ?? null,
  getLanguage: () => toLanguage(readLocale()),
  onUnauthorized: reportUnauthorized,
});

import { createContext, useContext, useSyncExternalStore } from "react";
import { readLocale, readSession, type StoredSessionData } from "./storage";

/**
 * What the server knows when it renders a page (decision 026): the session from the token
 * cookie (verified) and the language cookie. The browser has no such context and reads its own
 * storage; the client hydrates the server's HTML only when both agree on being signed in
 * (src/main.tsx), so a page renders the same markup on both sides.
 */
export interface ServerRender {
  session: StoredSessionData | null;
  /** The `locale` cookie, or null. */
  locale: string | null;
  /** The page's gateway reads run on the server (issue 31); absent: none are. */
  queries?: ServerQueries;
}

/**
 * The gateway reads of a page rendered on the server (issue 31, decision 066): a render pass
 * asks for those it has no answer for (`wanted`, by the query's key); the renderer runs them
 * with the visitor's session and renders again with their `answers`, which go into the page
 * for the browser's first render, so it shows the same data without asking again.
 */
export interface ServerQueries {
  readonly answers: ReadonlyMap<string, unknown>;
  readonly wanted: Map<string, () => Promise<unknown>>;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/**
 * The stored session as a page renders it: the server's view during server rendering, the
 * browser's storage otherwise. Use it in render instead of `readSession()`.
 */
export function useStoredSession(): StoredSessionData | null {
  const server = useContext(ServerRenderContext);
  return server ? server.session : readSession();
}

/** The stored interface language as a page renders it (see `useStoredSession`). */
export function useStoredLocale(): string | null {
  const server = useContext(ServerRenderContext);
  return server ? server.locale : readLocale();
}

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating, true once the page runs in the browser: what only
 * the browser knows (the cookie consent in localStorage) renders after hydration.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The JSON the server puts in the page for the client (`<script type="application/json">`). */
export interface ServerPageData {
  language: string;
  signedIn: boolean;
  /** The session of the cookie the server accepted (no token: who and until when). */
  session?: StoredSessionData;
  /** The answers of the gateway reads the server ran for the page, by the query's key. */
  queries?: Record<string, unknown>;
}

/** Id of the script element carrying `ServerPageData`. */
export const SERVER_DATA_ID = "server-data";

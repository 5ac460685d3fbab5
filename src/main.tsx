// Mantine's reset and global styles in a cascade layer below every component sheet (decision
// 025); components import their own sheets.
import "./styles/base.css";
// Touch targets of 44 px below the desktop layout (decision 027).
import "./styles/touch.css";
// First of the app's modules: whether a stored session had expired, before anything clears it.
import { EXPIRED_AT_START } from "./lib/session-at-start";
import { useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { createAppRouter, loadMatchedRoutes } from "./app/router";
import { createAppI18n } from "./lib/i18n-app";
import { SERVER_DATA_ID, type ServerPageData } from "./lib/server-render";
import { decidePageLanguage } from "./lib/locale";
import { primeServerAnswers } from "./lib/use-gateway-query";
import {
  clearSession,
  readCookie,
  readLocale,
  readSession,
  SESSION_TTL_MS,
  storedSessionCustomer,
  writeLocale,
  writeSession,
} from "./lib/storage";

/** What the server said of the page it rendered (decision 026), or null for a bare index.html. */
function serverData(): ServerPageData | null {
  const text = document.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerPageData;
  } catch {
    return null;
  }
}

const server = serverData();
// The session is the server's HttpOnly cookie (decision 037); this browser stores only who is
// signed in and until when. The server's word wins: a cookie it accepted (a sign-in through
// the API, storage cleared) is a session here too, and a stored session whose cookie the
// server refused (signed out elsewhere, expired) is forgotten.
if (server !== null) {
  // A stored session past its expiry is not replaced: the session actor ends it (and signs
  // the token out on the server) with 'Session expired'. Modules imported above may have read
  // (and so removed) it already: EXPIRED_AT_START saw it before any of them ran.
  const storedAtAll = EXPIRED_AT_START || storedSessionCustomer() !== null;
  const local = readSession();
  if (server.session && !storedAtAll) {
    const now = Date.now();
    writeSession(
      server.session.customerId,
      now,
      Math.min(server.session.expiresAt, now + SESSION_TTL_MS),
    );
  } else if (!server.signedIn && local) {
    clearSession();
  }
}
// The language stored in this browser wins; without one, the server's (from Accept-Language),
// else the browser's own list (decision 053); the gateway asks for the catalogue in it too.
// A choice kept only in localStorage (its cookie expired) goes back into the cookie, so the
// server renders it next time.
const stored = readLocale();
if (stored !== null && readCookie("locale") !== stored) writeLocale(stored);
const language = decidePageLanguage(stored, server?.language);
// The page's own chunk and the texts load side by side (English is bundled; another language is
// one small fetch); the router starts once the page's module is in place, so it needs no
// hydration fallback.
void Promise.all([loadMatchedRoutes(window.location.pathname), createAppI18n(language)]).then(
  ([, i18n]) => {
    const root = document.getElementById("root")!;
    const app = (
      <Running>
        <App i18n={i18n} router={createAppRouter()} />
      </Running>
    );
    // The server read the session from the token cookie and the language from the locale cookie;
    // the browser reads its storage. When they disagree (a session that ended in between, a
    // language kept only here), the browser renders the page itself.
    const same =
      server !== null &&
      !EXPIRED_AT_START &&
      server.signedIn === (readSession() !== null) &&
      server.language === i18n.language;
    // The answers of the reads the server ran hold for this render only when it is the same.
    if (same) primeServerAnswers(server.queries);
    if (same) hydrateRoot(root, app);
    else createRoot(root).render(app);
  },
);

/**
 * Marks the page as running once React has hydrated or rendered it (`<html data-running>`): a
 * click before then reaches server-rendered markup without handlers. Tests wait for it; it adds
 * no element, so the server's markup and the client's stay the same.
 */
function Running({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.running = "";
  }, []);
  return children;
}

// Mantine's reset and global styles in a cascade layer below every component sheet (decision
// 025); components import their own sheets.
import "./styles/base.css";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { createAppRouter, loadMatchedRoutes } from "./app/router";
import { createAppI18n } from "./lib/i18n-app";
import { SERVER_DATA_ID, type ServerPageData } from "./lib/server-render";
import { readLocale, readSession } from "./lib/storage";

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
// The page's own chunk and the texts load side by side (English is bundled; another language is
// one small fetch); the router starts once the page's module is in place, so it needs no
// hydration fallback.
void Promise.all([
  loadMatchedRoutes(window.location.pathname),
  createAppI18n(server?.language ?? readLocale()),
]).then(([, i18n]) => {
  const root = document.getElementById("root")!;
  const app = <App i18n={i18n} router={createAppRouter()} />;
  // The server read the session from the token cookie; the browser reads its storage. When they
  // disagree (a session that ended in between), the browser renders the page itself.
  if (server && server.signedIn === (readSession() !== null)) hydrateRoot(root, app);
  else createRoot(root).render(app);
});

// Mantine's reset and global styles in a cascade layer below every component sheet (decision
// 025); components import their own sheets.
import "./styles/base.css";
// Touch targets of 44 px below the desktop layout (decision 027).
import "./styles/touch.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { createAppRouter } from "./app/router";
import { createAppI18n } from "./lib/i18n-app";
import { readLocale } from "./lib/storage";

// The router starts fetching the page's chunk while the texts load (English is bundled; another
// language is one small fetch), so neither waits for the other.
const router = createAppRouter();
void createAppI18n(readLocale()).then((i18n) => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App i18n={i18n} router={router} />
    </StrictMode>,
  );
});

import { MantineProvider } from "@mantine/core";
import { lazy, StrictMode, Suspense, useEffect, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router/dom";
import type { i18n as I18n } from "i18next";
import type { createAppRouter } from "./router";
import { useIsClient } from "../lib/server-render";
import { cssVariablesResolver, theme } from "./theme";

const Toasts = lazy(() => import("./toasts").then((m) => ({ default: m.Toasts })));

/**
 * What surrounds the routes on both sides (decision 026): theme, notifications and texts. The
 * browser puts the router inside, the server its static router; the tree is the same, so the
 * server's HTML hydrates.
 */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const client = useIsClient();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n]);
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
        >
          {client && (
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          )}
          {children}
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>
  );
}

/** The app shell in the browser: the providers and the routes in the stored language. */
export function App({ i18n, router }: { i18n: I18n; router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProviders i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

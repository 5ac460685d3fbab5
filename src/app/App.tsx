import { MantineProvider, mergeThemeOverrides, type MantineThemeOverride } from "@mantine/core";
import { lazy, StrictMode, Suspense, useEffect, useMemo, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
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
        <Themed>
          {client && (
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          )}
          {children}
        </Themed>
      </I18nextProvider>
    </StrictMode>
  );
}

/**
 * The theme, with the dialogs', drawers' and toasts' close button named in the reader's language
 * (axe's button-name: an icon alone says nothing to a screen reader).
 */
function Themed({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t("dialog.close");
  const named = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: { defaultProps: { closeButtonProps: { "aria-label": close } } },
          Drawer: { defaultProps: { closeButtonProps: { "aria-label": close } } },
          Notification: { defaultProps: { closeButtonProps: { "aria-label": close } } },
        },
      } satisfies MantineThemeOverride),
    [close],
  );
  return (
    <MantineProvider
      theme={named}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
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

// Per-component styles (decision 022): the global base is imported first by src/main.tsx;
// here only what the toasts need, then the notifications package's own small sheet.
import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router/dom";
import type { i18n as I18n } from "i18next";
import type { createAppRouter } from "./router";
import { theme } from "./theme";

/** The app shell: theme, notifications, texts in the stored language, and the routes. */
export function App({ i18n, router }: { i18n: I18n; router: ReturnType<typeof createAppRouter> }) {
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n]);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-center" />
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nextProvider>
  );
}

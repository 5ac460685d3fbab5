import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useEffect, useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router/dom";
import { createI18n } from "../lib/i18n";
import { readLocale } from "../lib/storage";
import { createAppRouter } from "./router";
import { theme } from "./theme";

/** The app shell: theme, notifications, texts in the stored language, and the routes. */
export function App() {
  const i18n = useMemo(() => createI18n(readLocale()), []);
  const router = useMemo(() => createAppRouter(), []);
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

// The chevron of NativeSelect is the Combobox's; only its sheet comes along, not the popover.
import "@mantine/core/styles/Combobox.css";
import { NativeSelect } from "@mantine/core";
import { useMachine } from "@xstate/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LOCALES, languageMachine } from "../../../machines/language.machine";
import { useIsClient, useStoredLocale } from "../../lib/server-render";
import { apiLocale } from "../../lib/locale";
import { readSession, writeLocale } from "../../lib/storage";

/**
 * A signed-in person's choice is remembered on the server too (decision 053): their mails
 * follow it. Best effort: the page reloads once it is answered, or failed.
 */
async function rememberOnServer(locale: string): Promise<void> {
  if (!readSession()) return;
  try {
    const [{ gateway }, { SetPreferredLanguageDocument }] = await Promise.all([
      import("../../lib/gateway"),
      import("../../lib/gql/graphql"),
    ]);
    await gateway(SetPreferredLanguageDocument, { localeCode: apiLocale(locale) });
  } catch {
    // The next sign-in records the language the storefront then speaks.
  }
}

/**
 * The language selector of the top bar: stores the choice, sets the cookie, reloads. A native
 * `<select>` (the browser's own list, keyboard and screen-reader handling), so the first load of
 * every page carries no popover code for it (decision 022).
 */
export function LanguageSelect({ testId = "language-select" }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  // Without a stored choice, the language the page is shown in (the browser's, on the server).
  const stored = useStoredLocale() ?? i18n.language;
  const logic = useMemo(() => {
    let remembered: Promise<void> = Promise.resolve();
    return languageMachine.provide({
      actions: {
        storeLocale: (_, { locale }) => {
          writeLocale(locale);
          remembered = rememberOnServer(locale);
        },
        reloadPage: () => void remembered.then(() => window.location.reload()),
      },
    });
  }, []);
  const [snapshot, send] = useMachine(logic, { input: { stored } });
  // The server's HTML shows the menu; a choice needs the page to run (after hydration).
  const ready = useIsClient();
  return (
    <NativeSelect
      aria-label={t("topbar.language")}
      data-testid={testId}
      size="xs"
      variant="unstyled"
      w={110}
      disabled={!ready}
      value={snapshot.context.locale}
      data={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
      onChange={(event) => send({ type: "language.select", locale: event.currentTarget.value })}
      styles={{
        input: {
          fontSize: 12,
          letterSpacing: "0.08em",
          textTransform: "uppercase",
          color: "var(--mantine-color-stone-7)",
          cursor: "pointer",
        },
      }}
    />
  );
}

import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Combobox.css";
import { Select } from "@mantine/core";
import { useMachine } from "@xstate/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LOCALES, languageMachine } from "../../../machines/language.machine";
import { readLocale, writeLocale } from "../../lib/storage";

/** The language selector of the top bar: stores the choice, sets the cookie, reloads. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const logic = useMemo(
    () =>
      languageMachine.provide({
        actions: {
          storeLocale: (_, { locale }) => writeLocale(locale),
          reloadPage: () => window.location.reload(),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic, { input: { stored: readLocale() } });
  return (
    <Select
      aria-label={t("topbar.language")}
      data-testid="language-select"
      size="xs"
      variant="unstyled"
      w={110}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      value={snapshot.context.locale}
      data={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
      onChange={(value) => value && send({ type: "language.select", locale: value })}
      styles={{ input: { fontSize: 12, letterSpacing: "0.08em", textTransform: "uppercase" } }}
    />
  );
}

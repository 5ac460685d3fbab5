import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Text.css";
import { Button, Group, Paper, Text } from "@mantine/core";
import { useMachine } from "@xstate/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { cookieConsentMachine } from "../../../machines/cookie-consent.machine";
import { clearConsent, readConsent, writeConsent } from "../../lib/storage";

/** The cookie notice: shown until the visitor agrees (kept 30 days). */
export function CookieBar() {
  const { t } = useTranslation();
  const logic = useMemo(
    () =>
      cookieConsentMachine.provide({
        actions: {
          storeConsent: (_, { expiresAt }) => writeConsent(expiresAt),
          clearConsent: () => clearConsent(),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic, {
    input: { stored: readConsent(), now: Date.now() },
  });
  if (!snapshot.matches("shown")) return null;
  return (
    <Paper
      role="region"
      aria-label={t("cookies.label")}
      shadow="md"
      radius={0}
      p="md"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      style={{ zIndex: 200, borderTop: "1px solid var(--mantine-color-stone-2)" }}
    >
      <Group justify="center" gap="lg">
        <Text size="sm" c="stone.7">
          {t("cookies.message")}
        </Text>
        <Button size="xs" onClick={() => send({ type: "cookies.accept", now: Date.now() })}>
          {t("cookies.agree")}
        </Button>
      </Group>
    </Paper>
  );
}

import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Text.css";
import { Center, Loader, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

// The loading and message states shared by the catalogue and the content pages, so a list
// looks the same while it loads or when there is nothing to show, whichever page it is on.

/** The gateway's cap on one page; the spec asks for "everything" (9999). */
export const LIST_PER_PAGE = 100;

/** A centred loader in the place of a list while it loads. */
export function ListLoader() {
  const { t } = useTranslation();
  return (
    <Center py={96} role="status" aria-label={t("state.loading")}>
      <Loader color="clay" type="dots" />
    </Center>
  );
}

/** A centred message in the place of a list (empty, missing, failed). */
export function ListMessage({ children }: { children: ReactNode }) {
  return (
    <Center py={96}>
      <Text c="stone.6" fz="lg" ta="center" data-testid="catalog-message">
        {children}
      </Text>
    </Center>
  );
}

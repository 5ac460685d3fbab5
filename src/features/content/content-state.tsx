import { Center, Loader, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

// The content pages' own loading and message states (features never import each other, so
// these mirror the catalogue's rather than borrowing them).

/** The gateway's cap on one page; the spec asks for "everything" (9999). */
export const CONTENT_PER_PAGE = 100;

/** The loader shown in the place of a list while it loads. */
export function ContentLoader() {
  const { t } = useTranslation();
  return (
    <Center py={96} role="status" aria-label={t("state.loading")}>
      <Loader color="clay" type="dots" />
    </Center>
  );
}

/** A centred message in the place of a list (empty, missing, failed). */
export function ContentMessage({ children }: { children: ReactNode }) {
  return (
    <Center py={96}>
      <Text c="stone.6" fz="lg" ta="center" data-testid="catalog-message">
        {children}
      </Text>
    </Center>
  );
}

import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BRAND } from "../../lib/brand";

/** A screen that is not built yet: its translated title and a way back. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="lg" ta="center">
        <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
          {t("comingSoon.eyebrow")}
        </Text>
        <Title order={1}>{t(titleKey, { product: BRAND.product })}</Title>
        <Text c="stone.6" maw={420}>
          {t("comingSoon.text")}
        </Text>
        <Button component={Link} to="/" variant="outline">
          {t("comingSoon.back")}
        </Button>
      </Stack>
    </Container>
  );
}

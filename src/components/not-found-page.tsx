import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

/**
 * Any unknown address. A used password-reset link lands here too: then the page says the link
 * was already used and offers the sign-in page (spec section 2, legal pages).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const usedResetLink = `${location.pathname}${location.search}`.includes("forgotten-password");
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="lg" ta="center">
        {/* A used link is no missing page: a big "404" above it would say the opposite. */}
        {!usedResetLink && (
          <Text ff="heading" fz={72} c="clay.6" lh={1} data-testid="not-found-code">
            404
          </Text>
        )}
        <Title order={1} fz={32}>
          {usedResetLink ? t("notFound.usedLinkTitle") : t("notFound.title")}
        </Title>
        <Text c="stone.6" data-testid="not-found-text">
          {usedResetLink ? t("notFound.usedLink") : t("notFound.text")}
        </Text>
        {usedResetLink ? (
          <Button component={Link} to="/login">
            {t("notFound.toLogin")}
          </Button>
        ) : (
          <Button component={Link} to="/" variant="outline">
            {t("notFound.home")}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

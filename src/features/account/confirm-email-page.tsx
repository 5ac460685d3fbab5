import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import { Alert, Box, Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { gateway } from "../../lib/gateway";
import { asRefusal } from "../../lib/gateway-result";
import { ConfirmEmailChangeDocument } from "../../lib/gql/graphql";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { ACCOUNT_TEXTS } from "./account-texts";

type Phase =
  | { kind: "ready" }
  | { kind: "confirming" }
  | { kind: "done"; email: string }
  | { kind: "invalid"; message: string }
  | { kind: "failed"; message: string | null };

/**
 * /confirm-email/:token: the link sent to a new sign-in e-mail (issue 18, finding 2). The
 * change happens on a button press, not on opening the page, so a mail scanner that follows
 * links changes nothing. Works signed in or not: the link is the proof.
 */
export function Component() {
  const { t } = useLazyNamespace("account", ACCOUNT_TEXTS);
  const { token = "" } = useParams();
  const [phase, setPhase] = useState<Phase>({ kind: "ready" });

  async function confirm() {
    setPhase({ kind: "confirming" });
    try {
      const { confirmEmailChange: result } = await gateway(ConfirmEmailChangeDocument, { token });
      if (result.__typename === "EmailChangeConfirmed")
        setPhase({ kind: "done", email: result.email });
      else if (result.__typename === "NotFoundError")
        setPhase({ kind: "invalid", message: result.message });
      else setPhase({ kind: "failed", message: result.violations[0]?.message ?? result.message });
    } catch (error) {
      setPhase({ kind: "failed", message: asRefusal(error).detail });
    }
  }

  const title =
    phase.kind === "done"
      ? t("confirmEmail.doneTitle")
      : phase.kind === "invalid"
        ? t("confirmEmail.invalidTitle")
        : t("confirmEmail.title");

  return (
    <Box py={{ base: 40, sm: 80 }} bg="stone.0">
      <Container size={480}>
        <Stack gap="xs" ta="center" mb="xl">
          <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
            {t("confirmEmail.eyebrow")}
          </Text>
          <Title order={1}>{title}</Title>
        </Stack>
        <Paper p={{ base: "lg", sm: 40 }} radius="md" withBorder>
          {phase.kind === "done" ? (
            <Stack gap="md">
              <Text>{t("confirmEmail.done", { email: phase.email })}</Text>
              <Button component={Link} to="/login">
                {t("confirmEmail.signIn")}
              </Button>
            </Stack>
          ) : phase.kind === "invalid" ? (
            <Stack gap="md">
              <Alert color="red" role="alert">
                {phase.message}
              </Alert>
              <Button component={Link} to="/login" variant="light">
                {t("confirmEmail.signIn")}
              </Button>
            </Stack>
          ) : (
            <Stack gap="md">
              <Text c="stone.7">{t("confirmEmail.lead")}</Text>
              {phase.kind === "failed" && (
                <Alert color="red" role="alert">
                  {phase.message ?? t("confirmEmail.failed")}
                </Alert>
              )}
              <Button onClick={confirm} loading={phase.kind === "confirming"}>
                {t("confirmEmail.submit")}
              </Button>
            </Stack>
          )}
        </Paper>
      </Container>
    </Box>
  );
}

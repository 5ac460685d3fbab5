import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Notification.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Title.css";
import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Notification,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMachine } from "@xstate/react";
import { useMemo } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { fromPromise } from "xstate";
import { signInMachine, type SignInCredentials } from "../../../machines/sign-in.machine";
import { BRAND } from "../../lib/brand";
import { endServerSession, gateway, signOutSettled } from "../../lib/gateway";
import { safeReturnPath } from "../../lib/return-path";
import { clearSession, forgetHadSession, writeSession } from "../../lib/storage";
import { signIn } from "./auth.services";
import { FormFields } from "../../components/form-fields";

/** /login: the sign-in form, driven by the sign-in machine. */
export function Component() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  // The page asked for before sign-in (decision 055): a path of this site only, else /shop.
  const [search] = useSearchParams();
  const returnTo = safeReturnPath(search.get("next")) ?? undefined;
  const logic = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          signIn: fromPromise(async ({ input }: { input: SignInCredentials }) => {
            await signOutSettled();
            return signIn(gateway, input);
          }),
        },
        actions: {
          // Visiting the page ends any session, on the server too (its cookie is cleared).
          clearStoredSession: () => {
            clearSession();
            forgetHadSession();
            endServerSession();
          },
          startSession: (_, { customerId }) => writeSession(customerId),
          redirectAfterSignIn: (_, { to }) => void navigate(to, { replace: true }),
        },
      }),
    [navigate],
  );
  const [snapshot, send] = useMachine(logic, { input: { returnTo } });
  const { email, password, error, attempted } = snapshot.context;
  const submitting = snapshot.matches("submitting");

  return (
    <Box
      py={80}
      style={{
        background:
          "linear-gradient(180deg, var(--mantine-color-stone-0) 0%, var(--mantine-color-white) 100%)",
      }}
    >
      <Container size={460}>
        <Stack gap="xs" ta="center" mb="xl">
          <Text size="xs" c="clay.6" tt="uppercase" style={{ letterSpacing: "0.3em" }}>
            {t("signIn.eyebrow")}
          </Text>
          <Title order={1}>{t("signIn.title")}</Title>
          <Text c="stone.6">{t("signIn.lead")}</Text>
        </Stack>
        <Paper
          component="form"
          p={40}
          radius="md"
          withBorder
          style={{ borderColor: "var(--mantine-color-stone-2)" }}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: "signIn.submit" });
          }}
        >
          <FormFields>
            <Stack gap="lg">
              <TextInput
                label={t("signIn.email")}
                type="email"
                name="email"
                autoComplete="username"
                value={email}
                readOnly={submitting}
                error={attempted && email.trim() === "" ? t("signIn.emailRequired") : undefined}
                onChange={(e) => send({ type: "signIn.changeEmail", value: e.currentTarget.value })}
              />
              <PasswordInput
                label={t("signIn.password")}
                name="password"
                autoComplete="current-password"
                value={password}
                readOnly={submitting}
                error={attempted && password === "" ? t("signIn.passwordRequired") : undefined}
                onChange={(e) =>
                  send({ type: "signIn.changePassword", value: e.currentTarget.value })
                }
              />
              <Group justify="flex-end" mt={-8}>
                <Anchor
                  component={Link}
                  to="/forgotten-password"
                  size="sm"
                  c="stone.7"
                  className="pp-touch-link"
                >
                  {t("signIn.forgot")}
                </Anchor>
              </Group>
              <Button type="submit" size="md" fullWidth loading={submitting}>
                {t("signIn.submit")}
              </Button>
              {error && (
                <Notification
                  role="alert"
                  color="red"
                  title={t("signIn.errorTitle")}
                  withBorder
                  closeButtonProps={{ "aria-label": t("signIn.dismiss") }}
                  onClose={() => send({ type: "signIn.dismissError" })}
                >
                  {"text" in error ? error.text : t(error.key)}
                </Notification>
              )}
            </Stack>
          </FormFields>
        </Paper>
        <Stack gap={6} ta="center" mt="xl">
          <Text size="sm" c="stone.7">
            {t("signIn.notPartner")}{" "}
            <Anchor component={Link} to="/register" fw={600}>
              {t("signIn.becomePartner")}
            </Anchor>
          </Text>
          <Text size="sm" c="stone.6">
            <Trans
              t={t}
              i18nKey="signIn.support"
              values={{ email: BRAND.supportEmail }}
              components={{ mail: <Anchor href={`mailto:${BRAND.supportEmail}`} size="sm" /> }}
            />
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

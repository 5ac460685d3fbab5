import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { signInStaff, StaffCallError } from "../lib/staff-session";
import { FormFields } from "./form-fields";

/**
 * The back office's staff sign-in form (the machines page, the volume price editor): the
 * page's own texts under `signIn.*` (title, intro, email, password, submit, failed), the
 * server's translated refusal when it gave one.
 */
export function StaffSignIn({
  t,
  language,
  onSignedIn,
}: {
  t: (key: string) => string;
  language: string;
  onSignedIn: (token: string) => void;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    signInStaff(email.trim(), password, language).then(onSignedIn, (e: unknown) => {
      setBusy(false);
      setError(e instanceof StaffCallError && e.detail ? e.detail : t("signIn.failed"));
    });
  };

  return (
    <Paper withBorder p="xl" radius="md" maw={460}>
      <form onSubmit={submit}>
        <FormFields>
          <Stack>
            <Title order={2} fz={22}>
              {t("signIn.title")}
            </Title>
            <Text c="stone.7" size="sm">
              {t("signIn.intro")}
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={t("signIn.email")}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label={t("signIn.password")}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" color="clay" loading={busy}>
              {t("signIn.submit")}
            </Button>
          </Stack>
        </FormFields>
      </form>
    </Paper>
  );
}

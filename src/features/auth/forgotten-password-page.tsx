import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Stack.css";
import { Alert, Anchor, Button, Group, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { isRestError, restCall, type RestErrorData } from "../../lib/rest";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { RecoveryLayout } from "./forgotten-password-layout";
import { isEmailAddress } from "../../../rules/email";
import { ACCOUNT_RECOVERY_TEXTS } from "./forgotten-password-texts";
import { FormFields } from "../../components/form-fields";

type Phase = "editing" | "sending" | "sent";

/**
 * /forgotten-password: asks for a reset link. The server answers 202 whether or not the address
 * has an account, so the page says the same neutral thing in every case.
 */
export function Component() {
  const { t, i18n } = useLazyNamespace("account-recovery", ACCOUNT_RECOVERY_TEXTS);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>("editing");

  const check = (value: string) =>
    value.trim() === ""
      ? t("validation.required")
      : isEmailAddress(value.trim())
        ? null
        : t("validation.email");

  async function submit() {
    const problem = check(email);
    setError(problem);
    if (problem) return;
    setPhase("sending");
    setFailure(null);
    try {
      await restCall("/api/v2/shop/reset-password-requests", {
        method: "POST",
        json: { email: email.trim() },
        language: i18n.language,
        anonymous: true,
      });
      setPhase("sent");
    } catch (caught) {
      const data: RestErrorData | null = isRestError(caught) ? caught : null;
      const violation = data?.violations?.find((v) => v.propertyPath === "email");
      if (violation) setError(violation.message);
      else setFailure(data?.message ?? data?.detail ?? t("request.failure"));
      setPhase("editing");
    }
  }

  return (
    <RecoveryLayout
      eyebrow={t("request.eyebrow")}
      title={t("request.title")}
      lead={phase === "sent" ? undefined : t("request.lead")}
    >
      {phase === "sent" ? (
        <Stack gap="lg">
          <Alert color="green" variant="light" role="status" title={t("request.sentTitle")}>
            {t("request.sent")}
          </Alert>
          <Button component={Link} to="/login" variant="outline" fullWidth>
            {t("request.backToLogin")}
          </Button>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormFields>
            <Stack gap="lg">
              <TextInput
                label={t("request.email")}
                type="email"
                name="email"
                autoComplete="username"
                withAsterisk
                value={email}
                error={error}
                readOnly={phase === "sending"}
                onChange={(e) => {
                  setEmail(e.currentTarget.value);
                  setError(check(e.currentTarget.value));
                }}
              />
              <Button type="submit" size="md" fullWidth loading={phase === "sending"}>
                {t("request.submit")}
              </Button>
              {failure && (
                <Alert color="red" variant="light" role="alert">
                  {failure}
                </Alert>
              )}
              <Group justify="center">
                <Anchor
                  component={Link}
                  to="/login"
                  size="sm"
                  c="stone.7"
                  className="pp-touch-link"
                >
                  {t("request.backToLogin")}
                </Anchor>
              </Group>
            </Stack>
          </FormFields>
        </form>
      )}
    </RecoveryLayout>
  );
}

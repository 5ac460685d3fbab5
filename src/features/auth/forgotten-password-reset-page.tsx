import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import { Alert, Button, Center, Loader, PasswordInput, Stack, Text } from "@mantine/core";
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthError } from "../../../rules/password";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { NotFoundPage as NotFound } from "../../components/not-found-page";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { isRestError, restCall } from "../../lib/rest";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { RecoveryLayout } from "./forgotten-password-layout";
import { ACCOUNT_RECOVERY_TEXTS } from "./forgotten-password-texts";
import { FormFields } from "../../components/form-fields";

type Field = "newPassword" | "confirmNewPassword";
type Phase = "editing" | "saving" | "done";

/** Whether the link still works: 404 means unknown, used, expired or its user disabled. */
async function linkIsValid(url: string, language: string): Promise<boolean> {
  try {
    await restCall(url, { method: "GET", language, anonymous: true });
    return true;
  } catch (error) {
    if (isRestError(error, 404)) return false;
    throw error;
  }
}

/**
 * /forgotten-password/:token: the link of the reset mail. A working link offers the new
 * password twice; a dead one shows the "link no longer works" page with a way to sign in.
 */
export function Component() {
  const { t, i18n } = useLazyNamespace("account-recovery", ACCOUNT_RECOVERY_TEXTS);
  const { token = "" } = useParams();
  const url = `/api/v2/shop/reset-password/${encodeURIComponent(token)}`;
  const link = useGatewayQuery(() => linkIsValid(url, i18n.language), url);
  const [values, setValues] = useState<Record<Field, string>>({
    newPassword: "",
    confirmNewPassword: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>("editing");
  const [expired, setExpired] = useState(false);

  if (link.status === "loading") {
    return (
      <Center py={120}>
        <Loader color="clay" type="dots" aria-label={t("reset.checking")} />
      </Center>
    );
  }
  if ((link.status === "success" && !link.data) || expired) return <NotFound />;

  const check = (next: Record<Field, string>): Partial<Record<Field, string>> => ({
    newPassword:
      next.newPassword === ""
        ? t("validation.required")
        : passwordLengthError(next.newPassword)
          ? t(`validation.${passwordLengthError(next.newPassword)}`, {
              min: PASSWORD_MIN,
              max: PASSWORD_MAX,
            })
          : undefined,
    confirmNewPassword:
      next.confirmNewPassword === ""
        ? t("validation.required")
        : next.confirmNewPassword !== next.newPassword
          ? t("validation.mismatch")
          : undefined,
  });

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    const found = check(next);
    // Only the edited field (and the confirmation, which depends on both) is re-judged.
    setErrors((current) => ({
      ...current,
      [field]: found[field],
      ...(current.confirmNewPassword !== undefined || field === "confirmNewPassword"
        ? { confirmNewPassword: found.confirmNewPassword }
        : {}),
    }));
  }

  async function submit() {
    const found = check(values);
    setErrors(found);
    if (found.newPassword || found.confirmNewPassword) return;
    setPhase("saving");
    setFailure(null);
    try {
      await restCall(url, {
        method: "PATCH",
        json: values,
        language: i18n.language,
        anonymous: true,
      });
      setPhase("done");
    } catch (error) {
      setPhase("editing");
      if (isRestError(error, 404)) {
        setExpired(true);
      } else if (isRestError(error) && error.violations?.length) {
        const next: Partial<Record<Field, string>> = {};
        for (const v of error.violations) {
          if (v.propertyPath === "newPassword" || v.propertyPath === "confirmNewPassword") {
            next[v.propertyPath] ??= v.message;
          }
        }
        setErrors(next);
        if (!next.newPassword && !next.confirmNewPassword) {
          setFailure(error.violations[0]?.message ?? t("reset.failure"));
        }
      } else {
        setFailure((isRestError(error) && (error.message ?? error.detail)) || t("reset.failure"));
      }
    }
  }

  if (phase === "done") {
    return (
      <RecoveryLayout eyebrow={t("reset.eyebrow")} title={t("reset.successTitle")}>
        <Stack gap="lg">
          <Alert color="green" variant="light" role="status">
            {t("reset.success")}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t("reset.toLogin")}
          </Button>
        </Stack>
      </RecoveryLayout>
    );
  }

  return (
    <RecoveryLayout eyebrow={t("reset.eyebrow")} title={t("reset.title")} lead={t("reset.lead")}>
      {link.status === "error" ? (
        <Text c="red.7" role="alert">
          {t("reset.failure")}
        </Text>
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
              <PasswordInput
                label={t("reset.newPassword")}
                name="newPassword"
                autoComplete="new-password"
                withAsterisk
                value={values.newPassword}
                error={errors.newPassword}
                readOnly={phase === "saving"}
                onChange={(e) => change("newPassword", e.currentTarget.value)}
              />
              <PasswordInput
                label={t("reset.confirmPassword")}
                name="confirmNewPassword"
                autoComplete="new-password"
                withAsterisk
                value={values.confirmNewPassword}
                error={errors.confirmNewPassword}
                readOnly={phase === "saving"}
                onChange={(e) => change("confirmNewPassword", e.currentTarget.value)}
              />
              <Button type="submit" size="md" fullWidth loading={phase === "saving"}>
                {t("reset.submit")}
              </Button>
              {failure && (
                <Alert color="red" variant="light" role="alert">
                  {failure}
                </Alert>
              )}
            </Stack>
          </FormFields>
        </form>
      )}
    </RecoveryLayout>
  );
}

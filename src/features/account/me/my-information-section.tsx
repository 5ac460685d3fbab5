import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthError } from "../../../../rules/password";
import { notifications } from "@mantine/notifications";
import { useMachine } from "@xstate/react";
import { useMemo, useRef } from "react";
import { fromPromise } from "xstate";
import {
  isEmailChanged,
  isPasswordComplete,
  PASSWORD_FIELDS,
  profileMachine,
  type PasswordField,
  type PasswordValues,
  type ProfileField,
  type ProfileSaveInput,
} from "../../../../machines/profile.machine";
import { EMAIL_MAX, JOB_TITLE_MAX, NAME_MAX, PHONE_MAX } from "../../../../rules/customer-profile";
import { useLazyNamespace } from "../../../lib/lazy-namespace";
import { useUpdateAccountCustomer } from "../account-context";
import { ACCOUNT_TEXTS, textOf } from "./account-texts";
import { changePassword, loadProfile, saveProfile } from "./profile.services";

const DETAIL_FIELDS: { field: ProfileField; required: boolean; type?: string; auto: string }[] = [
  { field: "firstName", required: true, auto: "given-name" },
  { field: "lastName", required: true, auto: "family-name" },
  { field: "email", required: true, type: "email", auto: "email" },
  { field: "phoneNumber", required: false, type: "tel", auto: "tel" },
  { field: "jobTitle", required: false, auto: "organization-title" },
];

/** The server's longest value for each field (customer-profile), as the fields' maxLength. */
const DETAIL_MAX = {
  firstName: NAME_MAX,
  lastName: NAME_MAX,
  email: EMAIL_MAX,
  phoneNumber: PHONE_MAX,
  jobTitle: JOB_TITLE_MAX,
} as const;

const PASSWORD_AUTOCOMPLETE: Record<PasswordField, string> = {
  currentPassword: "current-password",
  newPassword: "new-password",
  confirmNewPassword: "new-password",
};

/**
 * My information (account spec 2 "user-details"): the personal details form and the password
 * change block, driven by the profile machine.
 */
export function MyInformationSection() {
  const { t } = useLazyNamespace("account", ACCOUNT_TEXTS);
  // The actor lives as long as the section; texts follow the current language.
  const tRef = useRef(t);
  tRef.current = t;
  const update = useUpdateAccountCustomer();
  const updateRef = useRef(update);
  updateRef.current = update;
  const logic = useMemo(
    () =>
      profileMachine.provide({
        actors: {
          loadProfile: fromPromise(() => loadProfile()),
          saveProfile: fromPromise(({ input }: { input: ProfileSaveInput }) => saveProfile(input)),
          changePassword: fromPromise(({ input }: { input: PasswordValues }) =>
            changePassword(input),
          ),
        },
        actions: {
          notifyProfileSaved: ({ context }) => {
            notifications.show({ color: "green", message: tRef.current("me.saved") });
            // The greeting and initials above show the saved name at once.
            updateRef.current({
              firstName: context.values.firstName,
              lastName: context.values.lastName,
              email: context.values.email,
            });
          },
          notifyPasswordChanged: () =>
            notifications.show({ color: "green", message: tRef.current("me.password.success") }),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic);
  const c = snapshot.context;

  const header = (
    <Title order={2} mb="lg">
      {t("me.title")}
    </Title>
  );
  if (snapshot.matches("loading"))
    return (
      <Stack>
        {header}
        <Loader aria-label={t("me.title")} />
      </Stack>
    );
  if (snapshot.matches("loadFailed"))
    return (
      <Stack>
        {header}
        <Alert color="red" title={t("me.errorTitle")} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{textOf(t, c.loadFailure ?? "me.loadFailed")}</Text>
            <Button size="xs" variant="light" onClick={() => send({ type: "profile.retry" })}>
              {t("me.retry")}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );

  const saving = snapshot.matches({ loaded: { details: "saving" } });
  const emailChanged = isEmailChanged(c);
  const changing = snapshot.matches({ loaded: { password: "changing" } });

  return (
    <Stack gap="lg">
      {header}
      <Paper
        withBorder
        p="xl"
        radius="md"
        component="form"
        noValidate
        aria-label={t("me.detailsTitle")}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: "profile.save" });
        }}
      >
        <Stack gap="md">
          <Title order={3} fz="lg">
            {t("me.detailsTitle")}
          </Title>
          {c.failure && (
            <Alert color="red" title={t("me.errorTitle")} role="alert">
              {textOf(t, c.failure)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {DETAIL_FIELDS.map(({ field, required, type, auto }) => (
              <TextInput
                key={field}
                name={field}
                type={type}
                // A phone's keyboard on phones (issue 30).
                inputMode={type === "tel" ? "tel" : undefined}
                label={t(`me.${field}`)}
                withAsterisk={required}
                autoComplete={auto}
                maxLength={DETAIL_MAX[field]}
                value={c.values[field]}
                readOnly={saving}
                error={c.errors[field] ? t(c.errors[field]) : c.serverErrors[field]}
                onChange={(e) =>
                  send({ type: "profile.change", field, value: e.currentTarget.value })
                }
              />
            ))}
          </SimpleGrid>
          {emailChanged && (
            <PasswordInput
              name="emailCurrentPassword"
              label={t("me.emailPassword")}
              description={t("me.emailPasswordHint")}
              withAsterisk
              autoComplete="current-password"
              value={c.emailPassword}
              readOnly={saving}
              error={
                c.errors.emailPassword ? t(c.errors.emailPassword) : c.serverErrors.emailPassword
              }
              onChange={(e) =>
                send({ type: "profile.emailPassword", value: e.currentTarget.value })
              }
              maw={{ sm: "calc(50% - var(--mantine-spacing-md) / 2)" }}
            />
          )}
          {c.pendingEmail && (
            <Alert color="clay" title={t("me.emailPendingTitle")} role="status">
              {t("me.emailPending", { email: c.pendingEmail, current: c.savedEmail })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t("me.save")}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper
        withBorder
        p="xl"
        radius="md"
        component="form"
        noValidate
        aria-label={t("me.password.title")}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: "password.submit" });
        }}
      >
        <Stack gap="md">
          <Title order={3} fz="lg">
            {t("me.password.title")}
          </Title>
          <Text size="sm" c="stone.6">
            {t("me.password.hint")}
          </Text>
          {c.passwordFailure && (
            <Alert color="red" title={t("me.errorTitle")} role="alert">
              {textOf(t, c.passwordFailure)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {PASSWORD_FIELDS.map((field) => (
              <PasswordInput
                key={field}
                name={field}
                label={t(`me.password.${field}`)}
                autoComplete={PASSWORD_AUTOCOMPLETE[field]}
                value={c.password[field]}
                readOnly={changing}
                error={
                  c.serverErrors[field] ??
                  // The length rule at the field before submit (issue 30).
                  (field === "newPassword" && passwordLengthError(c.password.newPassword)
                    ? t(`me.errors.${passwordLengthError(c.password.newPassword)}`, {
                        min: PASSWORD_MIN,
                        max: PASSWORD_MAX,
                      })
                    : undefined)
                }
                onChange={(e) =>
                  send({ type: "password.change", field, value: e.currentTarget.value })
                }
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={changing} disabled={!isPasswordComplete(c.password)}>
              {t("me.password.submit")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

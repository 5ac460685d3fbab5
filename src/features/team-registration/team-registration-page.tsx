import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Notification.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  Loader,
  Modal,
  Notification,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMachine } from "@xstate/react";
import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { fromPromise } from "xstate";
import {
  teamRegistrationMachine,
  type RegistrationField,
  type TeamRegistrationRequest,
} from "../../../machines/team-registration.machine";
import { BRAND } from "../../lib/brand";
import { gateway } from "../../lib/gateway";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { checkInvitation, registerTeamMember } from "./team-registration.services";
import { ACCOUNT_TEXTS, asSections, LEGAL_TEXTS } from "./team-registration-texts";
import { FormFields } from "../../components/form-fields";

const FIELDS: { field: RegistrationField; secret: boolean; auto: string }[] = [
  { field: "firstName", secret: false, auto: "given-name" },
  { field: "lastName", secret: false, auto: "family-name" },
  { field: "password", secret: true, auto: "new-password" },
  { field: "passwordRepeat", secret: true, auto: "new-password" },
];

/**
 * /register/{token}: an invited colleague sets a name and a password (account spec 2, 5). The
 * token is the last path segment of the invitation mail's link.
 */
export function Component() {
  const { token = "" } = useParams();
  return <TeamRegistration key={token} token={token} />;
}

function TeamRegistration({ token }: { token: string }) {
  const { t } = useLazyNamespace("account", ACCOUNT_TEXTS);
  const legal = useLazyNamespace("legal", LEGAL_TEXTS);
  const logic = useMemo(
    () =>
      teamRegistrationMachine.provide({
        actors: {
          checkInvitation: fromPromise(({ input }: { input: { token: string } }) =>
            checkInvitation(gateway, input.token),
          ),
          registerTeamMember: fromPromise(({ input }: { input: TeamRegistrationRequest }) =>
            registerTeamMember(gateway, input),
          ),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic, { input: { token } });
  const c = snapshot.context;
  const registering = snapshot.matches("registering");
  const invalid = snapshot.matches("invalid");
  const say = (value: string) => (/^[\w-]+(\.[\w-]+)+$/.test(value) ? t(value) : value);

  let content;
  if (snapshot.matches("checking"))
    content = (
      <Group justify="center" py="xl">
        <Loader aria-label={t("teamRegistration.checking")} />
        <Text c="stone.6">{t("teamRegistration.checking")}</Text>
      </Group>
    );
  else if (invalid)
    // Said once: the heading names the problem, one sentence the reason (the server's words
    // when it gives one, e.g. the address has an account elsewhere; else the likely one, as the
    // server answers alike for unknown, used and expired links), then the ways on.
    content = (
      <Stack gap="lg" data-testid="invitation-invalid">
        <Text data-testid="invitation-invalid-reason">
          {c.invalidReason ?? t("teamRegistration.invalid.text")}
        </Text>
        <Stack gap="sm">
          <Title order={2} fz="lg" fw={500}>
            {t("teamRegistration.invalid.waysTitle")}
          </Title>
          <Text size="sm">
            {t("teamRegistration.invalid.registered")}{" "}
            <Anchor component={Link} to="/login" fw={600}>
              {t("teamRegistration.invalid.toSignIn")}
            </Anchor>
          </Text>
          <Text size="sm">
            {t("teamRegistration.invalid.forgotten")}{" "}
            <Anchor component={Link} to="/forgotten-password" fw={600}>
              {t("teamRegistration.invalid.toReset")}
            </Anchor>
          </Text>
          <Text size="sm">
            {t("teamRegistration.invalid.newInvitation")}{" "}
            <Anchor
              href={`mailto:${BRAND.supportEmail}`}
              underline="always"
              style={{ overflowWrap: "anywhere" }}
            >
              {BRAND.supportEmail}
            </Anchor>
          </Text>
        </Stack>
      </Stack>
    );
  else if (snapshot.matches("registered"))
    content = (
      <Alert color="green" variant="light" role="status" data-testid="registration-complete">
        <Stack gap="sm">
          <Text>{t("teamRegistration.success")}</Text>
          <Anchor component={Link} to="/login" fw={600}>
            {t("teamRegistration.signIn")}
          </Anchor>
        </Stack>
      </Alert>
    );
  else
    content = (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: "registration.submit" });
        }}
      >
        <FormFields>
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {FIELDS.map(({ field, secret, auto }) => {
                const error = c.errors[field] ? t(c.errors[field]) : c.serverErrors[field];
                const props = {
                  key: field,
                  name: field,
                  label: t(`teamRegistration.${field}`),
                  withAsterisk: true,
                  autoComplete: auto,
                  value: c.values[field],
                  readOnly: registering,
                  error,
                  // The hint says the rule; an error says what is wrong and stands alone.
                  description:
                    field === "password" && !error ? t("teamRegistration.passwordHint") : undefined,
                  onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                    send({ type: "registration.change", field, value: e.currentTarget.value }),
                };
                const { key, ...rest } = props;
                return secret ? (
                  <PasswordInput key={key} {...rest} />
                ) : (
                  <TextInput key={key} {...rest} />
                );
              })}
            </SimpleGrid>
            <Checkbox
              checked={c.termsAccepted}
              disabled={registering}
              error={
                c.termsMissing
                  ? t("teamRegistration.errors.termsRequired")
                  : c.serverErrors.termsAccepted
              }
              onChange={(e) =>
                send({ type: "registration.setTerms", value: e.currentTarget.checked })
              }
              label={
                <>
                  {t("teamRegistration.acceptTerms")}{" "}
                  <Anchor
                    component="button"
                    type="button"
                    // The label's font and baseline: a button's own sat higher and larger.
                    inherit
                    style={{ verticalAlign: "baseline" }}
                    disabled={registering}
                    onClick={(e) => {
                      e.preventDefault();
                      send({ type: "registration.openTerms" });
                    }}
                  >
                    {t("teamRegistration.termsLink")}
                  </Anchor>
                </>
              }
            />
            {/* Always enabled: an incomplete Register shows every missing piece (issue 30). */}
            <Button type="submit" size="md" loading={registering}>
              {t("teamRegistration.register")}
            </Button>
            {c.failure && (
              <Notification
                role="alert"
                color="red"
                withBorder
                title={t("teamRegistration.errorTitle")}
                closeButtonProps={{ "aria-label": t("teamRegistration.close") }}
                onClose={() => send({ type: "registration.dismissFailure" })}
              >
                {say(c.failure)}
              </Notification>
            )}
          </Stack>
        </FormFields>
      </form>
    );

  return (
    <Box py={80}>
      <Container size={620}>
        <Stack gap="xs" ta="center" mb="xl">
          <Title order={1}>
            {invalid
              ? t("teamRegistration.invalid.title")
              : c.approvedApplication
                ? t("teamRegistration.approvedTitle")
                : t("teamRegistration.title")}
          </Title>
          {!invalid && (
            <Text c="stone.6" data-testid="team-registration-lead">
              {c.approvedApplication
                ? // A new partner's own application, not a colleague's invitation: their
                  // names are filled in from it, only the password is new.
                  t(
                    c.namesKnown
                      ? "teamRegistration.approvedLead"
                      : "teamRegistration.approvedLeadNoName",
                    { company: c.companyName ?? "" },
                  )
                : t("teamRegistration.lead")}
            </Text>
          )}
        </Stack>
        <Paper p={{ base: "lg", sm: 40 }} radius="md" withBorder>
          {content}
        </Paper>
      </Container>
      <Modal
        opened={c.termsOpen}
        onClose={() => send({ type: "registration.closeTerms" })}
        title={t("teamRegistration.termsTitle")}
        size="60%"
        centered
      >
        <Stack gap="lg">
          <Text size="sm" c="stone.6">
            {legal.t("terms.updated")}
          </Text>
          {asSections(legal.t("terms.sections", { returnObjects: true, brand: BRAND.name })).map(
            (section) => (
              <Box component="section" key={section.heading}>
                <Title order={3} fz={18} mb="xs">
                  {section.heading}
                </Title>
                <Stack gap="xs">
                  {section.body.split(/\n{2,}/).map((paragraph, index) => (
                    <Text key={index} size="sm" lh={1.7} style={{ whiteSpace: "pre-line" }}>
                      {paragraph}
                    </Text>
                  ))}
                </Stack>
              </Box>
            ),
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: "registration.closeTerms" })}>
              {t("teamRegistration.close")}
            </Button>
            <Button onClick={() => send({ type: "registration.acceptTerms" })}>
              {t("teamRegistration.acceptAndClose")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}

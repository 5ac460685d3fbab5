import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Stepper.css";
import "@mantine/core/styles/Title.css";
import "./registration.css";
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Checkbox,
  Container,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMachine } from "@xstate/react";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { fromPromise } from "xstate";
import {
  LAST_STEP,
  REGISTRATION_STEPS,
  registrationMachine,
  STEP_FIELDS,
  type FieldError,
  type RegistrationField,
  type RegistrationSubmission,
} from "../../../machines/registration.machine";
import { BRAND } from "../../lib/brand";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import {
  BUSINESS_MODELS,
  COMPANY_STATUSES,
  isFieldShown,
  registrationRules,
  TYPES_OF_BUSINESS,
} from "./registration-rules";
import { REGISTRATION_TEXTS } from "./registration-texts";
import {
  checkRegistrationEmail,
  loadRegistrationCountries,
  submitRegistration,
} from "./registration.services";
import { useStepLabelsFit } from "./step-labels";
import { FormFields } from "../../components/form-fields";
import { countryName } from "../../../rules/format";

const TERMS_URL = "/privacy/terms-and-conditions";
const PRIVACY_URL = "/privacy/privacy-policy";

/** Fields that may stay empty (the server does not require them either). */
const OPTIONAL: ReadonlySet<RegistrationField> = new Set([
  "jobTitle",
  "tradingCountries",
  "inStock",
  "retailBeauty",
  "skincareMarketShare",
]);

/** Choice fields and their options (the server's codes). */
const CHOICES: Partial<Record<RegistrationField, readonly string[]>> = {
  typeOfBusiness: TYPES_OF_BUSINESS,
  companyStatus: COMPANY_STATUSES,
  businessModel: BUSINESS_MODELS,
  inStock: ["YES", "NO"],
};

const AUTOCOMPLETE: Partial<Record<RegistrationField, string>> = {
  email: "email",
  name: "given-name",
  surname: "family-name",
  jobTitle: "organization-title",
  phone: "tel",
  companyName: "organization",
  streetAddress: "street-address",
  city: "address-level2",
  postalCode: "postal-code",
};

/** The keyboard a phone shows: digits for phone numbers and counts (issue 30). */
const INPUT_TYPE: Partial<Record<RegistrationField, string>> = {
  email: "email",
  webUrl: "url",
  phone: "tel",
};
const INPUT_MODE: Partial<Record<RegistrationField, "tel" | "numeric">> = {
  phone: "tel",
  storesCount: "numeric",
  onlineShopsCount: "numeric",
};

/**
 * /register: the four-step partner registration (account spec sections 2, 4, 5 and 8). The
 * machine validates each step with the server's own rules; the page shows the fields the
 * chosen country and business model call for.
 */
export function Component() {
  const { t, i18n } = useLazyNamespace("registration", REGISTRATION_TEXTS);
  const logic = useMemo(
    () =>
      registrationMachine.provide({
        actors: {
          loadCountries: fromPromise(() => loadRegistrationCountries()),
          checkEmail: fromPromise(({ input }: { input: { email: string } }) =>
            checkRegistrationEmail(input.email, i18n.language),
          ),
          submitRegistration: fromPromise(({ input }: { input: RegistrationSubmission }) =>
            submitRegistration(input),
          ),
        },
      }),
    [i18n],
  );
  const [snapshot, send] = useMachine(logic, { input: { rules: registrationRules } });
  const { step, reached, values, errors, countries, termsAccepted, failure } = snapshot.context;
  const stepperRef = useStepLabelsFit<HTMLDivElement>(step, i18n.language);
  const submitting = snapshot.matches("submitting");
  const checkingEmail = snapshot.matches("checkingEmail");
  // A refusal from the server (the e-mail check or the application) opens the step of the
  // field it names: the cursor goes to that field, where its message is (issue 30).
  const form = useRef<HTMLFormElement>(null);
  const waiting = submitting || checkingEmail;
  const wasWaiting = useRef(false);
  useEffect(() => {
    if (wasWaiting.current && !waiting) {
      const first = (STEP_FIELDS[step] ?? []).find((field) => errors[field]);
      if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
    wasWaiting.current = waiting;
  }, [waiting, step, errors]);

  const header = (
    <Box bg="stone.1" py={56}>
      <Container size="md">
        <Stack gap="sm" maw={640}>
          <Title order={1}>{t("title")}</Title>
          <Text c="stone.7" fz="lg">
            {t("intro")}
          </Text>
        </Stack>
      </Container>
    </Box>
  );

  if (snapshot.matches("loadingCountries")) {
    return (
      <>
        {header}
        <Center py={96}>
          <Loader color="clay" type="dots" />
        </Center>
      </>
    );
  }
  if (snapshot.matches("loadFailed")) {
    return (
      <>
        {header}
        <Container size="sm" py={64}>
          <Alert color="red" title={t("errorTitle")} role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t("loadError")}</Text>
              <Button size="xs" onClick={() => send({ type: "registration.retry" })}>
                {t("retry")}
              </Button>
            </Stack>
          </Alert>
        </Container>
      </>
    );
  }
  if (snapshot.matches("registered")) {
    return (
      <>
        {header}
        <Container size="sm" py={64}>
          <Paper withBorder radius="md" p={{ base: "lg", sm: 40 }} data-testid="registered">
            <Stack gap="lg">
              <Stack gap={6} role="status">
                <Title order={2}>{t("thanks.title")}</Title>
                <Text c="stone.7">{t("thanks.text")}</Text>
              </Stack>
              <Stack gap="sm">
                <Title order={3} fz="lg" fw={500}>
                  {t("thanks.nextTitle")}
                </Title>
                <List type="ordered" spacing="xs" data-testid="registered-next">
                  <List.Item>{t("thanks.review")}</List.Item>
                  <List.Item>{t("thanks.mail")}</List.Item>
                  <List.Item>{t("thanks.order")}</List.Item>
                </List>
              </Stack>
              <Text size="sm" c="stone.7">
                {t("thanks.questions")}{" "}
                <Anchor href={`mailto:${BRAND.supportEmail}`} style={{ overflowWrap: "anywhere" }}>
                  {BRAND.supportEmail}
                </Anchor>
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/" color="clay">
                  {t("thanks.home")}
                </Button>
                <Button
                  component="a"
                  href={`mailto:${BRAND.supportEmail}`}
                  variant="subtle"
                  color="stone"
                >
                  {t("thanks.help")}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Container>
      </>
    );
  }

  // A country in a message (the postcode or VAT number does not fit it) by its name.
  const paramsOf = (params: Record<string, string | number> | undefined) =>
    typeof params?.country === "string"
      ? { ...params, country: countryName(params.country, i18n.language) }
      : params;
  const errorText = (error: FieldError | undefined) =>
    error
      ? "text" in error
        ? error.text
        : t(error.key, { ...paramsOf(error.params) })
      : undefined;
  const label = (field: RegistrationField) => {
    const text = t(`fields.${field}`, { product: BRAND.product });
    return OPTIONAL.has(field) ? `${text} (${t("optional")})` : text;
  };
  const change = (field: RegistrationField) => (value: string) =>
    send({ type: "registration.change", field, value });

  const renderField = (field: RegistrationField): ReactNode => {
    if (!isFieldShown(field, values, countries)) return null;
    const common = {
      // The theme gives text inputs size md; the selects beside them match.
      size: "md",
      radius: "sm",
      label: label(field),
      name: field,
      withAsterisk: !OPTIONAL.has(field),
      error: errorText(errors[field]),
      readOnly: submitting || checkingEmail,
    };
    const choices = CHOICES[field];
    if (choices) {
      return (
        <Select
          key={field}
          {...common}
          placeholder={t("choose")}
          data={choices.map((value) => ({ value, label: t(`options.${field}.${value}`) }))}
          value={values[field] || null}
          onChange={(value) => change(field)(value ?? "")}
          allowDeselect={OPTIONAL.has(field)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    if (field === "billingCountry" || field === "state") {
      // The country list, or the provinces of the chosen country: both searchable, both required.
      const places =
        field === "billingCountry"
          ? countries
          : (countries.find((c) => c.code === values.billingCountry)?.provinces ?? []);
      return (
        <Select
          key={field}
          {...common}
          placeholder={t("choose")}
          searchable
          data={places.map((p) => ({ value: p.code, label: p.name }))}
          value={values[field] || null}
          onChange={(value) => change(field)(value ?? "")}
          allowDeselect={false}
        />
      );
    }
    return (
      <TextInput
        key={field}
        {...common}
        type={INPUT_TYPE[field] ?? "text"}
        inputMode={INPUT_MODE[field]}
        autoComplete={AUTOCOMPLETE[field]}
        value={values[field]}
        onChange={(e) => change(field)(e.currentTarget.value)}
      />
    );
  };

  const failureText =
    failure === "registration.failed" ? t("failed", { email: BRAND.supportEmail }) : failure;

  return (
    <>
      {header}
      <Container size="md" py={48}>
        <Paper withBorder radius="md" p={{ base: "md", md: "xl" }}>
          <Stepper
            ref={stepperRef}
            active={step}
            color="clay"
            size="sm"
            mb="xl"
            classNames={{ root: "pp-stepper", stepBody: "pp-stepper-body" }}
            onStepClick={(index) => send({ type: "registration.goTo", step: index })}
          >
            {REGISTRATION_STEPS.map((name, index) => (
              <Stepper.Step
                key={name}
                label={t(`steps.${name}`)}
                aria-label={`${t("stepOf", { number: index + 1, total: REGISTRATION_STEPS.length })}: ${t(`steps.${name}`)}`}
                // Completed steps (and the furthest one reached) open by their number.
                allowStepSelect={index <= reached && index !== step && !submitting}
              />
            ))}
          </Stepper>
          <form
            ref={form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send({
                type: step === LAST_STEP ? "registration.register" : "registration.continue",
              });
            }}
          >
            <FormFields>
              <Stack gap="md">
                <Title order={2} fz={22}>
                  {t(`steps.${REGISTRATION_STEPS[step]!}`)}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {(STEP_FIELDS[step] ?? []).map(renderField)}
                </SimpleGrid>
                {step === LAST_STEP && (
                  <Stack gap={4}>
                    <Checkbox
                      label={t("terms.checkbox")}
                      checked={termsAccepted}
                      disabled={submitting}
                      onChange={(e) =>
                        send({
                          type: "registration.toggleTerms",
                          accepted: e.currentTarget.checked,
                        })
                      }
                    />
                    <TermsLinks />
                  </Stack>
                )}
                {failureText && (
                  <Alert color="red" title={t("errorTitle")} role="alert">
                    {failureText}
                  </Alert>
                )}
                <Group justify="space-between" mt="sm">
                  {step === 0 ? (
                    <Anchor component={Link} to="/login" size="sm" className="pp-touch-link">
                      {t("backToSignIn")}
                    </Anchor>
                  ) : (
                    <Button
                      variant="subtle"
                      disabled={submitting}
                      onClick={() => send({ type: "registration.back" })}
                    >
                      {t("back")}
                    </Button>
                  )}
                  <Button type="submit" color="clay" loading={submitting || checkingEmail}>
                    {step === LAST_STEP ? t("register") : t("continue")}
                  </Button>
                </Group>
              </Stack>
            </FormFields>
          </form>
        </Paper>
      </Container>
      <Modal
        opened={snapshot.matches("termsDialog")}
        onClose={() => send({ type: "registration.closeTerms" })}
        title={t("terms.dialogTitle")}
        centered
      >
        <Stack gap="md">
          <Text fw={600} c="red.8">
            {t("terms.dialogText")}
          </Text>
          <Text size="sm">{t("terms.dialogBody")}</Text>
          <TermsLinks />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => send({ type: "registration.closeTerms" })}>
              {t("terms.close")}
            </Button>
            <Button color="clay" onClick={() => send({ type: "registration.acceptTerms" })}>
              {t("terms.acceptAndRegister")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Links to the terms and the privacy policy; a new tab keeps what was typed. */
function TermsLinks() {
  const { t } = useLazyNamespace("registration", REGISTRATION_TEXTS);
  const [before, middle, after] = splitAround(
    t("terms.read", { terms: TERMS_MARK, privacy: PRIVACY_MARK }),
    TERMS_MARK,
    PRIVACY_MARK,
  );
  return (
    <Text size="sm" c="stone.7">
      {before}
      <Anchor href={TERMS_URL} target="_blank" rel="noopener">
        {t("terms.termsLink")}
      </Anchor>
      {middle}
      <Anchor href={PRIVACY_URL} target="_blank" rel="noopener">
        {t("terms.privacyLink")}
      </Anchor>
      {after}
    </Text>
  );
}

const TERMS_MARK = "\u0000terms\u0000";
const PRIVACY_MARK = "\u0000privacy\u0000";

/** The text around two marks put into a translation, in order (the links go there). */
function splitAround(text: string, first: string, second: string): [string, string, string] {
  const a = text.indexOf(first);
  const b = text.indexOf(second);
  if (a < 0 || b < a) return [`${text} `, " ", ""];
  return [text.slice(0, a), text.slice(a + first.length, b), text.slice(b + second.length)];
}

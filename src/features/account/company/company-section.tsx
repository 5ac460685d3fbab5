import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Switch.css";
import {
  Alert,
  Button,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { canEditCompanyData } from "../../../../rules/customer-profile";
import { gateway } from "../../../lib/gateway";
import { CompanyDetailsDocument, SetPoNumberRequiredDocument } from "../../../lib/gql/graphql";
import { useAccountCustomer } from "../account-context";
import { useLazyNamespace } from "../../../lib/lazy-namespace";
import { useGatewayQuery } from "../../../lib/use-gateway-query";
import { ACCOUNT_TEXTS } from "../me/account-texts";
import { postalLines } from "../../../../rules/address";
import { countryName } from "../../../../rules/format";
import { asRefusal, call, successOf } from "../../../lib/gateway-result";

/** One read-only field: its label, and 'Not provided' when the company has no value. */
function Field(props: { label: string; value: string | null | undefined; empty: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="stone.6" tt="uppercase" fw={600} style={{ letterSpacing: "0.08em" }}>
        {props.label}
      </Text>
      <Text c={props.value ? undefined : "stone.5"} style={{ whiteSpace: "pre-line" }}>
        {props.value || props.empty}
      </Text>
    </Stack>
  );
}

/**
 * Whether checkout requires a purchase-order number (issue 21). An ADMIN switches it (one
 * request, the server decides); other roles see the setting, disabled.
 */
function PoNumberSetting(props: { required: boolean }) {
  const { t } = useLazyNamespace("account", ACCOUNT_TEXTS);
  const customer = useAccountCustomer();
  const mayChange = canEditCompanyData(customer.roles);
  const [required, setRequired] = useState(props.required);
  const [saving, setSaving] = useState(false);
  const change = async (next: boolean) => {
    setSaving(true);
    try {
      const result = await call(async () =>
        successOf(
          (await gateway(SetPoNumberRequiredDocument, { required: next })).setPoNumberRequired,
          "CompanyDetails",
        ),
      );
      setRequired(result.poNumberRequired);
      notifications.show({ color: "green", message: t("company.poNumberSaved") });
    } catch (error) {
      notifications.show({
        color: "red",
        title: t("company.errorTitle"),
        message: asRefusal(error).detail ?? t("company.poNumberFailed"),
      });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="xl" radius="md" data-testid="po-number-setting">
      <Switch
        checked={required}
        disabled={!mayChange || saving}
        onChange={(e) => void change(e.currentTarget.checked)}
        label={t("company.poNumberRequired")}
        description={t(mayChange ? "company.poNumberHint" : "company.poNumberAdminOnly")}
        color="clay"
        size="md"
        styles={{ body: { alignItems: "flex-start" }, labelWrapper: { minWidth: 0 } }}
      />
    </Paper>
  );
}

/**
 * Company details (account spec 2 "account-details"): read-only company name, legal name,
 * e-mail, phone number, registered address and tax number; the purchase-order setting.
 */
export function CompanySection() {
  const { t, i18n } = useLazyNamespace("account", ACCOUNT_TEXTS);
  const [attempt, setAttempt] = useState(0);
  const details = useGatewayQuery(
    () => gateway(CompanyDetailsDocument, {}),
    `company-details-${attempt}`,
  );
  const empty = t("company.notProvided");

  let body;
  if (details.status === "loading") body = <Loader aria-label={t("company.title")} />;
  else if (details.status === "error")
    body = (
      <Alert color="red" title={t("company.errorTitle")} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{asRefusal(details.error).detail ?? t("company.loadFailed")}</Text>
          <Button variant="light" size="xs" onClick={() => setAttempt((n) => n + 1)}>
            {t("company.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  else {
    const c = details.data.companyDetails;
    const a = c.address;
    // The company's address without a person's name (rules/address.ts `postalLines`).
    const address = a
      ? postalLines(
          { ...a, firstName: null, lastName: null },
          countryName(a.countryCode, i18n.language),
        ).join("\n")
      : null;
    body = (
      <Paper withBorder p="xl" radius="md" data-testid="company-details">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label={t("company.companyName")} value={c.companyName} empty={empty} />
          {/* Not published by the shop API yet: shown once the gateway has them. */}
          {c.legalName && (
            <Field label={t("company.legalName")} value={c.legalName} empty={empty} />
          )}
          {c.email && <Field label={t("company.email")} value={c.email} empty={empty} />}
          {c.phoneNumber && (
            <Field label={t("company.phoneNumber")} value={c.phoneNumber} empty={empty} />
          )}
          <Field label={t("company.address")} value={address} empty={empty} />
          <Field label={t("company.taxNumber")} value={c.taxNumber} empty={empty} />
        </SimpleGrid>
      </Paper>
    );
    body = (
      <>
        {body}
        <PoNumberSetting required={c.poNumberRequired} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t("company.title")}</Title>
        <Text c="stone.6">{t("company.lead")}</Text>
      </Stack>
      {body}
    </Stack>
  );
}

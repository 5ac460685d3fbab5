import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/NumberInput.css";
import "@mantine/core/styles/Stack.css";
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { limitsConflict } from "../../../../rules/spending-limits";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import type { TeamMember } from "../../../../machines/team.machine";
import { useDialogLayout } from "../../../lib/dialog-layout";
import type { Refusal } from "../../../lib/gateway-result";
import { useLazyNamespace } from "../../../lib/lazy-namespace";
import { decimalSeparator, groupSeparator } from "../../../lib/money";
import { ACCOUNT_TEXTS } from "../me/account-texts";
import { setSpendingLimits } from "./team.services";

/**
 * Minor units as the field holds them (12.5), empty for none; the field writes them in the
 * language's number format with two decimals, like money elsewhere ("2.000,00" in German).
 */
const toField = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? "" : minor / 100;
/** The field's amount as minor units, null when empty. */
const toMinor = (value: string | number) =>
  value === "" || value === null ? null : Math.round(Number(value) * 100);

/**
 * An ADMIN's spending limits for a COMMERCIAL colleague (decision 043): per order and per
 * calendar month, in the company's currency, empty for none. The server checks the amounts and
 * the role; its words show in the dialog.
 */
export function SpendingLimitsDialog({
  member,
  currencyCode,
  onClose,
  onSaved,
}: {
  member: TeamMember | null;
  currencyCode: string;
  onClose: () => void;
  onSaved: (member: TeamMember) => void;
}) {
  const { t, i18n } = useLazyNamespace("account", ACCOUNT_TEXTS);
  const dialog = useDialogLayout();
  const [orderLimit, setOrderLimit] = useState<string | number>("");
  const [monthlyLimit, setMonthlyLimit] = useState<string | number>("");
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  const [shownFor, setShownFor] = useState<string | null>(null);
  // The fields start from the member's limits each time the dialog opens for someone.
  if (member && shownFor !== member.id) {
    setShownFor(member.id);
    setOrderLimit(toField(member.orderLimit));
    setMonthlyLimit(toField(member.monthlyLimit));
    setFailure(null);
  }
  if (!member && shownFor !== null) setShownFor(null);
  const errorOf = (field: string) =>
    failure?.violations.find((v) => v.propertyPath === field)?.message;
  // A month's limit below the order's, said at the field before saving (issue 30; the server
  // refuses it too).
  const conflict = limitsConflict({
    perOrder: toMinor(orderLimit),
    perMonth: toMinor(monthlyLimit),
  });

  const save = async () => {
    if (!member || conflict) return;
    setSaving(true);
    try {
      const saved = await setSpendingLimits({
        userId: member.id,
        orderLimit: toMinor(orderLimit),
        monthlyLimit: toMinor(monthlyLimit),
      });
      notifications.show({ color: "green", message: t("team.limits.saved") });
      onSaved(saved);
    } catch (error) {
      setFailure(error as Refusal);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={member !== null}
      onClose={() => !saving && onClose()}
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
      title={t("team.limits.title", { email: member?.email ?? "" })}
      centered
      fullScreen={dialog.fullScreen}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="stone.7">
            {t("team.limits.lead")}
          </Text>
          {failure && failure.violations.length === 0 && (
            <Alert color="red" title={t("team.failed")} role="alert">
              {failure.detail}
            </Alert>
          )}
          <NumberInput
            label={t("team.limits.perOrder", { currency: currencyCode })}
            description={t("team.limits.empty")}
            name="orderLimit"
            data-autofocus
            min={0}
            decimalScale={2}
            fixedDecimalScale
            decimalSeparator={decimalSeparator(i18n.language)}
            thousandSeparator={groupSeparator(i18n.language)}
            allowNegative={false}
            value={orderLimit}
            onChange={setOrderLimit}
            error={errorOf("orderLimit")}
            readOnly={saving}
          />
          <NumberInput
            label={t("team.limits.perMonth", { currency: currencyCode })}
            description={t("team.limits.empty")}
            name="monthlyLimit"
            min={0}
            decimalScale={2}
            fixedDecimalScale
            decimalSeparator={decimalSeparator(i18n.language)}
            thousandSeparator={groupSeparator(i18n.language)}
            allowNegative={false}
            value={monthlyLimit}
            onChange={setMonthlyLimit}
            error={conflict ? t(`team.limits.${conflict}`) : errorOf("monthlyLimit")}
            readOnly={saving}
          />
          <Group justify="flex-end">
            <Button variant="default" disabled={saving} onClick={onClose}>
              {t("team.limits.cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {t("team.limits.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMachine } from "@xstate/react";
import { useMemo, useRef } from "react";
import { fromPromise } from "xstate";
import {
  addressBookMachine,
  addressLabel,
  countryHasProvinces,
  type AddressField,
  type AddressValues,
} from "../../../../machines/address-book.machine";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ADDRESS_MAX } from "../../../../rules/address-book";
import { useDialogLayout } from "../../../lib/dialog-layout";
import { countryName } from "../../../../rules/format";
import { POSTCODE_EXAMPLES } from "../../../../rules/address";
import { useLazyNamespace } from "../../../lib/lazy-namespace";
import { ACCOUNT_TEXTS, textOf } from "../me/account-texts";
import {
  loadAddressBook,
  makeDefaultShipping,
  removeAddress,
  saveAddress,
} from "./address-book.services";

const TEXT_FIELDS: { field: AddressField; required: boolean; auto: string; type?: string }[] = [
  { field: "firstName", required: true, auto: "given-name" },
  { field: "lastName", required: true, auto: "family-name" },
  { field: "company", required: true, auto: "organization" },
  { field: "street", required: true, auto: "address-line1" },
  { field: "postcode", required: true, auto: "postal-code" },
  { field: "city", required: true, auto: "address-level2" },
];
/** The server's longest value for an address field (the form cannot take more). */
const maxLengthOf = (field: AddressField): number | undefined =>
  (ADDRESS_MAX as Partial<Record<AddressField, number>>)[field];

const CONTACT_FIELDS: { field: AddressField; auto: string; type: string }[] = [
  { field: "phoneNumber", auto: "tel", type: "tel" },
  { field: "email", auto: "email", type: "email" },
];

/**
 * Address book (account spec 2 "address-book"): labels 'street, postcode city, countryCode',
 * the add/edit dialog, the default shipping switch and removal after confirmation. The default
 * billing address can be neither edited nor removed, the default shipping address not removed.
 */
export function AddressBookSection() {
  const { t, i18n } = useLazyNamespace("account", ACCOUNT_TEXTS);
  // The country by its name in the reader's language, not its code (issue 30).
  const labelOf = (a: Parameters<typeof addressLabel>[0]) =>
    addressLabel({ ...a, countryCode: countryName(a.countryCode, i18n.language) });
  // The actor lives as long as the section; texts follow the current language.
  const tRef = useRef(t);
  tRef.current = t;
  const logic = useMemo(
    () =>
      addressBookMachine.provide({
        actors: {
          loadAddressBook: fromPromise(() => loadAddressBook()),
          saveAddress: fromPromise(
            ({ input }: { input: { id: string | null; values: AddressValues } }) =>
              saveAddress(input),
          ),
          removeAddress: fromPromise(({ input }: { input: { id: string } }) =>
            removeAddress(input),
          ),
          makeDefaultShipping: fromPromise(({ input }: { input: { id: string } }) =>
            makeDefaultShipping(input),
          ),
        },
        actions: {
          notifySaved: () =>
            notifications.show({ color: "green", message: tRef.current("addresses.saved") }),
          notifyRemoved: () =>
            notifications.show({ color: "green", message: tRef.current("addresses.removed") }),
          notifyFailure: (_, { message }) =>
            notifications.show({
              color: "red",
              title: tRef.current("addresses.errorTitle"),
              message: message ?? tRef.current("addresses.failed"),
            }),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic);
  const dialog = useDialogLayout("60vw");
  const c = snapshot.context;
  const busy = !snapshot.matches("ready");
  const removal = c.addresses.find((a) => a.id === c.removalId);
  const editing = c.editingId ? c.addresses.find((a) => a.id === c.editingId) : undefined;
  const saving = snapshot.matches({ dialog: "saving" });
  const errorOf = (field: string) => {
    const key = c.errors[field as AddressField];
    // The postcode's error names the country and an example of its postcodes (issue 30).
    const country = c.values.countryCode;
    const params = {
      country: countryName(country, i18n.language),
      example: POSTCODE_EXAMPLES[country],
    };
    return key ? t(key, params) : c.serverErrors[field];
  };
  const change = (field: AddressField, value: string) =>
    send({ type: "address.change", field, value });
  const provinces = c.countries.find((x) => x.code === c.values.countryCode)?.provinces ?? [];

  let body;
  if (snapshot.matches("loading")) body = <Loader aria-label={t("addresses.title")} />;
  else if (snapshot.matches("loadFailed"))
    body = (
      <Alert color="red" title={t("addresses.errorTitle")} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{textOf(t, c.loadFailure ?? "addresses.loadFailed")}</Text>
          <Button size="xs" variant="light" onClick={() => send({ type: "address.retry" })}>
            {t("addresses.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  else if (c.addresses.length === 0) body = <Text c="stone.6">{t("addresses.empty")}</Text>;
  else
    body = (
      <Stack gap="sm">
        {c.addresses.map((a) => {
          const label = labelOf(a);
          const name = [a.firstName, a.lastName].filter(Boolean).join(" ");
          return (
            <Paper key={a.id} withBorder p="md" radius="md" data-testid="address-row">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
                <Stack gap={4}>
                  <Text fw={600} data-testid="address-label">
                    {label}
                  </Text>
                  <Text size="sm" c="stone.6">
                    {[a.company, name, a.provinceName].filter(Boolean).join(" · ")}
                  </Text>
                  <Group gap="xs">
                    {a.isDefaultBilling && (
                      <Badge variant="light" color="stone">
                        {t("addresses.defaultBilling")}
                      </Badge>
                    )}
                    {a.isDefaultShipping && (
                      <Badge variant="light" color="green">
                        {t("addresses.defaultShipping")}
                      </Badge>
                    )}
                  </Group>
                  {a.isDefaultBilling && (
                    <Text size="xs" c="stone.6" maw={420}>
                      {t("addresses.billingLocked")}
                    </Text>
                  )}
                </Stack>
                <Stack gap="xs" align="flex-end">
                  <Switch
                    label={t("addresses.defaultShipping")}
                    aria-label={t("addresses.makeDefaultShipping", { label })}
                    checked={a.isDefaultShipping}
                    // Spec 4: disabled on the current default; the default moves, never vanishes.
                    disabled={a.isDefaultShipping || busy}
                    onChange={(e) =>
                      e.currentTarget.checked && send({ type: "address.makeDefault", id: a.id })
                    }
                  />
                  <Group gap="xs">
                    {!a.isDefaultBilling && (
                      <Button
                        size="xs"
                        variant="light"
                        disabled={busy}
                        aria-label={t("addresses.editAddress", { label })}
                        onClick={() => send({ type: "address.edit", id: a.id })}
                      >
                        {t("addresses.edit")}
                      </Button>
                    )}
                    {!a.isDefaultBilling && !a.isDefaultShipping && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        disabled={busy}
                        aria-label={t("addresses.removeAddress", { label })}
                        onClick={() => send({ type: "address.remove", id: a.id })}
                      >
                        {t("addresses.remove")}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t("addresses.title")}</Title>
          <Text c="stone.6">{t("addresses.lead")}</Text>
        </Stack>
        <Button disabled={busy} onClick={() => send({ type: "address.add" })}>
          {t("addresses.add")}
        </Button>
      </Group>
      {body}

      <Modal
        opened={snapshot.matches("dialog")}
        // While the address is saved the dialog stays (the machine takes no cancel then).
        onClose={() => !saving && send({ type: "address.cancel" })}
        title={editing ? t("addresses.dialog.editTitle") : t("addresses.dialog.addTitle")}
        size={dialog.size}
        fullScreen={dialog.fullScreen}
        centered
        closeOnClickOutside={!saving}
        closeOnEscape={!saving}
        withCloseButton={!saving}
      >
        <form
          noValidate
          aria-label={editing ? t("addresses.dialog.editTitle") : t("addresses.dialog.addTitle")}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: "address.save" });
          }}
        >
          <Stack gap="md">
            {c.failure && (
              <Alert color="red" title={t("addresses.errorTitle")} role="alert">
                {textOf(t, c.failure)}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {TEXT_FIELDS.map(({ field, required, auto }) => (
                <TextInput
                  key={field}
                  name={field}
                  label={t(`addresses.fields.${field}`)}
                  withAsterisk={required}
                  autoComplete={auto}
                  maxLength={maxLengthOf(field)}
                  value={c.values[field]}
                  readOnly={saving}
                  error={errorOf(field)}
                  onChange={(e) => change(field, e.currentTarget.value)}
                />
              ))}
              <Select
                label={t("addresses.fields.countryCode")}
                size="md"
                withAsterisk
                searchable
                data={c.countries.map((x) => ({ value: x.code, label: x.name }))}
                value={c.values.countryCode || null}
                readOnly={saving}
                error={errorOf("countryCode")}
                onChange={(value) => change("countryCode", value ?? "")}
              />
              {countryHasProvinces(c.countries, c.values.countryCode) && (
                <Select
                  label={t("addresses.fields.provinceCode")}
                  size="md"
                  withAsterisk
                  searchable
                  data={provinces.map((p) => ({ value: p.code, label: p.name }))}
                  value={c.values.provinceCode || null}
                  readOnly={saving}
                  error={errorOf("provinceCode")}
                  onChange={(value) => change("provinceCode", value ?? "")}
                />
              )}
              {CONTACT_FIELDS.map(({ field, auto, type }) => (
                <TextInput
                  key={field}
                  name={field}
                  type={type}
                  inputMode={type === "tel" ? "tel" : undefined}
                  label={t(`addresses.fields.${field}`)}
                  autoComplete={auto}
                  maxLength={maxLengthOf(field)}
                  value={c.values[field]}
                  readOnly={saving}
                  error={errorOf(field)}
                  onChange={(e) => change(field, e.currentTarget.value)}
                />
              ))}
            </SimpleGrid>
            <Switch
              label={t("addresses.fields.isDefaultShipping")}
              checked={c.values.isDefaultShipping}
              disabled={saving || editing?.isDefaultShipping === true}
              description={
                editing?.isDefaultShipping ? t("addresses.dialog.defaultShippingLocked") : undefined
              }
              error={c.serverErrors.isDefaultShipping}
              onChange={(e) =>
                send({ type: "address.toggleDefault", value: e.currentTarget.checked })
              }
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={saving}
                onClick={() => send({ type: "address.cancel" })}
              >
                {t("addresses.dialog.cancel")}
              </Button>
              <Button type="submit" loading={saving}>
                {t("addresses.dialog.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <ConfirmDialog
        opened={snapshot.matches("confirmingRemoval")}
        title={t("addresses.confirmRemoval.title")}
        message={t("addresses.confirmRemoval.text", {
          label: removal ? labelOf(removal) : "",
        })}
        cancelLabel={t("addresses.confirmRemoval.cancel")}
        confirmLabel={t("addresses.confirmRemoval.confirm")}
        onCancel={() => send({ type: "address.cancel" })}
        onConfirm={() => send({ type: "address.confirmRemoval" })}
      />
    </Stack>
  );
}

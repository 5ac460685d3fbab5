import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ADDRESS_MAX } from "../../../rules/address-book";
import { POSTCODE_EXAMPLES } from "../../../rules/address";
import { countryName } from "../../../rules/format";
import { useDialogLayout } from "../../lib/dialog-layout";
import { gateway } from "../../lib/gateway";
import { asRefusal } from "../../lib/gateway-result";
import {
  CountriesDocument,
  CreateAddressDocument,
  type AddressInput,
  type CreateAddressMutation,
} from "../../lib/gql/graphql";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import {
  addressErrors,
  addressFieldError,
  EMPTY_ADDRESS,
  type AddressField,
  type AddressValues,
} from "../../../machines/address-book.machine";
import { CHECKOUT_TEXTS } from "./checkout-texts";

type Field = Exclude<AddressField, "email">;
type CreatedAddress = Extract<CreateAddressMutation["createAddress"], { __typename: "Address" }>;

/** The checkout's texts for the address book's error keys (account spec section 5). */
const ERROR_KEYS: Record<string, string> = {
  "addresses.errors.required": "address.required",
  "addresses.errors.minLength": "address.minLength",
  "addresses.errors.postcode": "address.postcodeInvalid",
  "addresses.errors.phone": "address.phoneInvalid",
};

/**
 * The checkout's 'add new address' dialog: a shipping address for the address book, which
 * becomes the order's shipping address. The server checks every rule again (spec section 5).
 */
export default function AddAddressDialog(props: {
  onClose: () => void;
  /** The saved address as the server has it (the shipping select shows its label). */
  onCreated: (address: CreatedAddress) => void;
}) {
  const { t, i18n } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  const countries = useGatewayQuery(() => gateway(CountriesDocument, {}), "countries");
  const [values, setValues] = useState<AddressValues>(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const list = countries.status === "success" ? countries.data.countries : [];
  const { fullScreen } = useDialogLayout();
  const provinces = list.find((c) => c.code === values.countryCode)?.provinces ?? [];

  // A postcode's error names the country and an example of its postcodes (issue 30).
  const message = (key: string | undefined, of: AddressValues = values) =>
    key
      ? t(ERROR_KEYS[key] ?? key, {
          country: countryName(of.countryCode, i18n.language),
          example: POSTCODE_EXAMPLES[of.countryCode],
        })
      : undefined;
  const set = (field: Field) => (value: string) => {
    const next = {
      ...values,
      [field]: value,
      ...(field === "countryCode" ? { provinceCode: "" } : {}),
    };
    setValues(next);
    setErrors((e) => ({
      ...e,
      [field]: message(addressFieldError(field, next, list), next),
      // A postcode typed before is judged again against a new country.
      ...(field === "countryCode" && next.postcode.trim() !== ""
        ? { postcode: message(addressFieldError("postcode", next, list), next) }
        : {}),
    }));
  };

  async function save() {
    const broken = addressErrors(values, list);
    const shown = Object.fromEntries(
      Object.entries(broken).map(([field, key]) => [field, message(key)]),
    ) as Partial<Record<Field, string>>;
    setErrors(shown);
    if (Object.keys(broken).length > 0) return;
    const input: AddressInput = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      company: values.company.trim(),
      street: values.street.trim(),
      postcode: values.postcode.trim(),
      city: values.city.trim(),
      countryCode: values.countryCode,
      provinceCode: provinces.length > 0 ? values.provinceCode : null,
      phoneNumber: values.phoneNumber.trim() || null,
    };
    setSaving(true);
    setFailure(null);
    try {
      const { createAddress: result } = await gateway(CreateAddressDocument, { input });
      if (result.__typename === "Address") {
        props.onCreated(result);
        return;
      }
      const byField: Partial<Record<Field, string>> = {};
      for (const v of result.violations) byField[v.propertyPath as Field] = v.message;
      setErrors(byField);
      setFailure(result.message || null);
    } catch (error) {
      setFailure(asRefusal(error).detail ?? t("error.generic"));
    } finally {
      setSaving(false);
    }
  }

  const input = (field: Field, required = true) => (
    <TextInput
      label={t(`address.${field}`)}
      value={values[field]}
      readOnly={saving}
      onChange={(e) => set(field)(e.currentTarget.value)}
      error={errors[field]}
      required={required}
      type={field === "phoneNumber" ? "tel" : "text"}
      inputMode={field === "phoneNumber" ? "tel" : undefined}
      maxLength={ADDRESS_MAX[field as keyof typeof ADDRESS_MAX]}
    />
  );
  return (
    // While the address is saved the dialog stays: closed meanwhile, the new address would be
    // created but neither listed nor chosen (the checkout takes it only while adding).
    <Modal
      opened
      onClose={() => !saving && props.onClose()}
      title={t("address.title")}
      size="lg"
      centered
      fullScreen={fullScreen}
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input("firstName")}
            {input("lastName")}
          </SimpleGrid>
          {input("company")}
          {input("street")}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input("postcode")}
            {input("city")}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t("address.countryCode")}
              data={list.map((c) => ({ value: c.code, label: c.name }))}
              value={values.countryCode || null}
              onChange={(v) => set("countryCode")(v ?? "")}
              error={errors.countryCode}
              searchable
              required
            />
            {provinces.length > 0 && (
              <Select
                label={t("address.provinceCode")}
                data={provinces.map((p) => ({ value: p.code, label: p.name }))}
                value={values.provinceCode || null}
                onChange={(v) => set("provinceCode")(v ?? "")}
                error={errors.provinceCode}
                searchable
                required
              />
            )}
          </SimpleGrid>
          {input("phoneNumber", false)}
          {failure && (
            <Text size="sm" c="red.7" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="subtle" color="stone" onClick={props.onClose} disabled={saving}>
              {t("address.cancel")}
            </Button>
            <Button type="submit" color="clay" loading={saving}>
              {t("address.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

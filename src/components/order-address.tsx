import "@mantine/core/styles/Text.css";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { countryName } from "../../rules/format";
import type { OrderAddressFieldsFragment } from "../lib/gql/graphql";

/**
 * An order's address as a letter would show it: name, company, street, postcode and city (with
 * the province), the country's name in the reader's language. Long words break anywhere rather
 * than widen the page.
 */
export function OrderAddressText({ address }: { address: OrderAddressFieldsFragment }) {
  const { i18n } = useTranslation();
  return (
    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
      {[address.firstName, address.lastName].filter(Boolean).join(" ")}
      {address.company && (
        <>
          <br />
          {address.company}
        </>
      )}
      <br />
      {address.street}
      <br />
      {address.postcode} {address.city}
      {address.provinceName ? `, ${address.provinceName}` : ""}
      <br />
      {countryName(address.countryCode, i18n.language)}
    </Text>
  );
}

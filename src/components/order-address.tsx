import "@mantine/core/styles/Text.css";
import { Text } from "@mantine/core";
import type { OrderAddressFieldsFragment } from "../lib/gql/graphql";

/**
 * An order's address as a letter would show it: name, company, street, postcode and city (with
 * the province), country. Long words break anywhere rather than widen the page.
 */
export function OrderAddressText({ address }: { address: OrderAddressFieldsFragment }) {
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
      {address.countryCode}
    </Text>
  );
}

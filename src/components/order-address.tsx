import "@mantine/core/styles/Text.css";
import { Text } from "@mantine/core";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { postalLines } from "../../rules/address";
import { countryName } from "../../rules/format";
import type { OrderAddressFieldsFragment } from "../lib/gql/graphql";

/**
 * An order's address as a letter in its country shows it (rules/address.ts `postalLines`: a US
 * address reads "City, ST 12345"), the country's name in the reader's language. Long words
 * break anywhere rather than widen the page.
 */
export function OrderAddressText({ address }: { address: OrderAddressFieldsFragment }) {
  const { i18n } = useTranslation();
  const lines = postalLines(address, countryName(address.countryCode, i18n.language));
  return (
    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

import "@mantine/core/styles/Text.css";
import { Text, type TextProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../lib/money";

/** A price in minor units with its currency sign, in the interface language. */
export function Price({
  amount,
  currencyCode,
  ...props
}: { amount: number; currencyCode: string | null | undefined } & TextProps) {
  const { i18n } = useTranslation();
  return (
    <Text component="span" {...props}>
      {formatMoney(amount, currencyCode, i18n.language)}
    </Text>
  );
}

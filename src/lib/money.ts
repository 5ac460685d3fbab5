/**
 * Money in the storefront: the one formatter every layer shares (rules/format.ts, decision 053),
 * so a price reads the same on a page, in a mail, on the invoice and in an export.
 */
export {
  CURRENCY_SIGNS,
  currencySign,
  decimalSeparator,
  formatAmount,
  formatMoney,
  groupSeparator,
} from "../../rules/format";

import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState, type MouseEvent } from "react";
import { variantLineName } from "../../../../rules/line-name";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CardTable } from "../../../components/card-table";
import { gateway } from "../../../lib/gateway";
import { gatewayErrorDetail } from "../../../lib/graphql-client";
import { ContractPricesDocument, type ContractPricesQuery } from "../../../lib/gql/graphql";
import { formatMoney } from "../../../lib/money";
import { useGatewayQuery } from "../../../lib/use-gateway-query";
import { CONTRACT_PRICE_EXPORT_URL, downloadFile } from "../account.services";

type Row = ContractPricesQuery["contractPrices"]["items"][number];

/** Rows per page; "Show more" adds the next page. */
const PER_PAGE = 50;

/**
 * The contract price list (account spec 2): code, name, picture, price (with its volume
 * prices from the second tier on, decision 040), RRP and EAN of every variant of every product
 * at the company's prices (decision 051), each linking to its product page with the variant
 * chosen, and the XLSX export. Stacked cards on a phone (CardTable).
 */
export function ContractPriceSection() {
  const { t, i18n } = useTranslation("account");
  const [pages, setPages] = useState(1);
  const [exporting, setExporting] = useState(false);
  const prices = useGatewayQuery(async () => {
    const loaded: Row[] = [];
    let total = 0;
    for (let page = 1; page <= pages; page++) {
      const { contractPrices } = await gateway(ContractPricesDocument, { page, perPage: PER_PAGE });
      loaded.push(...contractPrices.items);
      total = contractPrices.totalItems;
      if (contractPrices.items.length < PER_PAGE) break;
    }
    return { rows: loaded, total };
  }, `prices-${pages}`);
  const [shown, setShown] = useState<{ rows: Row[]; total: number } | null>(null);
  // Keep the rows already shown while the next page loads.
  const data = prices.status === "success" ? prices.data : shown;
  if (prices.status === "success" && shown !== prices.data) setShown(prices.data);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadFile(CONTRACT_PRICE_EXPORT_URL, "contract-prices.xlsx", i18n.language);
    } catch (error) {
      notifications.show({
        color: "red",
        title: t("lists.errorTitle"),
        message: (error instanceof Error && error.message) || t("prices.exportFailed"),
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t("prices.title")}</Title>
        <Button
          component="a"
          href={CONTRACT_PRICE_EXPORT_URL}
          variant="outline"
          loading={exporting}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            void exportXlsx();
          }}
        >
          {t("prices.export")}
        </Button>
      </Group>
      {prices.status === "error" && (
        <Alert color="red" title={t("lists.errorTitle")}>
          {gatewayErrorDetail(prices.error) ?? t("prices.loadFailed")}
        </Alert>
      )}
      {!data && prices.status === "loading" && (
        <Group justify="center" py={60}>
          <Loader />
        </Group>
      )}
      {data && (
        <>
          {/* Stacked cards on a phone (price and RRP on screen); a table from 720 px of column. */}
          <CardTable striped highlightOnHover data-testid="contract-prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("prices.image")}</Table.Th>
                <Table.Th>{t("prices.code")}</Table.Th>
                <Table.Th>{t("prices.name")}</Table.Th>
                <Table.Th ta="right">{t("prices.price")}</Table.Th>
                <Table.Th ta="right">{t("prices.rrpPrice")}</Table.Th>
                <Table.Th>{t("prices.ean")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.flatMap((row) =>
                // Every variant its own row with its own code (decision 051): the code quick
                // order takes, linking to the product page with that variant chosen.
                row.variants.map((variant) => (
                  <VariantRow key={variant.code} row={row} variant={variant} />
                )),
              )}
            </Table.Tbody>
          </CardTable>
          <Group justify="space-between">
            <Text size="sm" c="stone.6">
              {t("prices.shown", { shown: data.rows.length, total: data.total })}
            </Text>
            {data.rows.length < data.total && (
              <Button
                variant="light"
                loading={prices.status === "loading"}
                onClick={() => setPages((n) => n + 1)}
              >
                {t("prices.more")}
              </Button>
            )}
          </Group>
        </>
      )}
    </>
  );
}

type Variant = Row["variants"][number];

/** One variant of the price list: picture, code, names, price with its tiers, RRP and EAN. */
function VariantRow({ row, variant }: { row: Row; variant: Variant }) {
  const { t, i18n } = useTranslation("account");
  const to = `/shop/products/${encodeURIComponent(row.code)}?variant=${encodeURIComponent(variant.code)}`;
  const money = (amount: number | null | undefined) =>
    amount === null || amount === undefined
      ? "–"
      : formatMoney(amount, row.currencyCode, i18n.language);
  return (
    <Table.Tr data-testid="contract-price-row" data-code={variant.code}>
      <Table.Td>
        <Link to={to} aria-hidden tabIndex={-1}>
          <Image
            src={variant.image?.path ?? null}
            alt=""
            w={44}
            h={44}
            fit="contain"
            radius="sm"
            bg="stone.1"
          />
        </Link>
      </Table.Td>
      <Table.Td data-label={t("prices.code")}>
        <Anchor component={Link} to={to} ff="monospace" size="sm">
          {variant.code}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={to} c="inherit" data-testid="contract-price-name">
          {variantLineName(row.name, variant.name)}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right" data-label={t("prices.price")} data-testid="contract-price-price">
        <Stack gap={0} align="flex-end">
          <span>{money(variant.price)}</span>
          {variant.volumePrices.length > 1 && (
            <Stack gap={0} mt={2} aria-label={t("prices.tiers")} data-testid="contract-price-tiers">
              {variant.volumePrices.slice(1).map((tier) => (
                <Text key={tier.minQuantity} size="xs" c="stone.6" style={{ whiteSpace: "nowrap" }}>
                  {t("prices.tierFrom", { min: tier.minQuantity, price: money(tier.price) })}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      </Table.Td>
      <Table.Td ta="right" data-label={t("prices.rrpPrice")} data-testid="contract-price-rrp">
        {money(variant.rrpPrice)}
      </Table.Td>
      <Table.Td data-label={t("prices.ean")}>
        <Text size="sm" ff="monospace">
          {variant.ean ?? ""}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

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
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
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
 * The contract price list (account spec 2): code, name, main image, price (with its volume
 * prices from the second tier on, decision 040), RRP and EAN of every product at the company's
 * prices, each linking to its product page, and the XLSX export.
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
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover data-testid="contract-prices">
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
                {data.rows.map((row) => {
                  const to = `/shop/products/${encodeURIComponent(row.code)}`;
                  return (
                    <Table.Tr key={row.code} data-testid="contract-price-row">
                      <Table.Td>
                        <Link to={to} aria-hidden tabIndex={-1}>
                          <Image
                            src={row.image?.path ?? null}
                            alt=""
                            w={44}
                            h={44}
                            fit="contain"
                            radius="sm"
                            bg="stone.1"
                          />
                        </Link>
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={to} ff="monospace" size="sm">
                          {row.code}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={to} c="inherit">
                          {row.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">
                        {row.price === null || row.price === undefined
                          ? "–"
                          : formatMoney(row.price, row.currencyCode, i18n.language)}
                        {row.volumePrices.length > 1 && (
                          <Stack
                            gap={0}
                            mt={2}
                            aria-label={t("prices.tiers")}
                            data-testid="contract-price-tiers"
                          >
                            {row.volumePrices.slice(1).map((tier) => (
                              <Text
                                key={tier.minQuantity}
                                size="xs"
                                c="stone.6"
                                style={{ whiteSpace: "nowrap" }}
                              >
                                {t("prices.tierFrom", {
                                  min: tier.minQuantity,
                                  price: formatMoney(tier.price, row.currencyCode, i18n.language),
                                })}
                              </Text>
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {row.rrpPrice === null || row.rrpPrice === undefined
                          ? "–"
                          : formatMoney(row.rrpPrice, row.currencyCode, i18n.language)}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {row.ean ?? ""}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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

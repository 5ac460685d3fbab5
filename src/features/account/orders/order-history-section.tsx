import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useEffect, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { can } from "../../../../rules/permissions";
import { formatMoney } from "../../../lib/money";
import { useGatewayQuery } from "../../../lib/use-gateway-query";
import { useAccountCustomer } from "../account-context";
import { downloadFile, invoiceUrl, loadAllOrders, type HistoryOrder } from "../account.services";
import { OrderDetailDialog } from "./order-detail-dialog";
import { formatDate, showsInvoice } from "./order-format";
import { ReorderDialog } from "./reorder-dialog";
import { RejectionReason, SplitBadge, StatusBadges } from "./order-badges";
import { MAX_PO_NUMBER_LENGTH } from "../../../../rules/limits";
import { CardTable } from "../../../components/card-table";

type View = "list" | "table";
/**
 * Order history (account spec 2): every placed order, newest first, as a list or a table; the
 * detail dialog, the invoice download and reorder (not for MARKETING: spec 6).
 */
export function OrderHistorySection() {
  const { t, i18n } = useTranslation("account");
  const customer = useAccountCustomer();
  // The search (purchase-order or order number) runs on the server once typing pauses.
  // The order confirmation mail and Approvals link here with `?order=<number>`: that order is
  // searched for, and its detail opens once loaded.
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get("order") ?? "");
  const [searched] = useDebouncedValue(search.trim(), 300);
  const orders = useGatewayQuery(() => loadAllOrders(searched), `order-history:${searched}`);
  const [view, setView] = useState<View>("list");
  const [detail, setDetail] = useState<HistoryOrder | null>(null);
  const asked = params.get("order");
  useEffect(() => {
    if (asked === null || orders.status !== "success") return;
    const found = orders.data.find((o) => o.number === asked);
    if (found) setDetail(found);
    setParams(
      (p) => {
        p.delete("order");
        return p;
      },
      { replace: true },
    );
  }, [asked, orders, setParams]);
  const [reorder, setReorder] = useState<HistoryOrder | null>(null);
  const mayReorder = can(customer.roles, "checkout.complete");

  const download = (order: HistoryOrder) =>
    downloadFile(
      invoiceUrl(order.token, i18n.language),
      `invoice-${order.number ?? order.token}.pdf`,
      i18n.language,
    ).catch((error: unknown) =>
      notifications.show({
        color: "red",
        title: t("lists.errorTitle"),
        message: (error instanceof Error && error.message) || t("orders.invoiceFailed"),
      }),
    );

  // The actions wrap: three German labels at touch size ("Erneut bestellen") are wider than a phone.
  const actions = (order: HistoryOrder) => (
    <Group gap="xs" wrap="wrap">
      <Button size="xs" variant="light" onClick={() => setDetail(order)}>
        {t("orders.details")}
      </Button>
      {showsInvoice(order) && (
        <Button
          size="xs"
          variant="subtle"
          component="a"
          href={invoiceUrl(order.token, i18n.language)}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            void download(order);
          }}
        >
          {t("orders.invoice")}
        </Button>
      )}
      {mayReorder && order.items.length > 0 && (
        <Button size="xs" variant="outline" onClick={() => setReorder(order)}>
          {t("orders.reorderButton")}
        </Button>
      )}
    </Group>
  );

  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t("orders.title")}</Title>
        <SegmentedControl
          aria-label={t("orders.view.label")}
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: "list", label: t("orders.view.list") },
            { value: "table", label: t("orders.view.table") },
          ]}
        />
      </Group>
      <TextInput
        type="search"
        label={t("orders.search.label")}
        placeholder={t("orders.search.placeholder")}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value.slice(0, MAX_PO_NUMBER_LENGTH))}
        maxLength={MAX_PO_NUMBER_LENGTH}
        data-testid="orders-search"
      />
      {orders.status === "loading" && (
        <Group justify="center" py={60}>
          <Loader />
        </Group>
      )}
      {orders.status === "error" && <Alert color="red">{t("orders.loadFailed")}</Alert>}
      {orders.status === "success" && orders.data.length === 0 && (
        <Text c="stone.6" data-testid="orders-empty">
          {searched ? t("orders.search.none", { search: searched }) : t("order.noPreviousOrder")}
        </Text>
      )}
      {orders.status === "success" && orders.data.length > 0 && view === "list" && (
        <Stack gap="sm" data-testid="orders-list">
          {orders.data.map((order) => (
            <Paper key={order.token} withBorder radius="md" p="md" data-testid="order-card">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                {/* Takes the row's free width, so a long reason wraps beside the actions. */}
                <Stack gap={4} style={{ flex: "1 1 18rem", minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{order.number}</Text>
                    <SplitBadge order={order} />
                  </Group>
                  <Text size="sm" c="stone.6">
                    {formatDate(order.checkoutCompletedAt ?? order.createdAt, i18n.language)} ·{" "}
                    {t("orders.items", { count: order.items.length })}
                  </Text>
                  {order.poNumber && (
                    <Text
                      size="sm"
                      data-testid="order-po-number"
                      style={{ overflowWrap: "anywhere" }}
                    >
                      {t("orders.poNumber")}: {order.poNumber}
                    </Text>
                  )}
                  <StatusBadges order={order} />
                  <RejectionReason order={order} />
                </Stack>
                <Stack gap="xs" align="flex-end">
                  <Text fw={600}>
                    {formatMoney(order.total, order.currencyCode, i18n.language)}
                  </Text>
                  {actions(order)}
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {orders.status === "success" && orders.data.length > 0 && view === "table" && (
        <CardTable striped highlightOnHover data-testid="orders-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("orders.number")}</Table.Th>
              <Table.Th>{t("orders.poNumber")}</Table.Th>
              <Table.Th>{t("orders.date")}</Table.Th>
              <Table.Th>{t("orders.status")}</Table.Th>
              <Table.Th ta="right">{t("orders.total")}</Table.Th>
              <Table.Th>{t("orders.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data.map((order) => (
              <Table.Tr key={order.token} data-testid="order-row">
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor
                      component="button"
                      type="button"
                      className="pp-touch-link"
                      onClick={() => setDetail(order)}
                    >
                      {order.number}
                    </Anchor>
                    <SplitBadge order={order} />
                  </Group>
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }} data-label={t("orders.poNumber")}>
                  {order.poNumber ?? ""}
                </Table.Td>
                <Table.Td data-label={t("orders.date")}>
                  {formatDate(order.checkoutCompletedAt ?? order.createdAt, i18n.language)}
                </Table.Td>
                <Table.Td data-label={t("orders.status")}>
                  <StatusBadges order={order} />
                  <RejectionReason order={order} />
                </Table.Td>
                <Table.Td ta="right" data-label={t("orders.total")}>
                  {formatMoney(order.total, order.currencyCode, i18n.language)}
                </Table.Td>
                <Table.Td>{actions(order)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CardTable>
      )}
      <OrderDetailDialog
        order={detail}
        onClose={() => setDetail(null)}
        onInvoice={(order) => void download(order)}
      />
      {reorder && <ReorderDialog order={reorder} onClose={() => setReorder(null)} />}
    </>
  );
}

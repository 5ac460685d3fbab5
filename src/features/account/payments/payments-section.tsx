import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useGatewayQuery } from "../../../lib/use-gateway-query";
import { loadAllOrders, type HistoryOrder } from "../account.services";
import {
  dueDateOf,
  formatBalance,
  formatDate,
  isCancelled,
  isCardPayable,
  notPayableReason,
  PAYMENT_STATUS_COLORS,
  paymentDateOf,
  paymentStatusOf,
} from "../orders/order-format";
import { formatMoney } from "../../../lib/money";
import { CardTable } from "../../../components/card-table";
import { CardPayment } from "./card-payment";

/**
 * Payments (account spec 2 and 4): the company's orders except cancelled ones, with the
 * open amount (what is owed, positive like the total above, decision 063), the payment status, payment and due dates, a filter
 * for pending payments, and 'Pay now' by card for the open amount of every row with an open
 * balance (or why not: a card payment awaiting confirmation). Above the table, the open balance
 * in total (per currency) and how many orders are overdue; an overdue row (the server's
 * `overdue`: open and due before today) is flagged (issue 30).
 */
export function PaymentsSection() {
  const { t, i18n } = useTranslation("account");
  const [reload, setReload] = useState(0);
  const orders = useGatewayQuery(loadAllOrders, `payments-${reload}`);
  const [pendingOnly, setPendingOnly] = useState(false);
  const [paying, setPaying] = useState<HistoryOrder | null>(null);

  const placed =
    orders.status === "success" ? orders.data.filter((o) => !isCancelled(o.state)) : [];
  const rows =
    orders.status === "success"
      ? placed
          // "Pending" covers everything not fully paid: pending, partially paid, not paid.
          .filter((o) => !pendingOnly || paymentStatusOf(o) !== "paid")
      : [];

  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t("payments.title")}</Title>
        <Switch
          label={t("payments.pendingOnly")}
          checked={pendingOnly}
          onChange={(event) => setPendingOnly(event.currentTarget.checked)}
        />
      </Group>
      {orders.status === "loading" && (
        <Group justify="center" py={60}>
          <Loader />
        </Group>
      )}
      {orders.status === "error" && <Alert color="red">{t("payments.loadFailed")}</Alert>}
      {orders.status === "success" && <OpenBalance orders={placed} />}
      {orders.status === "success" && rows.length === 0 && (
        <Text c="stone.6">{t("payments.empty")}</Text>
      )}
      {rows.length > 0 && (
        // Stacked cards on a phone and a tablet, every action on screen; a table from 880 px of
        // column (six columns and German headers need it).
        <CardTable
          cards="wide"
          striped
          data-testid="payments-table"
          style={{ whiteSpace: "nowrap" }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("payments.order")}</Table.Th>
              <Table.Th ta="right">{t("payments.balance")}</Table.Th>
              <Table.Th>{t("payments.status")}</Table.Th>
              <Table.Th>{t("payments.paymentDate")}</Table.Th>
              <Table.Th>{t("payments.dueDate")}</Table.Th>
              <Table.Th>{t("payments.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((order) => {
              const status = paymentStatusOf(order);
              return (
                <Table.Tr
                  key={order.token}
                  data-testid="payment-row"
                  data-overdue={order.overdue || undefined}
                >
                  <Table.Td fw={600}>
                    {/* The overdue badge goes under the number where the column is narrow. */}
                    <Group gap={4} wrap="wrap">
                      {order.number}
                      {order.overdue && (
                        <Badge color="red" variant="filled" size="sm" data-testid="overdue-badge">
                          {t("payments.overdue")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    data-label={t("payments.balance")}
                    data-testid="payment-balance"
                  >
                    <Text span c={order.totalUnpaidAmount > 0 ? "red.7" : undefined} fw={500}>
                      {formatBalance(order, i18n.language)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t("payments.status")}>
                    <Badge color={PAYMENT_STATUS_COLORS[status]} variant="light">
                      {t(`payments.statuses.${status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label={t("payments.paymentDate")}>
                    {formatDate(paymentDateOf(order), i18n.language)}
                  </Table.Td>
                  <Table.Td data-label={t("payments.dueDate")}>
                    <Text
                      span
                      inherit
                      c={order.overdue ? "red.8" : undefined}
                      fw={order.overdue ? 600 : undefined}
                    >
                      {formatDate(dueDateOf(order), i18n.language)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="payment-action">
                    {isCardPayable(order) ? (
                      <Button
                        size="xs"
                        onClick={() => setPaying(order)}
                        aria-label={t("payments.payNowLabel", {
                          number: order.number,
                          amount: formatMoney(
                            order.totalUnpaidAmount,
                            order.currencyCode,
                            i18n.language,
                          ),
                        })}
                      >
                        {t("payments.payNow")}
                      </Button>
                    ) : (
                      notPayableReason(order) && (
                        <Text size="xs" c="stone.7">
                          {t(`payments.notPayable.${notPayableReason(order)}`)}
                        </Text>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </CardTable>
      )}
      {paying && (
        <CardPayment
          orderToken={paying.token}
          orderNumber={paying.number}
          methodCode={
            paying.payments.find((p) => p.state === "new" && p.methodCode.includes("adyen"))
              ?.methodCode
          }
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaying(null);
            setReload((n) => n + 1);
          }}
        />
      )}
    </>
  );
}

/**
 * The company's open balance (what is left to pay on its placed orders, summed per currency)
 * and how many of those orders are overdue, above the table.
 */
function OpenBalance({ orders }: { orders: HistoryOrder[] }) {
  const { t, i18n } = useTranslation("account");
  const open = new Map<string, number>();
  for (const o of orders)
    if (o.totalUnpaidAmount > 0)
      open.set(o.currencyCode, (open.get(o.currencyCode) ?? 0) + o.totalUnpaidAmount);
  const overdue = orders.filter((o) => o.overdue);
  const overdueAmounts = new Map<string, number>();
  for (const o of overdue)
    overdueAmounts.set(
      o.currencyCode,
      (overdueAmounts.get(o.currencyCode) ?? 0) + o.totalUnpaidAmount,
    );
  const amounts = (m: Map<string, number>) =>
    [...m].map(([currency, minor]) => formatMoney(minor, currency, i18n.language)).join(" · ");
  return (
    <Group gap="xl" wrap="wrap" data-testid="payments-summary">
      <Stack gap={0}>
        <Text size="sm" c="stone.7">
          {t("payments.openBalance")}
        </Text>
        <Text fw={700} size="lg" data-testid="open-balance">
          {open.size === 0 ? formatMoney(0, orders[0]?.currencyCode, i18n.language) : amounts(open)}
        </Text>
      </Stack>
      {overdue.length > 0 && (
        <Stack gap={0} data-testid="overdue-summary">
          <Text size="sm" c="red.8">
            {t("payments.overdueCount", { count: overdue.length })}
          </Text>
          <Text fw={700} size="lg" c="red.8">
            {amounts(overdueAmounts)}
          </Text>
        </Stack>
      )}
    </Group>
  );
}

import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import { Alert, Badge, Button, Group, Loader, Switch, Table, Text, Title } from "@mantine/core";
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
 * balance (unpaid as a negative amount), the payment status, payment and due dates, a filter
 * for pending payments, and 'Pay now' by card for the open amount of every row with an open
 * balance (or why not: a card payment awaiting confirmation).
 */
export function PaymentsSection() {
  const { t, i18n } = useTranslation("account");
  const [reload, setReload] = useState(0);
  const orders = useGatewayQuery(loadAllOrders, `payments-${reload}`);
  const [pendingOnly, setPendingOnly] = useState(false);
  const [paying, setPaying] = useState<HistoryOrder | null>(null);

  const rows =
    orders.status === "success"
      ? orders.data
          .filter((o) => !isCancelled(o.state))
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
      {orders.status === "success" && rows.length === 0 && (
        <Text c="stone.6">{t("payments.empty")}</Text>
      )}
      {rows.length > 0 && (
        // Stacked cards on a phone, every action on screen; a table from 720 px of column.
        <CardTable striped data-testid="payments-table" style={{ whiteSpace: "nowrap" }}>
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
                <Table.Tr key={order.token} data-testid="payment-row">
                  <Table.Td fw={600}>{order.number}</Table.Td>
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
                    {formatDate(dueDateOf(order), i18n.language)}
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

import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Button,
  Divider,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useDialogLayout } from "../../../lib/dialog-layout";
import type { OrderAddressFieldsFragment } from "../../../lib/gql/graphql";
import { formatMoney } from "../../../lib/money";
import type { HistoryOrder } from "../account.services";
import { formatDate, showsInvoice } from "./order-format";
import { approvalText, SplitBadge, StatusBadges } from "./order-badges";
import { OrderAddressText } from "../../../components/order-address";
import { CardTable } from "../../../components/card-table";

/**
 * The order detail dialog (account spec 2, 60% wide): items with image, name, quantity,
 * original and discounted unit price and subtotal; every total; notes; both addresses.
 */
export function OrderDetailDialog({
  order,
  onClose,
  onInvoice,
}: {
  order: HistoryOrder | null;
  onClose: () => void;
  onInvoice: (order: HistoryOrder) => void;
}) {
  const { t, i18n } = useTranslation("account");
  const money = (minor: number) => formatMoney(minor, order?.currencyCode, i18n.language);
  // 60 % of the window (account spec 2) where there is room; the whole screen on phones.
  const layout = useDialogLayout("60vw");
  const title = order?.number
    ? t("orders.detail.title", { number: order.number })
    : t("orders.detail.overview");
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={title}
      centered
      size={layout.size}
      fullScreen={layout.fullScreen}
    >
      {order && (
        <Stack gap="md" data-testid="order-detail">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text size="sm" c="stone.6">
                {t("orders.detail.placedOn", {
                  date: formatDate(order.checkoutCompletedAt ?? order.createdAt, i18n.language),
                })}
              </Text>
              <SplitBadge order={order} />
            </Group>
            <StatusBadges order={order} />
          </Group>
          {order.approval && order.approval.state !== "APPROVED" && (
            <Alert
              color={order.approval.state === "PENDING" ? "orange" : "red"}
              variant="light"
              data-testid="order-detail-approval"
              style={{ overflowWrap: "anywhere" }}
            >
              {approvalText(t, order.approval)}
            </Alert>
          )}
          {order.poNumber && (
            <Text
              size="sm"
              data-testid="order-detail-po-number"
              style={{ overflowWrap: "anywhere" }}
            >
              {t("orders.poNumber")}: <strong>{order.poNumber}</strong>
            </Text>
          )}
          <CardTable verticalSpacing="xs" data-testid="order-detail-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("orders.detail.product")}</Table.Th>
                <Table.Th ta="right">{t("orders.detail.quantity")}</Table.Th>
                <Table.Th ta="right">{t("orders.detail.originalUnitPrice")}</Table.Th>
                <Table.Th ta="right">{t("orders.detail.unitPrice")}</Table.Th>
                <Table.Th ta="right">{t("orders.detail.subtotal")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Image
                        src={item.images[0]?.path ?? null}
                        alt=""
                        w={48}
                        h={48}
                        fit="contain"
                        radius="sm"
                        bg="stone.1"
                      />
                      <Stack gap={0}>
                        <Text size="sm" fw={500}>
                          {item.productName}
                        </Text>
                        {item.variantName && (
                          <Text size="xs" c="stone.6">
                            {item.variantName}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" data-label={t("orders.detail.quantity")}>
                    {item.quantity}
                  </Table.Td>
                  <Table.Td ta="right" data-label={t("orders.detail.originalUnitPrice")}>
                    <Text size="sm" td="line-through" c="stone.6" span>
                      {money(item.originalUnitPrice)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" data-label={t("orders.detail.unitPrice")}>
                    {money(item.discountedUnitPrice)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={t("orders.detail.subtotal")}>
                    {money(item.subtotal)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </CardTable>
          <Stack gap={4} ml="auto" miw="min(260px, 100%)" data-testid="order-totals">
            {/* Subtotal before promotions, discounts, shipping, tax: the lines add up to the
                total (each carries its minor units in data-amount). */}
            <TotalRow
              label={t("orders.detail.itemsSubtotal")}
              amount={order.itemsSubtotal}
              money={money}
            />
            <TotalRow
              label={t("orders.detail.promotionTotal")}
              amount={order.orderPromotionTotal}
              money={money}
            />
            <TotalRow
              label={t("orders.detail.manualDiscount")}
              amount={-Math.abs(order.manualDiscount)}
              money={money}
            />
            <TotalRow
              label={t("orders.detail.shippingTotal")}
              amount={order.shippingTotal}
              money={money}
            />
            <TotalRow
              label={t("orders.detail.shippingTaxTotal")}
              amount={order.shippingTaxTotal}
              money={money}
            />
            <TotalRow label={t("orders.detail.taxTotal")} amount={order.taxTotal} money={money} />
            <Divider />
            <TotalRow
              label={t("orders.detail.orderTotal")}
              amount={order.total}
              money={money}
              kind="total"
            />
            {order.splitOrders.length > 0 && (
              <TotalRow
                label={t("orders.splitTotal")}
                amount={order.splitTotal}
                money={money}
                kind="other"
              />
            )}
          </Stack>
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Stack gap={4}>
              <Title order={4} fz="md">
                {t("orders.detail.notes")}
              </Title>
              <Text
                size="sm"
                c={order.notes ? undefined : "stone.6"}
                style={{ whiteSpace: "pre-wrap" }}
              >
                {order.notes || t("orders.detail.noNotes")}
              </Text>
            </Stack>
            <AddressBlock
              title={t("orders.detail.shippingAddress")}
              address={order.shippingAddress ?? null}
              empty={t("orders.detail.noAddress")}
            />
            <AddressBlock
              title={t("orders.detail.billingAddress")}
              address={order.billingAddress ?? null}
              empty={t("orders.detail.noAddress")}
            />
          </SimpleGrid>
          {/* The buttons stay in view while the rest of a long order scrolls under them. */}
          <Group
            justify="flex-end"
            pos="sticky"
            bottom={0}
            py="sm"
            bg="var(--mantine-color-body)"
            style={{ borderTop: "1px solid var(--mantine-color-stone-2)", zIndex: 1 }}
            data-testid="order-detail-actions"
          >
            {showsInvoice(order) && (
              <Button variant="light" onClick={() => onInvoice(order)}>
                {t("orders.invoice")}
              </Button>
            )}
            <Button variant="outline" onClick={onClose}>
              {t("orders.detail.close")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function TotalRow({
  label,
  amount,
  money,
  kind = "summand",
}: {
  label: string;
  amount: number;
  money: (minor: number) => string;
  kind?: "summand" | "total" | "other";
}) {
  const strong = kind === "total";
  return (
    <Group
      justify="space-between"
      gap="xl"
      data-testid={kind === "total" ? "order-total" : undefined}
      data-amount={amount}
      data-summand={kind === "summand" ? "" : undefined}
    >
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {money(amount)}
      </Text>
    </Group>
  );
}

function AddressBlock({
  title,
  address,
  empty,
}: {
  title: string;
  address: OrderAddressFieldsFragment | null;
  empty: string;
}) {
  return (
    <Stack gap={4}>
      <Title order={4} fz="md">
        {title}
      </Title>
      {address ? (
        <OrderAddressText address={address} />
      ) : (
        <Text size="sm" c="stone.6">
          {empty}
        </Text>
      )}
    </Stack>
  );
}

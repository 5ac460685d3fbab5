import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Price } from "../../components/price";
import { gateway } from "../../lib/gateway";
import {
  OrderDocument,
  type OrderAddressFieldsFragment,
  type OrderQuery,
} from "../../lib/gql/graphql";
import { useLazyNamespace } from "../../lib/lazy-namespace";
import { formatMoney } from "../../lib/money";
import { PLACEHOLDER_IMAGE } from "../../lib/placeholder";
import { useGatewayQuery } from "../../lib/use-gateway-query";
import { CHECKOUT_TEXTS } from "./checkout-texts";
import type { PaymentMethod } from "./checkout.services";
import { OrderAddressText } from "../../components/order-address";

/**
 * The thank-you screen after checkout: the placed order as the server now holds it (its number,
 * lines, amounts that add up to its total, both addresses, the payment method, the PO number
 * and the comment), then the
 * ways on: continue shopping, the order history, the catalogue.
 */
export function OrderConfirmation({
  orderToken,
  orderNumber,
  paymentMethods,
}: {
  orderToken: string | null;
  orderNumber: string | null;
  paymentMethods: readonly PaymentMethod[];
}) {
  const { t } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  const order = useGatewayQuery(
    () =>
      orderToken
        ? gateway(OrderDocument, { token: orderToken }).then((data) => data.order)
        : Promise.resolve(null),
    `order-${orderToken}`,
  );
  const number = (order.status === "success" && order.data?.number) || orderNumber;
  // A held card order is paid once approved (decision 043): say where.
  const heldMethod = order.status === "success" ? order.data?.payments[0]?.methodCode : undefined;
  const heldByCard = paymentMethods.some((m) => m.code === heldMethod && m.isCard);

  let summary: ReactNode;
  if (order.status === "loading")
    summary = (
      <Center py="xl">
        <Loader color="clay" type="dots" aria-label={t("completed.loading")} />
      </Center>
    );
  else if (order.status === "error" || !order.data)
    summary = (
      <Alert color="yellow" variant="light" data-testid="order-summary-error">
        {t("completed.loadError")}
      </Alert>
    );
  else summary = <Summary order={order.data} paymentMethods={paymentMethods} />;

  return (
    <Container size="md" py={{ base: 48, sm: 80 }} data-testid="checkout-completed">
      <Stack gap="xl">
        <Stack gap={6} ta="center" align="center">
          <Title order={1} ff="heading" fw={400}>
            {t("completed.title")}
          </Title>
          {number && (
            <Text fw={600} data-testid="order-number">
              {t("completed.number", { number })}
            </Text>
          )}
          {order.status === "success" && order.data?.state === "awaiting approval" ? (
            <Alert
              color="violet"
              variant="light"
              maw={560}
              ta="left"
              title={t("completed.awaitingApprovalTitle")}
              data-testid="order-awaiting-approval"
            >
              <Text size="sm">{t("completed.awaitingApproval")}</Text>
              {heldByCard && (
                <Text size="sm" mt={6}>
                  {t("completed.awaitingApprovalCard")}
                </Text>
              )}
            </Alert>
          ) : (
            <Text c="stone.7" maw={560}>
              {t("completed.text")}
            </Text>
          )}
        </Stack>
        {summary}
        <Group justify="center" gap="sm">
          <Button component={Link} to="/shop" color="clay">
            {t("completed.continue")}
          </Button>
          <Button
            component={Link}
            to="/shop/account/order-history"
            variant="outline"
            color="stone.8"
          >
            {t("completed.history")}
          </Button>
          <Button component={Link} to="/product-catalog" variant="subtle" color="stone">
            {t("completed.catalogue")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

type Order = NonNullable<OrderQuery["order"]>;

function Summary({
  order,
  paymentMethods,
}: {
  order: Order;
  paymentMethods: readonly PaymentMethod[];
}) {
  const { t, i18n } = useLazyNamespace("checkout", CHECKOUT_TEXTS);
  const currency = order.currencyCode;
  // Each amount line carries its minor units (`data-amount`) and whether it is a term of the
  // total (`data-summand`): subtotal, discounts, shipping and tax add up to the total.
  const row = (label: string, amount: number, testId: string, total = false) => (
    <Group
      justify="space-between"
      wrap="nowrap"
      data-testid={testId}
      data-amount={amount}
      data-summand={total ? undefined : ""}
    >
      <Text size="sm" fw={total ? 700 : 400}>
        {label}
      </Text>
      <Price amount={amount} currencyCode={currency} size="sm" fw={total ? 700 : 400} />
    </Group>
  );
  const payment = order.payments[0];
  const method = paymentMethods.find((m) => m.code === payment?.methodCode);
  const methodLabel = method
    ? method.isCard
      ? t("details.card")
      : t("details.invoice")
    : (payment?.methodCode ?? "");
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} data-testid="order-summary">
      <Stack gap="lg">
        <Title order={2} fz="lg" fw={500}>
          {t("completed.items")}
        </Title>
        <Stack gap="sm" role="list">
          {order.items.map((item) => (
            <Group
              key={item.id}
              role="listitem"
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              data-testid="order-summary-line"
            >
              <Image
                src={item.images[0]?.path ?? null}
                fallbackSrc={PLACEHOLDER_IMAGE}
                alt=""
                w={48}
                h={48}
                fit="contain"
                bg="stone.0"
                radius="sm"
                style={{ flex: "none" }}
              />
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                  {item.productName}
                </Text>
                {item.variantName && item.variantName !== item.productName && (
                  <Text size="xs" c="stone.6">
                    {item.variantName}
                  </Text>
                )}
                <Text size="xs" c="stone.7" data-testid="order-summary-quantity">
                  {t("completed.quantityOf", {
                    count: item.quantity,
                    price: formatMoney(item.unitPrice, currency, i18n.language),
                  })}
                </Text>
              </Box>
              <Price
                amount={item.subtotal}
                currencyCode={currency}
                size="sm"
                fw={600}
                style={{ whiteSpace: "nowrap" }}
              />
            </Group>
          ))}
        </Stack>
        <Divider />
        <Stack gap={6} ml={{ sm: "auto" }} w={{ base: "100%", sm: 320 }}>
          {row(t("summary.subtotal"), order.itemsSubtotal, "confirmation-subtotal")}
          {order.orderPromotionTotal !== 0 &&
            row(t("summary.promotion"), order.orderPromotionTotal, "confirmation-promotion")}
          {order.manualDiscount !== 0 &&
            row(t("completed.discount"), -Math.abs(order.manualDiscount), "confirmation-discount")}
          {row(t("summary.shipping"), order.shippingTotal, "confirmation-shipping")}
          {row(t("summary.tax"), order.taxTotal + order.shippingTaxTotal, "confirmation-tax")}
          <Divider />
          {row(t("summary.total"), order.total, "confirmation-total", true)}
        </Stack>
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <AddressBlock
            title={t("completed.shippingAddress")}
            address={order.shippingAddress ?? null}
            testId="confirmation-shipping-address"
          />
          <AddressBlock
            title={t("completed.billingAddress")}
            address={order.billingAddress ?? null}
            testId="confirmation-billing-address"
          />
          <Stack gap={4} data-testid="confirmation-payment">
            <Title order={3} fz="sm" fw={600}>
              {t("completed.payment")}
            </Title>
            <Text size="sm">{methodLabel}</Text>
            {/* The method's own name is the database's English: the hint is the reader's. */}
            {method && !method.isCard && (
              <Text size="xs" c="stone.6">
                {t("details.invoiceHint")}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        {(order.poNumber || order.notes) && (
          <>
            <Divider />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              {order.poNumber && (
                <Stack gap={4} data-testid="confirmation-po-number">
                  <Title order={3} fz="sm" fw={600}>
                    {t("details.poNumber")}
                  </Title>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {order.poNumber}
                  </Text>
                </Stack>
              )}
              {order.notes && (
                <Stack
                  gap={4}
                  data-testid="confirmation-comment"
                  style={{ gridColumn: order.poNumber ? "span 2" : undefined }}
                >
                  <Title order={3} fz="sm" fw={600}>
                    {t("details.comment")}
                  </Title>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {order.notes}
                  </Text>
                </Stack>
              )}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function AddressBlock({
  title,
  address,
  testId,
}: {
  title: string;
  address: OrderAddressFieldsFragment | null;
  testId: string;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={3} fz="sm" fw={600}>
        {title}
      </Title>
      {address && <OrderAddressText address={address} />}
    </Stack>
  );
}

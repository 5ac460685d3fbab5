import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Text.css";
import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  List,
  Loader,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMachine } from "@xstate/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { isCartLoading } from "../../../../machines/cart.machine";
import {
  reorderMachine,
  type ReorderFailure,
  type ReorderLine,
  type ReorderShortfall,
} from "../../../../machines/reorder.machine";
import { useDialogLayout } from "../../../lib/dialog-layout";
import { formatMoney } from "../../../lib/money";
import { useCartActor } from "../../../lib/cart";
import type { CartFieldsFragment } from "../../../lib/gql/graphql";
import { loadVariantsNow, type HistoryOrder } from "../account.services";
import { CardTable } from "../../../components/card-table";

/** The lines of a past order as the reorder machine takes them. */
export function reorderLines(order: HistoryOrder): ReorderLine[] {
  return order.items.map((item) => ({
    variantCode: item.variantCode,
    productName: item.productName,
    variantName: item.variantName ?? null,
    quantity: item.quantity,
    priceThen: item.discountedUnitPrice,
    imagePath: item.images[0]?.path ?? null,
  }));
}

/**
 * Reorder (account spec 2 and 4): a preview of each line's price then and now and its stock;
 * confirming empties the cart and adds the lines one at a time through the cart actor, then
 * goes to /checkout and lists the lines that could not be added.
 */
export function ReorderDialog({ order, onClose }: { order: HistoryOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation("account");
  const navigate = useNavigate();
  const cart = useCartActor();
  const logic = useMemo(
    () =>
      reorderMachine.provide({
        actors: {
          // Today's prices, and the server's stock check for each line's whole quantity.
          loadPreview: fromPromise(({ input }: { input: { variantCodes: string[] } }) =>
            loadVariantsNow(
              input.variantCodes,
              Object.fromEntries(reorderLines(order).map((l) => [l.variantCode, l.quantity])),
            ),
          ),
        },
        actions: {
          emptyCart: () => cart.send({ type: "cart.empty", silent: true }),
          addToCart: (_, { variantCode, quantity, requestId, upToStock }) =>
            cart.send({
              type: "cart.add",
              variantCode,
              quantity,
              requestId,
              upToStock,
              silent: true,
            }),
          pollCart: ({ self }) => {
            const snapshot = cart.getSnapshot();
            self.send({
              type: "reorder.cartProgress",
              loading: isCartLoading(snapshot),
              lastOutcome: snapshot.context.lastOutcome,
              // The app's cart is the full cart: its lines name their variants.
              quantities: Object.fromEntries(
                (snapshot.context.cart as CartFieldsFragment | null)?.items.map((i) => [
                  i.variantCode,
                  i.quantity,
                ]) ?? [],
              ),
            });
          },
          goToCheckout: () => void navigate("/checkout"),
          reportFailures: (_, { failed, shortened }) => {
            if (failed.length === 0 && shortened.length === 0) return;
            notifications.show({
              id: "reorder-failures",
              color: "orange",
              title: t(
                failed.length > 0 ? "orders.reorder.notAddedTitle" : "orders.reorder.partlyTitle",
              ),
              message: <FailureList failed={failed} shortened={shortened} />,
              autoClose: false,
            });
          },
        },
      }),
    // One actor per opened dialog; cart, navigate and t stay valid while it is open.
    [],
  );
  const [snapshot, send] = useMachine(logic, {
    input: {
      orderNumber: order.number ?? null,
      currencyCode: order.currencyCode,
      lines: reorderLines(order),
      runId: String(Date.now()),
    },
  });
  const { context } = snapshot;
  const money = (minor: number | null) =>
    minor === null ? "–" : formatMoney(minor, order.currencyCode, i18n.language);
  const busy = snapshot.matches("emptyingCart") || snapshot.matches("addingLine");
  const close = () => {
    // While the cart is changing the dialog stays: closing would leave a half-filled cart.
    if (busy) return;
    send({ type: "reorder.cancel" });
    onClose();
  };
  const settled = context.added.length + context.failed.length;
  // 60 % of the window like the order detail where there is room; the whole screen on phones.
  const layout = useDialogLayout("60vw");

  return (
    <Modal
      opened
      onClose={close}
      size={layout.size}
      fullScreen={layout.fullScreen}
      centered
      title={t("orders.reorder.title", { number: order.number ?? "" })}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="md" data-testid="reorder-dialog">
        {snapshot.matches("loadingPreview") && (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t("orders.reorder.loading")}</Text>
          </Group>
        )}
        {snapshot.matches("previewFailed") && (
          <Alert color="red" title={t(context.previewError ?? "orders.reorder.previewFailed")}>
            <Button mt="sm" variant="light" onClick={() => send({ type: "reorder.retry" })}>
              {t("orders.reorder.retry")}
            </Button>
          </Alert>
        )}
        {Object.keys(context.now).length > 0 && (
          <>
            <Text size="sm" c="stone.7">
              {t("orders.reorder.intro")}
            </Text>
            <CardTable verticalSpacing="xs" data-testid="reorder-preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("orders.reorder.product")}</Table.Th>
                  <Table.Th ta="right">{t("orders.reorder.quantity")}</Table.Th>
                  <Table.Th ta="right">{t("orders.reorder.priceThen")}</Table.Th>
                  <Table.Th ta="right">{t("orders.reorder.priceNow")}</Table.Th>
                  <Table.Th miw={140}>{t("orders.reorder.availability")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {context.lines.map((line) => {
                  const now = context.now[line.variantCode];
                  return (
                    <Table.Tr key={line.variantCode} data-testid="reorder-line">
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Image
                            src={line.imagePath}
                            alt=""
                            w={40}
                            h={40}
                            fit="contain"
                            radius="sm"
                            bg="stone.1"
                          />
                          <Text size="sm">
                            {line.productName}
                            {line.variantName ? ` (${line.variantName})` : ""}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right" data-label={t("orders.reorder.quantity")}>
                        {line.quantity}
                      </Table.Td>
                      <Table.Td ta="right" data-label={t("orders.reorder.priceThen")}>
                        {money(line.priceThen)}
                      </Table.Td>
                      <Table.Td ta="right" data-label={t("orders.reorder.priceNow")}>
                        {money(now?.price ?? null)}
                      </Table.Td>
                      <Table.Td data-label={t("orders.reorder.availability")}>
                        {!now ? (
                          <Badge color="gray" variant="light">
                            {t("orders.reorder.unavailable")}
                          </Badge>
                        ) : now.inStock &&
                          now.available != null &&
                          now.available > 0 &&
                          now.available < line.quantity ? (
                          // The server's check of the whole quantity: only part is in stock.
                          <Badge color="orange" variant="light" data-testid="reorder-partly">
                            {t("orders.reorder.partlyInStock", {
                              available: now.available,
                              quantity: line.quantity,
                            })}
                          </Badge>
                        ) : now.inStock && now.available !== 0 ? (
                          <Badge color="green" variant="light">
                            {t("orders.reorder.inStock")}
                          </Badge>
                        ) : (
                          <Badge color="red" variant="light">
                            {t("orders.reorder.outOfStock")}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </CardTable>
          </>
        )}
        {snapshot.matches("previewing") && !snapshot.can({ type: "reorder.confirm" }) && (
          <Alert color="orange">{t("orders.reorder.nothingInStock")}</Alert>
        )}
        {busy && (
          <Stack gap={6} data-testid="reorder-progress">
            <Text size="sm">
              {t("orders.reorder.progress", {
                current: Math.min(settled + 1, context.lines.length),
                total: context.lines.length,
              })}
            </Text>
            <Progress value={(settled / Math.max(1, context.lines.length)) * 100} animated />
          </Stack>
        )}
        {snapshot.matches("nothingAdded") && (
          <Alert color="red" title={t("orders.reorder.nothingAdded")}>
            <FailureList failed={context.failed} />
          </Alert>
        )}
        <Group
          justify="flex-end"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1 }}
        >
          {snapshot.matches("previewing") && (
            <Button
              onClick={() => send({ type: "reorder.confirm" })}
              disabled={!snapshot.can({ type: "reorder.confirm" })}
            >
              {t("orders.reorder.confirm")}
            </Button>
          )}
          {!busy && (
            <Button variant="outline" onClick={close}>
              {snapshot.matches("nothingAdded")
                ? t("orders.reorder.close")
                : t("orders.reorder.cancel")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The lines added only in part ("18 of 48 added") and those that could not be added, each with
 * the server's reason when it gave one.
 */
function FailureList({
  failed,
  shortened = [],
}: {
  failed: ReorderFailure[];
  shortened?: ReorderShortfall[];
}) {
  const { t } = useTranslation("account");
  return (
    <List size="sm" spacing={2} data-testid="reorder-failures">
      {shortened.map((s) => (
        <List.Item key={s.variantCode} data-testid="reorder-shortened">
          {t("orders.reorder.partlyAdded", { name: s.name, added: s.added, wanted: s.wanted })}
        </List.Item>
      ))}
      {failed.map((f) => (
        <List.Item key={f.variantCode}>
          {f.message ?? t(f.messageKey ?? "orders.reorder.lineFailed", { name: f.name })}
        </List.Item>
      ))}
    </List>
  );
}

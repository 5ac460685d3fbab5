import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import {
  Alert,
  Button,
  Group,
  Image,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMachine } from "@xstate/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { fromPromise } from "xstate";
import {
  shoppingListsMachine,
  type ListOrderOutcome,
} from "../../../../machines/shopping-lists.machine";
import { can } from "../../../../rules/permissions";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { gateway } from "../../../lib/gateway";
import { asRefusal, call, successOf } from "../../../lib/gateway-result";
import {
  DeleteShoppingListDocument,
  OrderShoppingListDocument,
  ShoppingListsDocument,
} from "../../../lib/gql/graphql";
import { currencySign, formatMoney } from "../../../lib/money";
import { useGatewayQuery } from "../../../lib/use-gateway-query";
import { useCartActor } from "../../../lib/cart";
import { useAccountCustomer } from "../account-context";
import { variantLineName } from "../../../../rules/line-name";

/**
 * Saved lists (account spec 2): each list's name, lines (variant name, quantity, image),
 * currency sign and total; delete with confirmation; order a list into the cart and go to
 * /checkout (not for MARKETING: spec 6); an empty state.
 */
export function ShoppingListsSection() {
  const { t, i18n } = useTranslation("account");
  const customer = useAccountCustomer();
  const navigate = useNavigate();
  const cart = useCartActor();
  const [reload, setReload] = useState(0);
  const lists = useGatewayQuery(() => gateway(ShoppingListsDocument, {}), `lists-${reload}`);
  const mayOrder = can(customer.roles, "shoppingLists.order");
  const lineCounts = useRef(new Map<string, number>());
  useEffect(() => {
    if (lists.status !== "success") return;
    lineCounts.current = new Map(
      lists.data.shoppingLists.items.map((list) => [list.id, list.items.length]),
    );
  });

  const logic = useMemo(
    () =>
      shoppingListsMachine.provide({
        actors: {
          deleteList: fromPromise(async ({ input }: { input: { id: string } }) => {
            await call(async () =>
              successOf(
                (await gateway(DeleteShoppingListDocument, { id: input.id })).deleteShoppingList,
                "Deleted",
              ),
            );
          }),
          orderList: fromPromise(
            async ({ input }: { input: { id: string } }): Promise<ListOrderOutcome> => {
              const answer = await call(async () =>
                successOf(
                  (await gateway(OrderShoppingListDocument, { id: input.id })).orderShoppingList,
                  "ShoppingListOrdered",
                ),
              );
              // Each line of a list is a distinct variant; what was not skipped went in.
              const lines = lineCounts.current.get(input.id) ?? answer.skipped.length;
              return {
                addedLines: Math.max(0, lines - answer.skipped.length),
                skipped: answer.skipped.map((s) => ({
                  variantCode: s.variantCode,
                  message: s.message,
                })),
              };
            },
          ),
        },
        actions: {
          reloadLists: () => setReload((n) => n + 1),
          notifyDeleted: () =>
            notifications.show({
              color: "green",
              title: t("lists.successTitle"),
              message: t("lists.deleted"),
            }),
          refreshCart: () => cart.send({ type: "cart.refresh" }),
          goToCheckout: () => void navigate("/checkout"),
          reportSkipped: (_, { skipped }) => {
            if (skipped.length === 0) return;
            notifications.show({
              id: "list-order-skipped",
              color: "orange",
              title: t("lists.notAddedTitle"),
              message: <SkippedList skipped={skipped} />,
              autoClose: false,
            });
          },
        },
      }),
    // One actor while the section is shown; t, cart and navigate stay valid meanwhile.
    [],
  );
  const [snapshot, send] = useMachine(logic, { input: { mayOrder } });
  const { context } = snapshot;

  return (
    <>
      <Title order={2}>{t("lists.title")}</Title>
      {context.failure && (
        <Alert
          color="red"
          title={t("lists.errorTitle")}
          withCloseButton
          onClose={() => send({ type: "lists.dismiss" })}
        >
          {context.failure.message ?? t(context.failure.key)}
        </Alert>
      )}
      {snapshot.matches("idle") && context.skipped.length > 0 && (
        <Alert
          color="orange"
          title={t("lists.nothingAdded")}
          withCloseButton
          onClose={() => send({ type: "lists.dismiss" })}
        >
          <SkippedList skipped={context.skipped} />
        </Alert>
      )}
      {lists.status === "loading" && (
        <Group justify="center" py={60}>
          <Loader />
        </Group>
      )}
      {lists.status === "error" && (
        <Alert color="red">{asRefusal(lists.error).detail ?? t("lists.loadFailed")}</Alert>
      )}
      {lists.status === "success" && lists.data.shoppingLists.items.length === 0 && (
        <Text c="stone.6" data-testid="lists-empty">
          {t("lists.empty")}
        </Text>
      )}
      {lists.status === "success" &&
        lists.data.shoppingLists.items.map((list) => (
          <Paper key={list.id} withBorder radius="md" p="md" data-testid="saved-list">
            <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
              {/* A long name wraps anywhere instead of widening the page. */}
              <Stack gap={2} miw={0} style={{ flex: "1 1 16rem", overflowWrap: "anywhere" }}>
                <Title order={3} fz="lg" data-testid="saved-list-name">
                  {list.name}
                </Title>
                <Text size="sm" c="stone.6">
                  {t("lists.items", { count: list.items.length })}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Text size="sm" c="stone.6">
                  {t("lists.total")} ({currencySign(list.currencyCode)})
                </Text>
                <Text fw={700} data-testid="saved-list-total">
                  {formatMoney(list.total, list.currencyCode, i18n.language)}
                </Text>
              </Stack>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mb="md">
              {list.items.map((item) => (
                <Group key={item.id} gap="sm" wrap="nowrap">
                  <Image
                    src={item.images[0]?.path ?? null}
                    alt=""
                    w={40}
                    h={40}
                    fit="contain"
                    radius="sm"
                    bg="stone.1"
                  />
                  <Stack gap={0}>
                    <Text size="sm" data-testid="shopping-list-line-name">
                      {variantLineName(item.productName, item.variantName)}
                    </Text>
                    <Text size="xs" c={item.available ? "stone.6" : "red.7"}>
                      {t("lists.quantity", { quantity: item.quantity })}
                      {item.available ? "" : ` · ${t("lists.noLongerSold")}`}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </SimpleGrid>
            <Group justify="flex-end" gap="xs">
              <Button
                variant="subtle"
                color="red"
                disabled={!snapshot.matches("idle")}
                onClick={() => send({ type: "lists.delete", id: list.id, name: list.name })}
              >
                {t("lists.delete")}
              </Button>
              {mayOrder && (
                <Button
                  loading={snapshot.matches("ordering") && context.listId === list.id}
                  disabled={!snapshot.matches("idle") && context.listId !== list.id}
                  onClick={() => send({ type: "lists.order", id: list.id, name: list.name })}
                >
                  {t("lists.order")}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      <ConfirmDialog
        opened={snapshot.matches("confirmingDelete") || snapshot.matches("deleting")}
        title={t("lists.confirmTitle")}
        message={t("lists.confirmText", { name: context.listName ?? "" })}
        cancelLabel={t("lists.cancel")}
        confirmLabel={t("lists.confirm")}
        loading={snapshot.matches("deleting")}
        onCancel={() => send({ type: "lists.cancel" })}
        onConfirm={() => send({ type: "lists.confirmDelete" })}
      />
    </>
  );
}

function SkippedList({ skipped }: { skipped: ListOrderOutcome["skipped"] }) {
  return (
    <List size="sm" spacing={2}>
      {skipped.map((s) => (
        <List.Item key={s.variantCode}>{s.message}</List.Item>
      ))}
    </List>
  );
}

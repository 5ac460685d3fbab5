import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMachine } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { saveShoppingListMachine } from "../../../machines/save-shopping-list.machine";
import { defaultListName, MAX_LIST_NAME_LENGTH } from "../../../rules/shopping-lists";
import { useDialogLayout } from "../../lib/dialog-layout";
import { gateway } from "../../lib/gateway";
import { CreateShoppingListDocument } from "../../lib/gql/graphql";
import { call, successOf } from "../../lib/gateway-result";
import { changeThroughCart, useCart, useRunningCart } from "../../lib/cart";

/**
 * 'Save for later' (storefront spec section 4): the cart's lines become a shopping list with the
 * given name, then the cart is deleted, 'List saved' shows and the person goes to /shop.
 */
export default function SaveShoppingListDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation("cart");
  const navigate = useNavigate();
  const { cart } = useCart();
  const runningCart = useRunningCart();
  const logic = useMemo(
    () =>
      saveShoppingListMachine.provide({
        actors: {
          createShoppingList: fromPromise(async ({ input }: { input: { name: string } }) => {
            const items = (cart?.items ?? []).map((item) => ({
              variantCode: item.variantCode,
              quantity: item.quantity,
            }));
            await call(async () =>
              successOf(
                (await gateway(CreateShoppingListDocument, { name: input.name, items }))
                  .createShoppingList,
                "ShoppingList",
              ),
            );
          }),
          // The cart actor, the cart's one owner, deletes it.
          deleteCart: fromPromise(async () => {
            await changeThroughCart(runningCart, { kind: "empty" });
          }),
        },
        actions: {
          notifySaved: () =>
            notifications.show({
              color: "green",
              title: t("saveList.savedTitle"),
              message: t("saveList.savedMessage"),
              autoClose: 3500,
            }),
          notifyFailure: (_, { detail }) =>
            notifications.show({
              color: "red",
              title: t("saveList.failedTitle"),
              message: detail ?? t("saveList.failed"),
              autoClose: 3500,
            }),
          goToShop: () => {
            onClose();
            void navigate("/shop");
          },
        },
      }),
    // The dialog is mounted for one save; the cart it saves is the one shown when it opened.
    [],
  );
  // Named as the server names a list saved without a name: the words in the page's language,
  // dated in the browser's time zone, which every gateway call sends (decision 057).
  const [snapshot, send] = useMachine(logic, {
    input: {
      defaultName: defaultListName(
        new Date(),
        i18n.language,
        Intl.DateTimeFormat().resolvedOptions().timeZone,
      ),
    },
  });
  useEffect(() => send({ type: "list.open" }), [send]);
  const { name } = snapshot.context;
  const busy = snapshot.matches("creatingList") || snapshot.matches("deletingCart");
  const blank = name.trim() === "";
  const { fullScreen } = useDialogLayout();
  return (
    <Modal
      opened
      onClose={busy ? () => {} : onClose}
      title={t("saveList.title")}
      centered
      fullScreen={fullScreen}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: "list.save" });
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="stone.7">
            {t("saveList.intro")}
          </Text>
          <TextInput
            label={t("saveList.name")}
            value={name}
            maxLength={MAX_LIST_NAME_LENGTH}
            required
            data-autofocus
            readOnly={busy}
            error={blank ? t("saveList.required") : undefined}
            onChange={(e) => send({ type: "list.changeName", value: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="subtle" color="stone" onClick={onClose} disabled={busy}>
              {t("saveList.cancel")}
            </Button>
            <Button type="submit" color="clay" loading={busy} disabled={blank}>
              {t("saveList.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { notifications } from "@mantine/notifications";
import type { i18n as I18n } from "i18next";
import { createActor } from "xstate";
import { cartMachine, isCartLoading, type CartOperation } from "../../machines/cart.machine";
import { gateway } from "../lib/gateway";
import { cartActors } from "./cart.services";

/**
 * The cart actor's implementation: the machine, the gateway's actors and the toasts. Its own
 * chunk, loaded by `CartProvider` (src/app/cart.tsx) only once someone is signed in, so signed-out
 * pages never download the cart machine, its services or its GraphQL documents.
 */

export { isCartLoading };

/** Toast durations of the spec's error catalogue (section 8 and 9). */
const TOAST_MS = { default: 3500, bulk: 4000 } as const;

/** The checkout's changes (`cart.change`) are silent: the checkout page reports them. */
const SUCCESS_KEY: Partial<Record<CartOperation["kind"], string>> = {
  add: "toast.added",
  adjust: "toast.updated",
  remove: "toast.removed",
  bulkAdd: "toast.bulkAdded",
  empty: "toast.emptied",
};

/** Creates and starts the visit's cart actor; toasts speak the language current when shown. */
export function startCartActor(i18n: I18n) {
  const t = i18n.getFixedT(null, "cart");
  const logic = cartMachine.provide({
    actors: cartActors(gateway, () => i18n.language),
    actions: {
      notifySuccess: (_, { kind }) => {
        const key = SUCCESS_KEY[kind];
        if (key === undefined) return;
        notifications.show({
          color: "green",
          title: t("toast.successTitle"),
          message: t(key),
          autoClose: kind === "bulkAdd" ? TOAST_MS.bulk : TOAST_MS.default,
        });
      },
      notifyFailure: (_, { kind, message }) =>
        notifications.show({
          color: "red",
          title: t("toast.errorTitle"),
          message: message ?? t("toast.somethingWrong"),
          autoClose: kind === "bulkAdd" ? TOAST_MS.bulk : TOAST_MS.default,
        }),
    },
  });
  return createActor(logic).start();
}

import { notifications } from "@mantine/notifications";
import { createActorContext } from "@xstate/react";
import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cartMachine, isCartLoading, type CartOperation } from "../../machines/cart.machine";
import { gateway } from "../lib/gateway";
import { registerLiveActor } from "../lib/live-actors";
import type { CartFieldsFragment } from "../lib/gql/graphql";
import { cartActors } from "./cart.services";

/** The app-wide cart actor of a signed-in visit. */
export const CartContext = createActorContext(cartMachine);

/** Toast durations of the spec's error catalogue (section 8 and 9). */
const TOAST_MS = { default: 3500, bulk: 4000 } as const;

const SUCCESS_KEY: Record<CartOperation["kind"], string> = {
  add: "toast.added",
  adjust: "toast.updated",
  remove: "toast.removed",
  bulkAdd: "toast.bulkAdded",
  empty: "toast.emptied",
};

/**
 * Runs the cart actor with the gateway's actors and the toasts of the spec. Mounted once by the
 * layout; the session's token starts and stops it, so signing in never remounts the page.
 */
export function CartProvider({ token, children }: { token: string | null; children: ReactNode }) {
  const { t, i18n } = useTranslation("cart");
  const logic = useMemo(
    () =>
      cartMachine.provide({
        actors: cartActors(gateway, () => i18n.language),
        actions: {
          notifySuccess: (_, { kind }) =>
            notifications.show({
              color: "green",
              title: t("toast.successTitle"),
              message: t(SUCCESS_KEY[kind]),
              autoClose: kind === "bulkAdd" ? TOAST_MS.bulk : TOAST_MS.default,
            }),
          notifyFailure: (_, { kind, message }) =>
            notifications.show({
              color: "red",
              title: t("toast.errorTitle"),
              message: message ?? t("toast.somethingWrong"),
              autoClose: kind === "bulkAdd" ? TOAST_MS.bulk : TOAST_MS.default,
            }),
        },
      }),
    // One actor per visit; t and i18n stay valid for its lifetime.
    [],
  );
  return (
    <CartContext.Provider logic={logic}>
      <SessionBridge token={token} />
      {children}
    </CartContext.Provider>
  );
}

/** Starts the cart when someone signs in and forgets it when they sign out (or switch). */
function SessionBridge({ token }: { token: string | null }) {
  const actor = CartContext.useActorRef();
  // Auditors follow the running cart on /machines.
  useEffect(() => registerLiveActor("cart", actor), [actor]);
  useEffect(() => {
    if (token) actor.send({ type: "cart.start" });
    return () => actor.send({ type: "cart.stop" });
  }, [actor, token]);
  return null;
}

/** The cart actor, to send it `cart.add`, `cart.bulkAdd`, `cart.adjust`, `cart.remove`, ... */
export function useCartActor() {
  return CartContext.useActorRef();
}

/** The cart as shown, whether a change is running, and the last change's outcome. */
export function useCart() {
  const cart = CartContext.useSelector((s) => s.context.cart) as CartFieldsFragment | null;
  const loading = CartContext.useSelector(isCartLoading);
  const lastOutcome = CartContext.useSelector((s) => s.context.lastOutcome);
  return { cart, loading, lastOutcome };
}

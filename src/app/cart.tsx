import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { cartMachine } from "../../machines/cart.machine";
import type { CartFieldsFragment } from "../lib/gql/graphql";
import { registerLiveActor } from "../lib/live-actors";
import { useActorSelector } from "../lib/use-actor-selector";
import { readSession } from "../lib/storage";
import type * as CartActorExports from "./cart-actor";

/** The app-wide cart actor of a signed-in visit. */
export type CartActor = ActorRefFrom<typeof cartMachine>;
type CartSnapshot = SnapshotFrom<typeof cartMachine>;
type CartActorModule = typeof CartActorExports;

/**
 * The cart's machine, services and documents are a chunk of their own (./cart-actor), fetched
 * only for signed-in visits: signed-out pages (landing, sign-in) never download them. A stored
 * session starts the fetch at once, alongside the page's own chunk.
 */
let cartModule: CartActorModule | null = null;
let loading: Promise<CartActorModule> | null = null;
function loadCartActor(): Promise<CartActorModule> {
  loading ??= import("./cart-actor").then(
    (module) => (cartModule = module),
    (error: unknown) => {
      loading = null; // a failed chunk fetch is tried again (CartProvider retries)
      throw error;
    },
  );
  return loading;
}
if (readSession()) void loadCartActor();

const CartActorContext = createContext<CartActor | null>(null);

/** Pause before fetching the cart's chunk again after a failed fetch. */
const RETRY_MS = 3000;

/**
 * Runs the cart actor with the gateway's actors and the toasts of the spec. Mounted once by the
 * layout; the session (its customer) starts and stops it, so signing in never remounts the page: the
 * children stay where they are while the actor's chunk loads, and the actor, once created,
 * lives for the rest of the visit (signing out only stops the cart).
 */
export function CartProvider({
  session,
  children,
}: {
  session: string | null;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  // Latched: the first session of the visit creates the actor; signing out keeps it.
  const [wanted, setWanted] = useState(session !== null);
  if (session !== null && !wanted) setWanted(true);
  const [actor, setActor] = useState<CartActor | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let created: CartActor | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadCartActor().then(
      ({ startCartActor }) => {
        if (!live) return;
        created = startCartActor(i18n);
        setActor(created);
      },
      // The chunk did not arrive (offline, new deployment): shop pages keep their loader and
      // the fetch is tried again a little later.
      () => {
        if (live) retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
      created?.stop();
      setActor(null);
    };
  }, [wanted, i18n, attempt]);

  // Auditors follow the running cart on /machines.
  useEffect(() => (actor ? registerLiveActor("cart", actor) : undefined), [actor]);
  useEffect(() => {
    if (!actor || !session) return;
    actor.send({ type: "cart.start" });
    return () => actor.send({ type: "cart.stop" });
  }, [actor, session]);

  return <CartActorContext.Provider value={actor}>{children}</CartActorContext.Provider>;
}

/** Whether the cart actor runs: signed-in content that reads the cart waits for this. */
export function useCartReady(): boolean {
  return useContext(CartActorContext) !== null;
}

/** Renders its children once the cart actor runs, `fallback` until then. */
export function CartReady({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCartReady() ? children : fallback;
}

/** The cart actor, to send it `cart.add`, `cart.bulkAdd`, `cart.adjust`, `cart.remove`, ... */
export function useCartActor(): CartActor {
  const actor = useContext(CartActorContext);
  if (!actor) throw new Error("The cart is read before it runs: render it inside <CartReady>.");
  return actor;
}

/** The cart actor's hooks, shaped like an `createActorContext` context. */
export const CartContext = {
  useActorRef: useCartActor,
  useSelector<T>(selector: (snapshot: CartSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
    return useActorSelector(useCartActor(), selector, compare);
  },
};

/** The cart as shown, whether a change is running, and the last change's outcome. */
export function useCart() {
  const cart = CartContext.useSelector((s) => s.context.cart) as CartFieldsFragment | null;
  // The actor runs, so its chunk (with the machine's own loading rule) is there.
  const loading = CartContext.useSelector((s) => cartModule?.isCartLoading(s) ?? true);
  const lastOutcome = CartContext.useSelector((s) => s.context.lastOutcome);
  return { cart, loading, lastOutcome };
}

import { createContext, useContext, type ReactNode } from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { cartMachine } from "../../machines/cart.machine";
import type { CartFieldsFragment } from "./gql/graphql";
import { useActorSelector } from "./use-actor-selector";

/** The app-wide cart actor of a signed-in visit. */
export type CartActor = ActorRefFrom<typeof cartMachine>;
export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/**
 * What the app shell's CartProvider (src/app/cart.tsx) provides once the cart's chunk has loaded:
 * the running actor and the machine's own loading rule (both come from that chunk, so pages read
 * them here without downloading the machine).
 */
export interface RunningCart {
  actor: CartActor;
  isLoading: (snapshot: CartSnapshot) => boolean;
}

export const RunningCartContext = createContext<RunningCart | null>(null);

/** Whether the cart actor runs: signed-in content that reads the cart waits for this. */
export function useCartReady(): boolean {
  return useContext(RunningCartContext) !== null;
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

function useRunningCart(): RunningCart {
  const running = useContext(RunningCartContext);
  if (!running) throw new Error("The cart is read before it runs: render it inside <CartReady>.");
  return running;
}

/** The cart actor, to send it `cart.add`, `cart.bulkAdd`, `cart.adjust`, `cart.remove`, ... */
export function useCartActor(): CartActor {
  return useRunningCart().actor;
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
  const { actor, isLoading } = useRunningCart();
  const cart = useActorSelector(actor, (s) => s.context.cart) as CartFieldsFragment | null;
  const loading = useActorSelector(actor, isLoading);
  const lastOutcome = useActorSelector(actor, (s) => s.context.lastOutcome);
  return { cart, loading, lastOutcome };
}

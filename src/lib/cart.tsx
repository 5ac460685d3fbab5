import {
  createContext,
  useCallback,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { CartEvent, CartOperation, cartMachine } from "../../machines/cart.machine";
import type { Refusal } from "./gateway-result";
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

/**
 * A value of the cart as it stands, or `whenNotRunning` before the cart actor runs (a page shown
 * before the cart, issue 31; the server's render). `selector` answers a primitive.
 */
export function useCartValue<T extends string | number | boolean | null>(
  selector: (snapshot: CartSnapshot, running: RunningCart) => T,
  whenNotRunning: T,
): T {
  const running = useContext(RunningCartContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!running) return () => {};
      const subscription = running.actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [running],
  );
  const read = () => (running ? selector(running.actor.getSnapshot(), running) : whenNotRunning);
  return useSyncExternalStore(subscribe, read, read);
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

export function useRunningCart(): RunningCart {
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

/** The cart actor's event for `operation`, tagged with `requestId` and silent. */
function eventOf(operation: CartOperation, requestId: string): CartEvent {
  const tag = { requestId, silent: true };
  switch (operation.kind) {
    case "add":
      return {
        type: "cart.add",
        variantCode: operation.variantCode,
        quantity: operation.quantity,
        ...tag,
      };
    case "bulkAdd":
      return { type: "cart.bulkAdd", items: operation.items, ...tag };
    case "adjust":
      return {
        type: "cart.adjust",
        itemId: operation.itemId,
        quantity: operation.quantity,
        ...tag,
      };
    case "remove":
      return { type: "cart.remove", itemId: operation.itemId, ...tag };
    case "empty":
      return { type: "cart.empty", ...tag };
    default:
      return { type: "cart.change", operation, ...tag };
  }
}

/**
 * Asks the cart actor to read the cart again and settles with the cart once it is no longer
 * busy; rejects when it could not be read.
 */
function readAgain({ actor, isLoading }: RunningCart): Promise<CartFieldsFragment | null> {
  return new Promise((resolve, reject) => {
    const settle = (snapshot: CartSnapshot) => {
      if (snapshot.matches("idle")) resolve(snapshot.context.cart as CartFieldsFragment | null);
      else reject(new Error(snapshot.context.loadError ?? "cart unavailable"));
    };
    let busy = false;
    const subscription = actor.subscribe((snapshot) => {
      if (isLoading(snapshot)) busy = true;
      else if (busy) {
        subscription.unsubscribe();
        settle(snapshot);
      }
    });
    // Asked once the actor has finished the step that reported the failure.
    setTimeout(() => {
      actor.send({ type: "cart.refresh" });
      // A busy actor takes no refresh: the change it carries out answers the server's cart.
      if (isLoading(actor.getSnapshot())) busy = true;
      else {
        subscription.unsubscribe();
        settle(actor.getSnapshot());
      }
    }, 0);
  });
}

/**
 * A change carried out by the cart actor, the cart's one owner (silently: the caller reports
 * it). Settles once the change is done, the shipment checked included: with the cart after it
 * (null: deleted), or rejects with the server's refusal (a Refusal) and, read again, the cart
 * as it now is (`cart`; absent when it could not be read): a failed change may or may not
 * have reached the server.
 */
export function changeThroughCart(
  running: RunningCart,
  operation: CartOperation,
): Promise<CartFieldsFragment | null> {
  const requestId = `change-${globalThis.crypto.randomUUID()}`;
  return new Promise((resolve, reject) => {
    const subscription = running.actor.subscribe((snapshot) => {
      const outcome = snapshot.context.lastOutcome;
      if (outcome?.requestId !== requestId) return;
      // Still its turn: the shipment is being checked.
      if (snapshot.context.queue[0]?.requestId === requestId) return;
      subscription.unsubscribe();
      if (outcome.ok) {
        resolve(snapshot.context.cart as CartFieldsFragment | null);
        return;
      }
      const refusal: Refusal = {
        detail: outcome.message,
        violations: outcome.violations.map((v) => ({
          propertyPath: v.propertyPath,
          message: v.message ?? "",
        })),
      };
      readAgain(running).then(
        (cart) => reject({ ...refusal, cart }),
        () => reject(refusal),
      );
    });
    running.actor.send(eventOf(operation, requestId));
  });
}

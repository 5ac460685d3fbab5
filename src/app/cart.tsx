import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RunningCartContext, type CartActor, type RunningCart } from "../lib/cart";
import { registerLiveActor } from "../lib/live-actors";
import { readSession } from "../lib/storage";
import type * as CartActorExports from "./cart-actor";

type CartActorModule = typeof CartActorExports;

/**
 * The shell starts the cart; pages read it through src/lib/cart.
 *
 * The cart's machine, services and documents are a chunk of their own (./cart-actor), fetched
 * only for signed-in visits: signed-out pages (landing, sign-in) never download them. A stored
 * session starts the fetch at once, alongside the page's own chunk.
 */
let loading: Promise<CartActorModule> | null = null;
function loadCartActor(): Promise<CartActorModule> {
  loading ??= import("./cart-actor").catch((error: unknown) => {
    loading = null; // a failed chunk fetch is tried again (CartProvider retries)
    throw error;
  });
  return loading;
}
if (readSession()) void loadCartActor();

/** Pause before fetching the cart's chunk again after a failed fetch. */
const RETRY_MS = 3000;

/**
 * Runs the cart actor with the gateway's actors and the toasts of the spec. Mounted once by the
 * layout; the session's token starts and stops it, so signing in never remounts the page: the
 * children stay where they are while the actor's chunk loads, and the actor, once created,
 * lives for the rest of the visit (signing out only stops the cart).
 */
export function CartProvider({ token, children }: { token: string | null; children: ReactNode }) {
  const { i18n } = useTranslation();
  // Latched: the first token of the visit creates the actor; signing out keeps it.
  const [wanted, setWanted] = useState(token !== null);
  if (token !== null && !wanted) setWanted(true);
  const [running, setRunning] = useState<RunningCart | null>(null);
  const actor: CartActor | null = running?.actor ?? null;
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let created: CartActor | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadCartActor().then(
      ({ startCartActor, isCartLoading }) => {
        if (!live) return;
        created = startCartActor(i18n);
        setRunning({ actor: created, isLoading: isCartLoading });
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
      setRunning(null);
    };
  }, [wanted, i18n, attempt]);

  // Auditors follow the running cart on /machines.
  useEffect(() => (actor ? registerLiveActor("cart", actor) : undefined), [actor]);
  useEffect(() => {
    if (!actor || !token) return;
    actor.send({ type: "cart.start" });
    return () => actor.send({ type: "cart.stop" });
  }, [actor, token]);

  return <RunningCartContext.Provider value={running}>{children}</RunningCartContext.Provider>;
}

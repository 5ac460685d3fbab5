import { useSyncExternalStore } from "react";
import type { AnyActorRef } from "xstate";

/**
 * Actors of this browser session that the auditor view (`/machines`) may show live. The name
 * is the machine's file name in machines/ (`checkout` for checkout.machine.ts), the name the
 * generated docs use.
 *
 * ```ts
 * // where the app starts the checkout actor:
 * useEffect(() => registerLiveActor("checkout", actorRef), [actorRef]);
 * ```
 *
 * Only the state value (`{ active: "details" }`) leaves the actor: it is shared with the other
 * tabs of this browser (BroadcastChannel, same origin only), so the auditor view open in one
 * tab follows the checkout going on in another. Context (carts, addresses) is never shared.
 */
const actors = new Map<string, AnyActorRef>();
/** The state values of live actors: this tab's and other tabs' (last word wins). */
const values = new Map<string, { value: unknown; here: boolean }>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

type Message =
  | { kind: "state"; name: string; value: unknown }
  | { kind: "gone"; name: string }
  | { kind: "hello" };

const channel: BroadcastChannel | null =
  typeof BroadcastChannel === "function" ? new BroadcastChannel("portal.live-actors") : null;

channel?.addEventListener("message", (event: MessageEvent<Message>) => {
  const message = event.data;
  if (message.kind === "hello") {
    // A new viewer asks what runs: answer for this tab's actors.
    for (const [name, actor] of actors) post(name, actor);
    return;
  }
  if (actors.has(message.name)) return; // this tab's own actor is the one to show here
  if (message.kind === "state") values.set(message.name, { value: message.value, here: false });
  else values.delete(message.name);
  notify();
});
channel?.postMessage({ kind: "hello" } satisfies Message);

function post(name: string, actor: AnyActorRef) {
  const value = (actor.getSnapshot() as { value?: unknown }).value;
  // Through JSON: a state value is plain data, and anything else must not break the channel.
  channel?.postMessage({ kind: "state", name, value: JSON.parse(JSON.stringify(value ?? null)) });
}

/**
 * Makes `actorRef` the running actor of the machine `name` (a later registration replaces an
 * earlier one). Returns the function that unregisters it, fit to be an effect's cleanup.
 */
export function registerLiveActor(name: string, actorRef: AnyActorRef): () => void {
  actors.set(name, actorRef);
  const update = () => {
    values.set(name, { value: (actorRef.getSnapshot() as { value?: unknown }).value, here: true });
    post(name, actorRef);
    notify();
  };
  const subscription = actorRef.subscribe({ next: update, error: () => {} });
  update();
  return () => {
    subscription.unsubscribe();
    if (actors.get(name) !== actorRef) return;
    actors.delete(name);
    values.delete(name);
    channel?.postMessage({ kind: "gone", name } satisfies Message);
    notify();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The running actor registered as `name` in this tab, or undefined. */
export function useLiveActor(name: string): AnyActorRef | undefined {
  return useSyncExternalStore(
    subscribe,
    () => actors.get(name),
    () => undefined,
  );
}

/**
 * The current state value of the live actor `name`, from this tab or another tab of this
 * browser (`here` tells which), or undefined when none runs. Re-renders on every change.
 */
export function useLiveState(name: string): { value: unknown; here: boolean } | undefined {
  return useSyncExternalStore(
    subscribe,
    () => values.get(name),
    () => undefined,
  );
}

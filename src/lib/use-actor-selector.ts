import { useCallback, useRef, useSyncExternalStore } from "react";
import type { AnyActorRef, SnapshotFrom } from "xstate";

/**
 * `useSelector` of @xstate/react for a running actor, without its package: the layout reads the
 * cart with it on every page, and @xstate/react brings XState's interpreter into the first load
 * (decision 026). Re-renders only when the selected value changes by `compare`.
 */
export function useActorSelector<A extends AnyActorRef, T>(
  actor: A,
  selector: (snapshot: SnapshotFrom<A>) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const last = useRef<{ snapshot: unknown; value: T } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = (): T => {
    const snapshot: unknown = actor.getSnapshot();
    const previous = last.current;
    if (previous && previous.snapshot === snapshot) return previous.value;
    const value = selector(snapshot as SnapshotFrom<A>);
    if (previous && compare(previous.value, value)) {
      last.current = { snapshot, value: previous.value };
      return previous.value;
    }
    last.current = { snapshot, value };
    return value;
  };
  return useSyncExternalStore(subscribe, read, read);
}

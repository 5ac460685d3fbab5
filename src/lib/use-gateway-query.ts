import { useEffect, useState } from "react";

export type QueryState<T> =
  { status: "loading" } | { status: "success"; data: T } | { status: "error"; error: unknown };

/**
 * Runs a read-only gateway call when the component mounts or `key` changes and keeps its
 * answer; an answer that arrives after unmount or a newer call is dropped.
 */
export function useGatewayQuery<T>(load: () => Promise<T>, key: string): QueryState<T> {
  const [state, setState] = useState<{ key: string; value: QueryState<T> }>({
    key,
    value: { status: "loading" },
  });
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ key, value: { status: "success", data } }),
      (error: unknown) => {
        if (!current) return;
        console.error(error);
        setState({ key, value: { status: "error", error } });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure every render; `key` says when the call really changes.
  }, [key]);
  return state.key === key ? state.value : { status: "loading" };
}

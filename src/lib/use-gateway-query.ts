import { useContext, useEffect, useRef, useState } from "react";
import { ServerRenderContext } from "./server-render";

export type QueryState<T> =
  { status: "loading" } | { status: "success"; data: T } | { status: "error"; error: unknown };

/** The answers the server ran for the page being hydrated, by key (issue 31). */
const serverAnswers = new Map<string, unknown>();

/**
 * Keeps the answers of the reads the server ran for the page (its `server-data`), for the
 * first render of the queries with those keys: called once, before the page hydrates, and only
 * when the browser renders the page as the server did (same session, same language).
 */
export function primeServerAnswers(answers: Record<string, unknown> | undefined): void {
  for (const [key, data] of Object.entries(answers ?? {})) serverAnswers.set(key, data);
}

export interface GatewayQueryOptions {
  /**
   * Run on the server too (issue 31): the server renders the page with the answer and hands
   * it to the browser, whose first render shows it without asking again. For reads the first
   * paint should show (a product grid, a product), through `gateway` only.
   */
  server?: boolean;
}

/**
 * Runs a read-only gateway call when the component mounts or `key` changes and keeps its
 * answer; an answer that arrives after unmount or a newer call is dropped. With `server`, the
 * server runs it for the first paint and the browser starts from that answer.
 */
export function useGatewayQuery<T>(
  load: () => Promise<T>,
  key: string,
  options: GatewayQueryOptions = {},
): QueryState<T> {
  const rendering = useContext(ServerRenderContext);
  const [state, setState] = useState<{ key: string; value: QueryState<T> }>(() =>
    options.server && serverAnswers.has(key)
      ? { key, value: { status: "success", data: serverAnswers.get(key) as T } }
      : { key, value: { status: "loading" } },
  );
  // The key whose answer came from the server: its first effect does not ask again.
  const fromServer = useRef(state.value.status === "success" ? key : null);
  useEffect(() => {
    if (fromServer.current === key) {
      fromServer.current = null;
      // Used: a later visit of the page (another mount) asks the gateway again.
      serverAnswers.delete(key);
      return;
    }
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
  if (rendering) {
    // On the server: the answer of an earlier pass, else the read is asked for (and the page
    // renders its loading state in this pass).
    const queries = options.server ? rendering.queries : undefined;
    if (queries?.answers.has(key))
      return { status: "success", data: queries.answers.get(key) as T };
    queries?.wanted.set(key, load);
    return { status: "loading" };
  }
  return state.key === key ? state.value : { status: "loading" };
}

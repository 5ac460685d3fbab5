import type { GatewayRequest } from "./graphql-client";

/**
 * The gateway of the request being rendered on the server (issue 31): the renderer
 * (src/entry-server.tsx) registers how to find it (an AsyncLocalStorage, one per request), and
 * `gateway` (src/lib/gateway.ts) uses it in the server's bundle only. A global, not a module
 * variable: the two bundles do not share modules, and the lookup must not be a Node import in
 * the browser's.
 */
const LOOKUP = Symbol.for("partner-portal.server-gateway");

type Lookup = () => GatewayRequest | undefined;

/** The gateway of the page the server is rendering, or undefined (the browser, tests). */
export function serverGateway(): GatewayRequest | undefined {
  return (globalThis as { [LOOKUP]?: Lookup })[LOOKUP]?.();
}

/** Registers how the renderer finds the gateway of the request it is rendering. */
export function setServerGatewayLookup(lookup: Lookup): void {
  (globalThis as { [LOOKUP]?: Lookup })[LOOKUP] = lookup;
}

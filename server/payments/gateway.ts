import type { PaymentsConfig } from "../config.js";
import { AdyenGateway } from "./adyen.js";
import type { CardGateway } from "./protocol.js";
import { TestCardGateway, type TestGatewayOptions } from "./test-gateway.js";

// The gateway's contract and helpers live in protocol.ts, which the adapters import: this module
// only chooses an adapter, so nothing imports back into it.
export * from "./protocol.js";

export interface GatewayDeps {
  /** The adapter's HTTP client (tests inject one; default: global fetch). */
  fetch?: typeof fetch;
  /** How long a gateway call may take before it counts as timed out (default 15 s). */
  timeoutMs?: number;
  /** Options of the offline gateway (ignored for Adyen). */
  test?: TestGatewayOptions;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** The gateway the configuration asks for: Adyen when a key is set, else the offline one. */
export function createCardGateway(config: PaymentsConfig, deps: GatewayDeps = {}): CardGateway {
  if (config.provider === "adyen") {
    return new AdyenGateway(config, {
      fetch: deps.fetch ?? globalThis.fetch,
      timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
  }
  return new TestCardGateway(deps.test);
}

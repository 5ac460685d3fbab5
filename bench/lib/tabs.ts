import { drive, type Figures } from "./load.js";
import type { Fixture } from "./prepare.js";
import { clientsFor } from "./scenarios.js";

/** Browser tabs of one person changing one cart at the same time. */
const TABS = 8;

/**
 * One cart changed from several tabs at once: `TABS` connections of one user add to the same
 * cart through the gateway for a few seconds. Every change must succeed (carts lock their
 * row, docs/decisions/005); an error here is a lost update or a deadlock.
 */
export async function tabsCheck(
  url: string,
  fixture: Fixture,
  token: string,
  seconds: number,
): Promise<Figures> {
  const res = await fetch(`${url}/api/v2/shop/orders`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  const cart = ((await res.json()) as { tokenValue: string }).tokenValue;
  const tabs = Array.from({ length: TABS }, () => token);
  const clients = clientsFor(
    "add to cart",
    "GraphQL",
    fixture,
    { related: [], mainTaxon: null },
    tabs,
    tabs.map(() => cart),
  );
  return drive(url, clients, Math.min(seconds, 5));
}

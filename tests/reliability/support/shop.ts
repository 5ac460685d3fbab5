import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import {
  openPGlite,
  openPostgres,
  PGLITE_SETTINGS,
  type Database,
} from "../../../server/db/database.js";
import type { DB } from "../../../server/db/schema.js";
import { call } from "./server-process.js";

/** Demo users of two companies, with a shipping address of their own company. */
export const SHOPPERS = [
  { email: "buyer@demo-spa.example", address: 2 },
  { email: "admin@demo-spa.example", address: 2 },
  { email: "admin@demo-retail.example", address: 3 },
] as const;

/** Variants the fault and load tests order (stock is set high before they start). */
export const VARIANTS = ["FIRM-LIFT-SERUM-30ML", "GLOW-MINI-ROSE", "SONIC-BRUSH-PRO-WHITE"];

/**
 * A cart ready to complete, made over the API like the storefront does: items above the
 * minimum order value, a shipping address, invoice payment, optionally a coupon.
 */
export async function readyCart(
  base: string,
  token: string,
  opts: { address: number; variant?: string; quantity?: number; coupon?: string },
): Promise<string> {
  const started = await call(base, "POST", "/api/v2/shop/orders", { token, body: {} });
  if (started.status !== 201) throw new Error(`start cart: ${started.status}`);
  const cart = started.body.tokenValue as string;
  const added = await call(base, "POST", `/api/v2/shop/orders/${cart}/items`, {
    token,
    body: {
      productVariant: `/api/v2/shop/product-variants/${opts.variant ?? VARIANTS[0]}`,
      quantity: opts.quantity ?? 30,
    },
  });
  if (added.status !== 201)
    throw new Error(`add item: ${added.status} ${JSON.stringify(added.body)}`);
  const put = await call(base, "PUT", `/api/v2/shop/orders/${cart}`, {
    token,
    body: {
      shippingAddress: `/api/v2/shop/addresses/${opts.address}`,
      ...(opts.coupon ? { couponCode: opts.coupon } : {}),
    },
  });
  if (put.status !== 200) throw new Error(`addresses: ${put.status} ${JSON.stringify(put.body)}`);
  const payment = await call(
    base,
    "PATCH",
    `/api/v2/shop/orders/${cart}/payments/${added.body.payments[0].id}`,
    { token, body: { paymentMethod: "/api/v2/shop/payment-methods/invoice" } },
  );
  if (payment.status !== 200) throw new Error(`payment method: ${payment.status}`);
  return cart;
}

/** Writes the run's seeded PGlite template into a data folder the server can open. */
export async function pgliteDataDir(dataDir: string): Promise<void> {
  const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
  // With the server's settings (decision 048): the defaults' 128 MB of buffers would stay
  // resident in this test process.
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir: dump,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ["-c", s])],
  });
  await pglite.close();
}

/**
 * Opens the server's database directly, for preparing and checking. PGlite is one process:
 * only while the server is not running.
 */
export async function openDirect(
  source: { databaseUrl: string } | { dataDir: string },
): Promise<{ db: Kysely<DB>; close(): Promise<void> }> {
  const database: Database =
    "databaseUrl" in source
      ? openPostgres(source.databaseUrl, 4)
      : await openPGlite({ dataDir: source.dataDir });
  return { db: database.db, close: () => database.close() };
}

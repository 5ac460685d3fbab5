import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clonePostgresTemplate } from "../support/test-app.js";
import { openDirect } from "./support/shop.js";
import { call, ServerProcess } from "./support/server-process.js";

const V = (code: string) => `/api/v2/shop/product-variants/${code}`;
const CREAM = "FIRM-LIFT-CREAM-50ML";
const SERUM = "FIRM-LIFT-SERUM-30ML";
const TIERS = "/api/v2/admin/price-lists/EUR_CONTRACT/entries/FIRM-LIFT-CREAM-50ML/volume-prices";

/**
 * Issue 22: two server processes (`node --import tsx main.ts`) on one PostgreSQL database, each
 * with its catalogue cache (decision 046). A price changed through one process, or in the
 * database by hand, is visible on the very next request on both.
 */
describe.skipIf(!inject("pgUrl"))("catalogue cache across two processes (PostgreSQL)", () => {
  let drop: (() => Promise<void>) | undefined;
  let direct: Awaited<ReturnType<typeof openDirect>> | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let buyer = "";
  let staff = "";
  beforeAll(async () => {
    const clone = await clonePostgresTemplate();
    drop = clone.drop;
    // One after the other: both migrate on start.
    a = await ServerProcess.start({ databaseUrl: clone.url });
    b = await ServerProcess.start({ databaseUrl: clone.url });
    direct = await openDirect({ databaseUrl: clone.url });
    const signIn = await call(a.url, "POST", "/api/v2/shop/customers/token", {
      body: { email: "buyer@demo-spa.example", password: "partner-demo" },
    });
    expect(signIn.status).toBe(200);
    buyer = signIn.body.token;
    const staffIn = await call(b.url, "POST", "/api/v2/admin/token", {
      body: { email: "staff@brand.example", password: "partner-demo" },
    });
    expect(staffIn.status).toBe(200);
    staff = staffIn.body.token;
  }, 300_000);
  afterAll(async () => {
    await direct?.close();
    await a?.terminate();
    await b?.terminate();
    await drop?.();
  });

  const price = async (server: ServerProcess, code: string) => {
    const answer = await call(server.url, "GET", V(code), { token: buyer });
    expect(answer.status).toBe(200);
    return answer.body as { price: number; volumePrices: { minQuantity: number }[] };
  };

  it("shows a price changed in the database on the next request on both processes", async () => {
    // Both processes hold the answer (asked twice each).
    const before = (await price(a!, SERUM)).price;
    for (const server of [a!, b!, a!, b!]) expect((await price(server, SERUM)).price).toBe(before);
    await direct!.db
      .updateTable("variant_prices")
      .set({ price: before + 250 })
      .where("variant_code", "=", SERUM)
      .where("price_list_code", "=", "EUR_CONTRACT")
      .execute();
    expect((await price(b!, SERUM)).price).toBe(before + 250);
    expect((await price(a!, SERUM)).price).toBe(before + 250);
  });

  it("shows volume prices a staff member changed through one process on the next request on the other", async () => {
    for (const server of [a!, b!, a!, b!])
      expect((await price(server, CREAM)).volumePrices.map((t) => t.minQuantity)).toEqual([
        1, 12, 48,
      ]);
    const put = await call(b!.url, "PUT", TIERS, {
      token: staff,
      body: {
        volumePrices: [
          { minQuantity: 1, price: 2400 },
          { minQuantity: 6, price: 2300 },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect((await price(a!, CREAM)).volumePrices.map((t) => t.minQuantity)).toEqual([1, 6]);
    expect((await price(b!, CREAM)).volumePrices.map((t) => t.minQuantity)).toEqual([1, 6]);
  });

  /** A variant's price and volume prices asked through the GraphQL gateway of `server`. */
  const gatewayPrice = async (server: ServerProcess, product: string, variant: string) => {
    const answer = await call(server.url, "POST", "/graphql", {
      token: buyer,
      body: {
        query: `query ($code: String!) { product(code: $code) { variants {
          code price volumePrices { minQuantity } } } }`,
        variables: { code: product },
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    const variants = answer.body.data.product.variants as {
      code: string;
      price: number;
      volumePrices: { minQuantity: number }[];
    }[];
    return variants.find((v) => v.code === variant)!;
  };

  it("shows prices changed by hand or through the other process on the next gateway request on both", async () => {
    // Each gateway holds the parsed answer (decision 047): asked twice on each process.
    const before = (await gatewayPrice(a!, "FIRM-LIFT-SERUM", SERUM)).price;
    for (const server of [a!, b!, a!, b!])
      expect((await gatewayPrice(server, "FIRM-LIFT-SERUM", SERUM)).price).toBe(before);
    await direct!.db
      .updateTable("variant_prices")
      .set({ price: before + 125 })
      .where("variant_code", "=", SERUM)
      .where("price_list_code", "=", "EUR_CONTRACT")
      .execute();
    expect((await gatewayPrice(b!, "FIRM-LIFT-SERUM", SERUM)).price).toBe(before + 125);
    expect((await gatewayPrice(a!, "FIRM-LIFT-SERUM", SERUM)).price).toBe(before + 125);

    const tiers = async (server: ServerProcess) =>
      (await gatewayPrice(server, "FIRM-LIFT-CREAM", CREAM)).volumePrices.map((t) => t.minQuantity);
    const held = await tiers(a!);
    for (const server of [a!, b!, a!, b!]) expect(await tiers(server)).toEqual(held);
    const put = await call(a!.url, "PUT", TIERS, {
      token: staff,
      body: {
        volumePrices: [
          { minQuantity: 1, price: 2400 },
          { minQuantity: 10, price: 2200 },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(await tiers(b!)).toEqual([1, 10]);
    expect(await tiers(a!)).toEqual([1, 10]);
  });
});

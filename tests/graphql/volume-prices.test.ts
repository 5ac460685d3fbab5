import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AddToCartDocument,
  AdjustCartItemDocument,
  ProductDocument,
  StartCartDocument,
} from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

const CREAM = "FIRM-LIFT-CREAM-50ML";

/** Volume prices through the gateway (issue 21, part 4; decision 040). */
describe("gateway: volume prices", () => {
  let h: GatewayHarness;
  let token: string;
  beforeAll(async () => {
    h = await startGateway();
    token = await h.t.token(USERS.spaBuyer);
  });
  afterAll(async () => h?.close());

  it("answers a variant's tiers on the product, none for visitors", async () => {
    const product = dataOf(
      await h.run(ProductDocument, { code: "FIRM-LIFT-CREAM" }, { token }),
    ).product!;
    expect(product.variants[0]!.volumePrices).toEqual([
      { minQuantity: 1, maxQuantity: 11, price: 2400 },
      { minQuantity: 12, maxQuantity: 47, price: 2250 },
      { minQuantity: 48, maxQuantity: null, price: 2100 },
    ]);
    const visitor = dataOf(await h.run(ProductDocument, { code: "FIRM-LIFT-CREAM" })).product!;
    expect(visitor.variants[0]!.volumePrices).toEqual([]);
  });

  it("prices a cart line by its tier, and re-prices it across a tier", async () => {
    const cart = dataOf(await h.run(StartCartDocument, {}, { token })).startCart;
    const added = expectType(
      dataOf(
        await h.run(
          AddToCartDocument,
          { cartToken: cart.token, variantCode: CREAM, quantity: 11 },
          { token },
        ),
      ).addToCart,
      "Cart",
    );
    const item = added.items[0]!;
    expect([item.unitPrice, added.itemsTotal]).toEqual([2400, 11 * 2400]);
    const seen: number[][] = [];
    for (const quantity of [12, 47, 48]) {
      const cartNow = expectType(
        dataOf(
          await h.run(
            AdjustCartItemDocument,
            { cartToken: cart.token, itemId: item.id, quantity },
            { token },
          ),
        ).adjustCartItem,
        "Cart",
      );
      seen.push([quantity, cartNow.items[0]!.unitPrice, cartNow.itemsTotal]);
    }
    expect(seen).toEqual([
      [12, 2250, 12 * 2250],
      [47, 2250, 47 * 2250],
      [48, 2100, 48 * 2100],
    ]);
  });
});

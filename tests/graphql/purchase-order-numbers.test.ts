import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AddToCartDocument,
  CompanyDetailsDocument,
  CompleteOrderDocument,
  MeDocument,
  OrdersDocument,
  SetCartAddressesDocument,
  SetPaymentMethodDocument,
  SetPoNumberRequiredDocument,
  SetPurchaseOrderNumberDocument,
  StartCartDocument,
} from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

/** Purchase-order numbers through the gateway (issue 21, part 2). */
describe("gateway: purchase-order numbers", () => {
  let h: GatewayHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await startGateway();
    for (const email of Object.values(USERS)) tokens[email] = await h.t.token(email);
  });
  afterAll(async () => h?.close());
  const as = (email: string, lang = "en") => ({
    token: tokens[email]!,
    headers: { "accept-language": lang },
  });

  async function readyCart(email: string = USERS.spaBuyer) {
    const cart = dataOf(await h.run(StartCartDocument, {}, as(email))).startCart;
    const added = expectType(
      dataOf(
        await h.run(
          AddToCartDocument,
          { cartToken: cart.token, variantCode: "FIRM-LIFT-SERUM-30ML", quantity: 30 },
          as(email),
        ),
      ).addToCart,
      "Cart",
    );
    expectType(
      dataOf(
        await h.run(
          SetCartAddressesDocument,
          { cartToken: cart.token, shippingAddressId: "2" },
          as(email),
        ),
      ).setCartAddresses,
      "Cart",
    );
    expectType(
      dataOf(
        await h.run(
          SetPaymentMethodDocument,
          { cartToken: cart.token, paymentId: added.payments[0]!.id, methodCode: "invoice" },
          as(email),
        ),
      ).setPaymentMethod,
      "Cart",
    );
    return cart.token;
  }
  const setPo = (cartToken: string, poNumber: string, lang = "en") =>
    h.run(SetPurchaseOrderNumberDocument, { cartToken, poNumber }, as(USERS.spaBuyer, lang));
  const complete = (cartToken: string, lang = "en") =>
    h.run(
      CompleteOrderDocument,
      { cartToken, idempotencyKey: `po-${cartToken}` },
      as(USERS.spaBuyer, lang),
    );

  it("sets, trims and refuses a PO number over 35 characters with a typed, translated error", async () => {
    const token = await readyCart();
    const set = expectType(dataOf(await setPo(token, " GQL-PO-1 ")).setPurchaseOrderNumber, "Cart");
    expect(set.poNumber).toBe("GQL-PO-1");
    const long = expectType(
      dataOf(await setPo(token, "L".repeat(36), "it")).setPurchaseOrderNumber,
      "ValidationError",
    );
    expect(long.violations[0]).toMatchObject({
      propertyPath: "poNumber",
      code: "poNumber.tooLong",
    });
    expect(long.message).toContain("35");
    const order = expectType(dataOf(await complete(token)).completeOrder, "Order");
    expect(order.poNumber).toBe("GQL-PO-1");
  });

  it("lets only an ADMIN require it; completion without one is then a ValidationError", async () => {
    expectType(
      dataOf(await h.run(SetPoNumberRequiredDocument, { required: true }, as(USERS.spaBuyer)))
        .setPoNumberRequired,
      "ForbiddenError",
    );
    const on = expectType(
      dataOf(await h.run(SetPoNumberRequiredDocument, { required: true }, as(USERS.spaAdmin)))
        .setPoNumberRequired,
      "CompanyDetails",
    );
    expect(on.poNumberRequired).toBe(true);
    try {
      expect(dataOf(await h.run(MeDocument, {}, as(USERS.spaBuyer))).me?.poNumberRequired).toBe(
        true,
      );
      expect(
        dataOf(await h.run(CompanyDetailsDocument, {}, as(USERS.spaAdmin))).companyDetails
          .poNumberRequired,
      ).toBe(true);
      const token = await readyCart();
      const refused = expectType(
        dataOf(await complete(token, "es")).completeOrder,
        "ValidationError",
      );
      expect(refused.violations[0]).toMatchObject({
        propertyPath: "poNumber",
        code: "checkout.poNumberRequired",
      });
      expect(refused.message).toContain("orden de compra");
      expectType(dataOf(await setPo(token, "REQUIRED-7")).setPurchaseOrderNumber, "Cart");
      expect(expectType(dataOf(await complete(token)).completeOrder, "Order").poNumber).toBe(
        "REQUIRED-7",
      );
    } finally {
      await h.run(SetPoNumberRequiredDocument, { required: false }, as(USERS.spaAdmin));
    }
  });

  it("searches the order history by PO number", async () => {
    const token = await readyCart();
    expectType(dataOf(await setPo(token, "Searchable-Ref 99")).setPurchaseOrderNumber, "Cart");
    const placed = expectType(dataOf(await complete(token)).completeOrder, "Order");
    const found = dataOf(
      await h.run(OrdersDocument, { search: "searchable-ref" }, as(USERS.spaAdmin)),
    ).orders;
    expect(found.totalItems).toBe(1);
    expect(found.items.map((o) => [o.number, o.poNumber])).toEqual([
      [placed.number, "Searchable-Ref 99"],
    ]);
    const none = dataOf(
      await h.run(OrdersDocument, { search: "searchable-ref" }, as(USERS.retailAdmin)),
    ).orders;
    expect(none.totalItems).toBe(0);
  });
});

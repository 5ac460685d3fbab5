import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ContractPricesDocument,
  CreateShoppingListDocument,
  DeleteShoppingListDocument,
  OrderHistoryDocument,
  OrderShoppingListDocument,
  ProductVariantsDocument,
  ShoppingListsDocument,
} from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

describe("gateway: account area", () => {
  let h: GatewayHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await startGateway();
    for (const email of Object.values(USERS)) tokens[email] = await h.t.token(email);
  });
  afterAll(async () => h?.close());

  const as = (email: string) => ({ token: tokens[email]! });
  const codeOf = (answer: { errors?: readonly { extensions?: unknown }[] }) =>
    (answer.errors?.[0]?.extensions as { code?: string } | undefined)?.code;

  describe("order history", () => {
    it("lists placed orders newest first with split numbering and the original number", async () => {
      const { orders } = dataOf(
        await h.run(OrderHistoryDocument, { page: 1, perPage: 100 }, as(USERS.spaBuyer)),
      );
      expect(orders.totalItems).toBe(orders.items.length);
      expect(orders.items.every((o) => o.state !== "cart")).toBe(true);
      const dates = orders.items.map((o) => o.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      const parent = orders.items.find((o) => o.splitIndex === 1)!;
      const child = orders.items.find((o) => (o.splitIndex ?? 0) > 1)!;
      expect(parent.splitCount).toBe(2);
      expect(parent.parentOrderNumber).toBeNull();
      expect(parent.splitOrders.map((s) => s.token)).toContain(child.token);
      expect(child.parentOrderToken).toBe(parent.token);
      expect(child.parentOrderNumber).toBe(parent.number);
      const unsplit = orders.items.find((o) => o.splitIndex === null)!;
      expect(unsplit.parentOrderNumber).toBeNull();
      // Payments view data: every order carries its payments with due dates.
      expect(orders.items.every((o) => o.payments.length > 0)).toBe(true);
      expect(orders.items.some((o) => o.totalUnpaidAmount > 0)).toBe(true);
    });

    it("gives MARKETING the order history without the Payments section's data", async () => {
      const buyer = dataOf(
        await h.run(OrderHistoryDocument, { page: 1, perPage: 100 }, as(USERS.spaBuyer)),
      ).orders;
      const answer = await h.run(
        OrderHistoryDocument,
        { page: 1, perPage: 100 },
        as(USERS.spaMarketing),
      );
      expect(answer.errors).toBeUndefined();
      const { orders } = dataOf(answer);
      expect(orders.items.map((o) => o.token)).toEqual(buyer.items.map((o) => o.token));
      expect(orders.items.map((o) => o.total)).toEqual(buyer.items.map((o) => o.total));
      expect(orders.items.every((o) => o.payments.length === 0)).toBe(true);
      expect(orders.items.every((o) => o.totalUnpaidAmount === 0)).toBe(true);
    });

    it("never shows another company's orders and needs a token", async () => {
      const spa = dataOf(await h.run(OrderHistoryDocument, { perPage: 100 }, as(USERS.spaBuyer)));
      const retail = dataOf(
        await h.run(OrderHistoryDocument, { perPage: 100 }, as(USERS.retailAdmin)),
      );
      const spaTokens = new Set(spa.orders.items.map((o) => o.token));
      expect(retail.orders.items.some((o) => spaTokens.has(o.token))).toBe(false);
      expect(codeOf(await h.run(OrderHistoryDocument, {}))).toBe("UNAUTHENTICATED");
    });
  });

  describe("product variants (reorder preview)", () => {
    it("answers today's price and stock for known codes, in the order asked, and skips unknown ones", async () => {
      const { productVariants } = dataOf(
        await h.run(
          ProductVariantsDocument,
          { codes: ["TRAVEL-CASE-CLASSIC-BLACK", "NOPE-404", "FIRM-LIFT-SERUM-30ML"] },
          as(USERS.spaBuyer),
        ),
      );
      expect(productVariants.map((v) => v.code)).toEqual([
        "TRAVEL-CASE-CLASSIC-BLACK",
        "FIRM-LIFT-SERUM-30ML",
      ]);
      expect(productVariants[0]!.inStock).toBe(false);
      expect(productVariants[1]).toMatchObject({ inStock: true, price: 1900, currencyCode: "EUR" });
    });

    it("refuses more than 100 codes before calling the REST API", async () => {
      h.calls.length = 0;
      const codes = Array.from({ length: 101 }, (_, n) => `C-${n}`);
      const answer = await h.run(ProductVariantsDocument, { codes }, as(USERS.spaBuyer));
      expect(codeOf(answer)).toBe("BAD_USER_INPUT");
      expect(h.calls).toHaveLength(0);
      const none = dataOf(await h.run(ProductVariantsDocument, { codes: [] }, as(USERS.spaBuyer)));
      expect(none.productVariants).toEqual([]);
    });
  });

  describe("contract prices", () => {
    it("pages the company's price list with image, price, RRP and EAN", async () => {
      const { contractPrices } = dataOf(
        await h.run(ContractPricesDocument, { page: 1, perPage: 5 }, as(USERS.spaMarketing)),
      );
      expect(contractPrices.items).toHaveLength(5);
      expect(contractPrices.totalItems).toBeGreaterThan(5);
      expect(contractPrices.items[0]!.currencyCode).toBe("EUR");
      // Every variant its own row (decision 051): its picture, price and RRP.
      const first = contractPrices.items[0]!.variants[0]!;
      expect(first.image?.type).toBe("main");
      expect(first.image?.path).toMatch(/^\/media\//);
      expect(typeof first.price).toBe("number");
      expect(typeof first.rrpPrice).toBe("number");
      const retail = dataOf(
        await h.run(ContractPricesDocument, { perPage: 1 }, as(USERS.retailAdmin)),
      );
      expect(retail.contractPrices.items[0]!.currencyCode).toBe("USD");
      // Volume prices (decision 040): the sculpting cream's three tiers, none elsewhere here.
      const everything = dataOf(
        await h.run(ContractPricesDocument, { perPage: 100 }, as(USERS.spaBuyer)),
      ).contractPrices.items;
      const tiered = everything.filter((row) => row.variants[0]!.volumePrices.length > 0);
      expect(tiered.map((row) => row.code)).toContain("FIRM-LIFT-CREAM");
      expect(
        tiered.find((row) => row.code === "FIRM-LIFT-CREAM")!.variants[0]!.volumePrices,
      ).toEqual([
        { minQuantity: 1, maxQuantity: 11, price: 2400 },
        { minQuantity: 12, maxQuantity: 47, price: 2250 },
        { minQuantity: 48, maxQuantity: null, price: 2100 },
      ]);
      expect(
        everything.find((row) => row.code === "FIRM-LIFT-SERUM")!.variants[0]!.volumePrices,
      ).toEqual([]);
      expect(codeOf(await h.run(ContractPricesDocument, { perPage: 500 }))).toBe("BAD_USER_INPUT");
      expect(codeOf(await h.run(ContractPricesDocument, {}))).toBe("UNAUTHENTICATED");
    });
  });

  describe("saved lists", () => {
    it("lists the company's lists with items, images, currency and total", async () => {
      const { shoppingLists } = dataOf(
        await h.run(ShoppingListsDocument, {}, as(USERS.spaMarketing)),
      );
      expect(shoppingLists.items.map((l) => l.name)).toEqual([
        "Treatment room essentials",
        "Spring restock",
      ]);
      const spring = shoppingLists.items[1]!;
      expect(spring.currencyCode).toBe("EUR");
      expect(spring.items.map((i) => [i.variantCode, i.quantity])).toEqual([
        ["GLOW-MINI-ROSE", 24],
        ["FIRM-LIFT-SERUM-30ML", 48],
        ["SONIC-BRUSH-PRO-WHITE", 12],
      ]);
      expect(spring.items[1]).toMatchObject({ variantName: "30 ml", unitPrice: 1900 });
      expect(spring.total).toBe(
        spring.items.reduce((sum, i) => sum + (i.unitPrice ?? 0) * i.quantity, 0),
      );
      const retail = dataOf(await h.run(ShoppingListsDocument, {}, as(USERS.retailAdmin)));
      expect(retail.shoppingLists.items).toEqual([]);
    });

    it("creates, refuses bad lines as error results, and deletes", async () => {
      const created = expectType(
        dataOf(
          await h.run(
            CreateShoppingListDocument,
            {
              name: " Gateway list ",
              items: [{ variantCode: "FIRM-LIFT-SERUM-30ML", quantity: 2 }],
            },
            as(USERS.spaBuyer),
          ),
        ).createShoppingList,
        "ShoppingList",
      );
      expect(created.name).toBe("Gateway list");
      expect(created.total).toBe(3800);

      const unnamed = expectType(
        dataOf(
          await h.run(
            CreateShoppingListDocument,
            { name: "  ", items: [{ variantCode: "GLOW-MINI-ROSE", quantity: 1 }] },
            as(USERS.spaBuyer),
          ),
        ).createShoppingList,
        "ShoppingList",
      );
      expect(unnamed.name).toMatch(/^Shopping list of [A-Z][a-z]{2} \d{1,2}, \d{4}$/);

      const badQuantity = dataOf(
        await h.run(
          CreateShoppingListDocument,
          { items: [{ variantCode: "GLOW-MINI-ROSE", quantity: 301 }] },
          as(USERS.spaBuyer),
        ),
      ).createShoppingList;
      expect(badQuantity.__typename).toBe("QuantityError");
      const unknown = dataOf(
        await h.run(
          CreateShoppingListDocument,
          { items: [{ variantCode: "NOPE-404", quantity: 1 }] },
          as(USERS.spaBuyer),
        ),
      ).createShoppingList;
      expect(unknown.__typename).toBe("NotFoundError");
      const empty = dataOf(
        await h.run(CreateShoppingListDocument, { items: [] }, as(USERS.spaBuyer)),
      ).createShoppingList;
      expect(empty.__typename).toBe("ValidationError");

      // Another company's list does not exist for the caller.
      const foreign = dataOf(
        await h.run(DeleteShoppingListDocument, { id: created.id }, as(USERS.retailAdmin)),
      ).deleteShoppingList;
      expect(foreign.__typename).toBe("NotFoundError");
      for (const id of [created.id, unnamed.id]) {
        const deleted = dataOf(
          await h.run(DeleteShoppingListDocument, { id }, as(USERS.spaMarketing)),
        ).deleteShoppingList;
        expect(deleted).toEqual({ __typename: "Deleted", success: true });
      }
      const again = dataOf(
        await h.run(DeleteShoppingListDocument, { id: created.id }, as(USERS.spaBuyer)),
      ).deleteShoppingList;
      expect(again.__typename).toBe("NotFoundError");
      const malformed = dataOf(
        await h.run(DeleteShoppingListDocument, { id: "x'; drop" }, as(USERS.spaBuyer)),
      ).deleteShoppingList;
      expect(malformed.__typename).toBe("NotFoundError");
    });

    it("orders a list into the caller's cart; MARKETING is refused", async () => {
      const { shoppingLists } = dataOf(await h.run(ShoppingListsDocument, {}, as(USERS.spaAdmin)));
      const essentials = shoppingLists.items.find((l) => l.name === "Treatment room essentials")!;

      const refused = dataOf(
        await h.run(OrderShoppingListDocument, { id: essentials.id }, as(USERS.spaMarketing)),
      ).orderShoppingList;
      expect(refused.__typename).toBe("ForbiddenError");

      const ordered = expectType(
        dataOf(await h.run(OrderShoppingListDocument, { id: essentials.id }, as(USERS.spaAdmin)))
          .orderShoppingList,
        "ShoppingListOrdered",
      );
      const lines = new Map(ordered.cart.items.map((i) => [i.variantCode, i.quantity]));
      for (const item of essentials.items) {
        const skipped = ordered.skipped.some((s) => s.variantCode === item.variantCode);
        if (!skipped) expect(lines.get(item.variantCode)).toBeGreaterThanOrEqual(item.quantity);
      }
      for (const s of ordered.skipped) expect(s.message).not.toBe("");

      const foreign = dataOf(
        await h.run(OrderShoppingListDocument, { id: essentials.id }, as(USERS.retailAdmin)),
      ).orderShoppingList;
      expect(foreign.__typename).toBe("NotFoundError");
      expect(codeOf(await h.run(OrderShoppingListDocument, { id: essentials.id }))).toBe(
        "UNAUTHENTICATED",
      );
    });
  });
});

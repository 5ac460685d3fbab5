import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AddItemsToCartDocument,
  AddToCartDocument,
  AdjustCartItemDocument,
  CreateShoppingListDocument,
  OrderShoppingListDocument,
  ShoppingListsDocument,
  StartCartDocument,
} from "../../src/lib/gql/graphql.js";
import { USERS } from "../support/test-app.js";
import { dataOf, expectType, startGateway, type GatewayHarness } from "./harness.js";

/**
 * Through the gateway as the German storefront asks (its `Locale` header): saved lists and
 * the stock problems of the cart and of a list ordered into it name products in German
 * (issue 17, decisions 030 and 034).
 */
describe("gateway: saved lists and stock messages in the reader's language", () => {
  let h: GatewayHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await startGateway();
    for (const email of Object.values(USERS)) tokens[email] = await h.t.token(email);
  });
  afterAll(async () => h?.close());

  const de = (email: string) => ({ token: tokens[email]!, headers: { locale: "de_DE" } });

  async function german(variantCode: string) {
    const row = await h.t.db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.code", "v.product_code")
      .innerJoin("product_translations as pt", (j) =>
        j.onRef("pt.product_code", "=", "p.code").on("pt.locale", "=", "de"),
      )
      .leftJoin("product_variant_translations as vt", (j) =>
        j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", "de"),
      )
      .select(["p.name as en", "pt.name as de", "v.name as variantEn", "vt.name as variantDe"])
      .where("v.code", "=", variantCode)
      .executeTakeFirstOrThrow();
    expect(row.de).not.toBe(row.en);
    return { ...row, variant: row.variantDe ?? row.variantEn };
  }
  const setStock = (code: string, onHand: number) =>
    h.t.db
      .updateTable("product_variants")
      .set({ on_hand: onHand })
      .where("code", "=", code)
      .execute();

  it("answers stock problems of the cart with the German product name", async () => {
    const mint = await german("GLOW-MINI-MINT");
    const cart = dataOf(await h.run(StartCartDocument, {}, de(USERS.spaBuyer))).startCart;
    await setStock("GLOW-MINI-MINT", 0);
    const out = dataOf(
      await h.run(
        AddToCartDocument,
        { cartToken: cart.token, variantCode: "GLOW-MINI-MINT", quantity: 2 },
        de(USERS.spaBuyer),
      ),
    ).addToCart;
    expect(out.__typename).toBe("OutOfStockError");
    const message = (out as { message: string }).message;
    expect(message).toContain(`${mint.de} (${mint.variant})`);
    expect(message).not.toContain(mint.en);

    await setStock("GLOW-MINI-MINT", 3);
    const bulk = dataOf(
      await h.run(
        AddItemsToCartDocument,
        { cartToken: cart.token, items: [{ variantCode: "GLOW-MINI-MINT", quantity: 5 }] },
        de(USERS.spaBuyer),
      ),
    ).addItemsToCart;
    expect(bulk.__typename).not.toBe("Cart");
    const violations = (bulk as { violations: { message: string }[] }).violations;
    expect(violations[0]!.message).toContain(mint.de);

    const added = expectType(
      dataOf(
        await h.run(
          AddToCartDocument,
          { cartToken: cart.token, variantCode: "GLOW-MINI-MINT", quantity: 2 },
          de(USERS.spaBuyer),
        ),
      ).addToCart,
      "Cart",
    );
    const adjusted = dataOf(
      await h.run(
        AdjustCartItemDocument,
        { cartToken: cart.token, itemId: added.items[0]!.id, quantity: 9 },
        de(USERS.spaBuyer),
      ),
    ).adjustCartItem;
    expect(adjusted.__typename).not.toBe("Cart");
    expect((adjusted as { message: string }).message).toContain(mint.de);
    await setStock("GLOW-MINI-MINT", 500);
  });

  it("names saved lists' lines, and the lines a list could not put into the cart, in German", async () => {
    const serum = await german("FIRM-LIFT-SERUM-30ML");
    const pearl = await german("GLOW-MINI-PEARL");
    await setStock("GLOW-MINI-PEARL", 500);
    const created = expectType(
      dataOf(
        await h.run(
          CreateShoppingListDocument,
          {
            name: "Nachbestellung",
            items: [
              { variantCode: "FIRM-LIFT-SERUM-30ML", quantity: 2 },
              { variantCode: "GLOW-MINI-PEARL", quantity: 20 },
            ],
          },
          de(USERS.spaAdmin),
        ),
      ).createShoppingList,
      "ShoppingList",
    );
    expect(created.items.map((i) => [i.productName, i.variantName])).toEqual([
      [serum.de, serum.variant],
      [pearl.de, pearl.variant],
    ]);
    const { shoppingLists } = dataOf(await h.run(ShoppingListsDocument, {}, de(USERS.spaAdmin)));
    const names = shoppingLists.items.flatMap((l) => l.items.map((i) => i.productName));
    expect(names).toContain(serum.de);
    expect(names).not.toContain(serum.en);

    await setStock("GLOW-MINI-PEARL", 5);
    const ordered = expectType(
      dataOf(await h.run(OrderShoppingListDocument, { id: created.id }, de(USERS.spaAdmin)))
        .orderShoppingList,
      "ShoppingListOrdered",
    );
    expect(ordered.skipped.map((s) => s.variantCode)).toEqual(["GLOW-MINI-PEARL"]);
    expect(ordered.skipped[0]!.message).toContain(`${pearl.de} (${pearl.variant})`);
    expect(ordered.skipped[0]!.message).not.toContain(pearl.en);
    await setStock("GLOW-MINI-PEARL", 500);
  });
});

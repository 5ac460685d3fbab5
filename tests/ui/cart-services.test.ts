import { createActor, toPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { cartActors } from "../../src/app/cart.services";
import type { CartOperation } from "../../machines/cart.machine";
import type { CartFieldsFragment } from "../../src/lib/gql/graphql";
import type { GatewayRequest } from "../../src/lib/graphql-client";

/** A cart as the gateway answers it, with the fields these cases read. */
const cartOf = (token: string, quantities: number[]) =>
  ({
    __typename: "Cart",
    token,
    items: quantities.map((quantity, n) => ({ id: `${token}-${n}`, quantity })),
    payments: [{ id: `${token}-p`, methodCode: "invoice" }],
    shipments: [],
  }) as unknown as CartFieldsFragment;

const notFound = { __typename: "NotFoundError", message: "Not found.", violations: [] };

/**
 * A gateway over one cart in use (`active`): a change to another token answers NotFoundError,
 * as the server does for a cart deleted or ordered meanwhile; a change to an unknown line too.
 * Every operation asked is recorded with the token it named.
 */
function gateway(active: { cart: CartFieldsFragment | null; next: CartFieldsFragment }) {
  const asked: string[] = [];
  const request = (async (document: unknown, variables: Record<string, unknown> = {}) => {
    const name = /\b(?:query|mutation)\s+(\w+)/.exec(String(document))![1]!;
    asked.push(`${name} ${String(variables.cartToken ?? "")}`.trim());
    const cart = active.cart;
    const known = cart !== null && variables.cartToken === cart.token;
    switch (name) {
      case "ActiveCart":
        return { activeCart: cart };
      case "StartCart":
        active.cart = active.next;
        return { startCart: active.next };
      case "DeleteCart":
        if (!known) return { deleteCart: notFound };
        active.cart = null;
        return { deleteCart: { __typename: "Deleted", success: true } };
      case "AddToCart": {
        if (!known) return { addToCart: notFound };
        const grown = cartOf(cart.token, [
          ...cart.items.map((i) => i.quantity),
          Number(variables.quantity),
        ]);
        active.cart = grown;
        return { addToCart: grown };
      }
      case "RemoveCartItem":
        if (!known || !cart.items.some((i) => i.id === variables.itemId))
          return { removeCartItem: notFound };
        return { removeCartItem: cart };
      case "AdjustCartItem":
        if (!known || !cart.items.some((i) => i.id === variables.itemId))
          return { adjustCartItem: notFound };
        return { adjustCartItem: cart };
      default:
        throw new Error(`unexpected ${name}`);
    }
  }) as GatewayRequest;
  return { request, asked };
}

const apply = (
  request: GatewayRequest,
  cart: CartFieldsFragment | null,
  operation: CartOperation,
) =>
  toPromise(
    createActor(cartActors(request, () => "en").applyOperation, {
      input: { cart, operation },
    }).start(),
  );

describe("cart services: a cart deleted or ordered meanwhile (in another tab)", () => {
  const shown = cartOf("old", [2]);

  it("adds to the cart in use now, started afresh when there is none", async () => {
    const { request, asked } = gateway({ cart: null, next: cartOf("new", []) });
    const cart = await apply(request, shown, {
      kind: "add",
      variantCode: "GLOW-PRO",
      quantity: 3,
    });
    expect(cart).toMatchObject({ token: "new", items: [{ quantity: 3 }] });
    expect(asked).toEqual(["AddToCart old", "ActiveCart", "StartCart", "AddToCart new"]);
  });

  it("answers the cart in use now for a change to a line of the old one", async () => {
    const now = cartOf("other", [5]);
    for (const operation of [
      { kind: "remove", itemId: "old-0" },
      { kind: "adjust", itemId: "old-0", quantity: 4 },
    ] as const) {
      const { request } = gateway({ cart: now, next: cartOf("unused", []) });
      await expect(apply(request, shown, operation)).resolves.toBe(now);
    }
  });

  it("counts emptying a cart already deleted as done", async () => {
    const { request } = gateway({ cart: null, next: cartOf("unused", []) });
    await expect(apply(request, shown, { kind: "empty" })).resolves.toBeNull();
  });

  it("still refuses a line unknown to the cart that is still in use", async () => {
    const { request, asked } = gateway({ cart: shown, next: cartOf("unused", []) });
    await expect(
      apply(request, shown, { kind: "adjust", itemId: "gone", quantity: 4 }),
    ).rejects.toEqual({ detail: "Not found.", violations: [] });
    expect(asked).toEqual(["AdjustCartItem old", "ActiveCart"]);
  });
});

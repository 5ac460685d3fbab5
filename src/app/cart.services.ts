import { fromPromise } from "xstate";
import type { CartLike, CartOperation } from "../../machines/cart.machine";
import {
  ActiveCartDocument,
  AddItemsToCartDocument,
  AddToCartDocument,
  AdjustCartItemDocument,
  DeleteCartDocument,
  RemoveCartItemDocument,
  SetShippingMethodDocument,
  StartCartDocument,
  type CartFieldsFragment,
} from "../lib/gql/graphql";
import { apiLocale } from "../lib/locale";
import { gatewayErrorDetail, type GatewayRequest } from "../lib/graphql-client";

/** A change the server refused: `detail` is its message in the user's language. */
export class CartError extends Error {
  constructor(readonly detail: string | null) {
    super(detail ?? "cart change refused");
  }
}

type Result = { __typename: string; message?: string | null } & Partial<CartFieldsFragment>;

/** The cart of a mutation's result union, or the error member's message thrown. */
function cartOf(result: Result): CartFieldsFragment {
  if (result.__typename === "Cart") return result as CartFieldsFragment;
  throw new CartError(result.message || null);
}

/** Gateway failures (network, 5xx) keep the server's detail when it sent one. */
async function withDetail<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CartError) throw error;
    console.error(error);
    throw new CartError(gatewayErrorDetail(error));
  }
}

/** The cart machine's actors, calling the gateway in the user's language. */
export function cartActors(request: GatewayRequest, language: () => string) {
  const startCart = async () =>
    (await request(StartCartDocument, { localeCode: apiLocale(language()) })).startCart;
  const findCart = async (): Promise<CartFieldsFragment> =>
    (await request(ActiveCartDocument, {})).activeCart ?? (await startCart());

  async function apply(
    cart: CartFieldsFragment | null,
    operation: CartOperation,
  ): Promise<CartFieldsFragment | null> {
    if (operation.kind === "empty") {
      if (!cart) return null;
      const { deleteCart } = await request(DeleteCartDocument, { cartToken: cart.token });
      if (deleteCart.__typename !== "Deleted") throw new CartError(deleteCart.message || null);
      return null;
    }
    const current = cart ?? (await findCart());
    const cartToken = current.token;
    switch (operation.kind) {
      case "add":
        return cartOf(
          (
            await request(AddToCartDocument, {
              cartToken,
              variantCode: operation.variantCode,
              quantity: operation.quantity,
            })
          ).addToCart,
        );
      case "bulkAdd":
        return cartOf(
          (await request(AddItemsToCartDocument, { cartToken, items: [...operation.items] }))
            .addItemsToCart,
        );
      case "adjust":
        return cartOf(
          (
            await request(AdjustCartItemDocument, {
              cartToken,
              itemId: operation.itemId,
              quantity: operation.quantity,
            })
          ).adjustCartItem,
        );
      case "remove":
        return cartOf(
          (await request(RemoveCartItemDocument, { cartToken, itemId: operation.itemId }))
            .removeCartItem,
        );
    }
  }

  return {
    findCart: fromPromise<CartLike | null>(() => withDetail(findCart)),
    applyOperation: fromPromise<
      CartLike | null,
      { cart: CartLike | null; operation: CartOperation }
    >(({ input }) =>
      withDetail(() => apply(input.cart as CartFieldsFragment | null, input.operation)),
    ),
    resetShipment: fromPromise<CartLike, { cart: CartLike }>(({ input }) =>
      withDetail(async () => {
        const shipment = input.cart.shipments[0]!;
        return cartOf(
          (
            await request(SetShippingMethodDocument, {
              cartToken: input.cart.token,
              shipmentId: shipment.id,
              methodCode: shipment.methodCode,
            })
          ).setShippingMethod,
        );
      }),
    ),
  };
}

import { fromPromise } from "xstate";
import type { CartLike, CartOperation } from "../../machines/cart.machine";
import {
  ActiveCartDocument,
  AddItemsToCartDocument,
  AddToCartDocument,
  AdjustCartItemDocument,
  ApplyCouponDocument,
  DeleteCartDocument,
  RemoveCartItemDocument,
  RemoveCouponDocument,
  SetCartAddressesDocument,
  SetOrderNoteDocument,
  SetPaymentMethodDocument,
  SetPurchaseOrderNumberDocument,
  SetShippingMethodDocument,
  ShippingMethodsDocument,
  StartCartDocument,
  type CartFieldsFragment,
} from "../lib/gql/graphql";
import { apiLocale } from "../lib/locale";
import { call, successOf, type Refusal } from "../lib/gateway-result";
import type { GatewayRequest } from "../lib/graphql-client";

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
      successOf(deleteCart, "Deleted");
      return null;
    }
    const current = cart ?? (await findCart());
    const cartToken = current.token;
    switch (operation.kind) {
      case "add":
        return successOf(
          (
            await request(AddToCartDocument, {
              cartToken,
              variantCode: operation.variantCode,
              quantity: operation.quantity,
            })
          ).addToCart,
          "Cart",
        );
      case "bulkAdd":
        return successOf(
          (await request(AddItemsToCartDocument, { cartToken, items: [...operation.items] }))
            .addItemsToCart,
          "Cart",
        );
      case "adjust":
        return successOf(
          (
            await request(AdjustCartItemDocument, {
              cartToken,
              itemId: operation.itemId,
              quantity: operation.quantity,
            })
          ).adjustCartItem,
          "Cart",
        );
      case "remove":
        return successOf(
          (await request(RemoveCartItemDocument, { cartToken, itemId: operation.itemId }))
            .removeCartItem,
          "Cart",
        );
      case "applyCoupon":
        return successOf(
          (await request(ApplyCouponDocument, { cartToken, code: operation.code })).applyCoupon,
          "Cart",
        );
      case "removeCoupon":
        return successOf((await request(RemoveCouponDocument, { cartToken })).removeCoupon, "Cart");
      case "setAddresses":
        return successOf(
          (
            await request(SetCartAddressesDocument, {
              cartToken,
              shippingAddressId: operation.shippingAddressId,
              billingAddressId: operation.billingAddressId,
            })
          ).setCartAddresses,
          "Cart",
        );
      case "setPaymentMethod": {
        const payment = current.payments[0];
        if (!payment) throw { detail: null, violations: [] } satisfies Refusal;
        return successOf(
          (
            await request(SetPaymentMethodDocument, {
              cartToken,
              paymentId: payment.id,
              methodCode: operation.code,
            })
          ).setPaymentMethod,
          "Cart",
        );
      }
      case "setNote":
        return successOf(
          (await request(SetOrderNoteDocument, { cartToken, note: operation.note })).setOrderNote,
          "Cart",
        );
      case "setPoNumber":
        return successOf(
          (
            await request(SetPurchaseOrderNumberDocument, {
              cartToken,
              poNumber: operation.poNumber,
            })
          ).setPurchaseOrderNumber,
          "Cart",
        );
    }
  }

  return {
    findCart: fromPromise<CartLike | null>(() => call(findCart)),
    applyOperation: fromPromise<
      CartLike | null,
      { cart: CartLike | null; operation: CartOperation }
    >(({ input }) => call(() => apply(input.cart as CartFieldsFragment | null, input.operation))),
    loadShippingMethods: fromPromise<readonly string[]>(() =>
      call(async () =>
        (await request(ShippingMethodsDocument, {})).shippingMethods.map((m) => m.code),
      ),
    ),
    setShippingMethod: fromPromise<CartLike, { cart: CartLike; methodCode: string }>(({ input }) =>
      call(async () =>
        successOf(
          (
            await request(SetShippingMethodDocument, {
              cartToken: input.cart.token,
              shipmentId: input.cart.shipments[0]!.id,
              methodCode: input.methodCode,
            })
          ).setShippingMethod,
          "Cart",
        ),
      ),
    ),
  };
}

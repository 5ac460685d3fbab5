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
  type AddItemsToCartMutation,
  type AddToCartMutation,
  type AdjustCartItemMutation,
  type ApplyCouponMutation,
  type CartFieldsFragment,
  type RemoveCartItemMutation,
  type RemoveCouponMutation,
  type SetCartAddressesMutation,
  type SetOrderNoteMutation,
  type SetPaymentMethodMutation,
  type SetPurchaseOrderNumberMutation,
} from "../lib/gql/graphql";
import { apiLocale } from "../lib/locale";
import { call, successOf, type Refusal } from "../lib/gateway-result";
import type { GatewayRequest } from "../lib/graphql-client";

/** What a change of the cart answers: the cart, or the error member of its result union. */
type CartResult =
  | AddToCartMutation["addToCart"]
  | AddItemsToCartMutation["addItemsToCart"]
  | AdjustCartItemMutation["adjustCartItem"]
  | RemoveCartItemMutation["removeCartItem"]
  | ApplyCouponMutation["applyCoupon"]
  | RemoveCouponMutation["removeCoupon"]
  | SetCartAddressesMutation["setCartAddresses"]
  | SetPaymentMethodMutation["setPaymentMethod"]
  | SetOrderNoteMutation["setOrderNote"]
  | SetPurchaseOrderNumberMutation["setPurchaseOrderNumber"];

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
      // Deleted meanwhile (in another tab): the cart is as empty as asked.
      if (deleteCart.__typename !== "NotFoundError") successOf(deleteCart, "Deleted");
      return null;
    }
    const current = cart ?? (await findCart());
    const result = await send(current, operation);
    if (
      cart &&
      (result.__typename === "NotFoundError" || result.__typename === "OrderStateError")
    ) {
      // The cart shown may have been deleted or ordered meanwhile (in another tab): the change
      // goes to the cart in use now, found or started afresh. A line of the old cart went with
      // it, so a change to one answers the cart as it is now.
      const now = await findCart();
      if (now.token !== cart.token) {
        if (operation.kind === "adjust" || operation.kind === "remove") return now;
        return successOf(await send(now, operation), "Cart");
      }
    }
    return successOf(result, "Cart");
  }

  /** One change sent to the gateway for `current`: its result union, as answered. */
  async function send(
    current: CartFieldsFragment,
    operation: Exclude<CartOperation, { kind: "empty" }>,
  ): Promise<CartResult> {
    const cartToken = current.token;
    switch (operation.kind) {
      case "add":
        return (
          await request(AddToCartDocument, {
            cartToken,
            variantCode: operation.variantCode,
            quantity: operation.quantity,
            ...(operation.upToStock ? { upToStock: true } : {}),
          })
        ).addToCart;
      case "bulkAdd":
        return (await request(AddItemsToCartDocument, { cartToken, items: [...operation.items] }))
          .addItemsToCart;
      case "adjust":
        return (
          await request(AdjustCartItemDocument, {
            cartToken,
            itemId: operation.itemId,
            quantity: operation.quantity,
          })
        ).adjustCartItem;
      case "remove":
        return (await request(RemoveCartItemDocument, { cartToken, itemId: operation.itemId }))
          .removeCartItem;
      case "applyCoupon":
        return (await request(ApplyCouponDocument, { cartToken, code: operation.code }))
          .applyCoupon;
      case "removeCoupon":
        return (await request(RemoveCouponDocument, { cartToken })).removeCoupon;
      case "setAddresses":
        return (
          await request(SetCartAddressesDocument, {
            cartToken,
            shippingAddressId: operation.shippingAddressId,
            billingAddressId: operation.billingAddressId,
          })
        ).setCartAddresses;
      case "setPaymentMethod": {
        const payment = current.payments[0];
        if (!payment) throw { detail: null, violations: [] } satisfies Refusal;
        return (
          await request(SetPaymentMethodDocument, {
            cartToken,
            paymentId: payment.id,
            methodCode: operation.code,
          })
        ).setPaymentMethod;
      }
      case "setNote":
        return (await request(SetOrderNoteDocument, { cartToken, note: operation.note }))
          .setOrderNote;
      case "setPoNumber":
        return (
          await request(SetPurchaseOrderNumberDocument, {
            cartToken,
            poNumber: operation.poNumber,
          })
        ).setPurchaseOrderNumber;
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

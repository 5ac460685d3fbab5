import { fromPromise } from "xstate";
import type {
  CheckoutAddress,
  CheckoutCart,
  CheckoutCustomer,
  CheckoutFailure,
  CheckoutPaymentMethod,
} from "../../../machines/checkout.machine";
import { call, successOf, type ResultUnion } from "../../lib/gateway-result";
import type { GatewayRequest } from "../../lib/graphql-client";
import {
  ActiveCartDocument,
  AddressesDocument,
  AdjustCartItemDocument,
  ApplyCouponDocument,
  CompleteOrderDocument,
  DeleteCartDocument,
  MeDocument,
  PaymentMethodsDocument,
  RemoveCartItemDocument,
  RemoveCouponDocument,
  SetCartAddressesDocument,
  SetOrderNoteDocument,
  SetPaymentMethodDocument,
  SetPurchaseOrderNumberDocument,
  type AddressesQuery,
  type CartFieldsFragment,
  type PaymentMethodsQuery,
} from "../../lib/gql/graphql";

export type Cart = CartFieldsFragment;
export type Address = AddressesQuery["addresses"][number];
export type PaymentMethod = PaymentMethodsQuery["paymentMethods"][number];

const asCart = (cart: CheckoutCart) => cart as Cart;

/** The checkout machine's actors, calling the gateway; `refreshCart` asks the app's cart actor. */
export function checkoutActors(request: GatewayRequest, refreshCart: () => Promise<void>) {
  const cartMutation =
    <I extends { cart: CheckoutCart }>(run: (input: I, token: string) => Promise<ResultUnion>) =>
    ({ input }: { input: I }) =>
      call(async () => successOf(await run(input, asCart(input.cart).token), "Cart") as Cart);
  return {
    loadCheckout: fromPromise<{ customer: CheckoutCustomer; cart: CheckoutCart | null }>(() =>
      call(async () => {
        const [{ me }, { activeCart }] = await Promise.all([
          request(MeDocument, {}),
          request(ActiveCartDocument, {}),
        ]);
        if (!me) throw { detail: null, violations: [] } satisfies CheckoutFailure;
        return { customer: me, cart: activeCart };
      }),
    ),
    adjustItem: fromPromise<CheckoutCart, { cart: CheckoutCart; itemId: string; quantity: number }>(
      cartMutation(
        async (i, cartToken) =>
          (
            await request(AdjustCartItemDocument, {
              cartToken,
              itemId: i.itemId,
              quantity: i.quantity,
            })
          ).adjustCartItem,
      ),
    ),
    removeItem: fromPromise<CheckoutCart, { cart: CheckoutCart; itemId: string }>(
      cartMutation(
        async (i, cartToken) =>
          (await request(RemoveCartItemDocument, { cartToken, itemId: i.itemId })).removeCartItem,
      ),
    ),
    deleteCart: fromPromise<void, { cart: CheckoutCart }>(({ input }) =>
      call(async () => {
        const { deleteCart } = await request(DeleteCartDocument, { cartToken: input.cart.token });
        successOf(deleteCart, "Deleted");
      }),
    ),
    applyCoupon: fromPromise<CheckoutCart, { cart: CheckoutCart; code: string }>(
      cartMutation(
        async (i, cartToken) =>
          (await request(ApplyCouponDocument, { cartToken, code: i.code })).applyCoupon,
      ),
    ),
    removeCoupon: fromPromise<CheckoutCart, { cart: CheckoutCart }>(
      cartMutation(
        async (_, cartToken) => (await request(RemoveCouponDocument, { cartToken })).removeCoupon,
      ),
    ),
    loadAddresses: fromPromise<CheckoutAddress[]>(() =>
      call(async () => (await request(AddressesDocument, {})).addresses),
    ),
    setAddresses: fromPromise<
      CheckoutCart,
      { cart: CheckoutCart; shippingAddressId: string; billingAddressId: string | null }
    >(
      cartMutation(
        async (i, cartToken) =>
          (
            await request(SetCartAddressesDocument, {
              cartToken,
              shippingAddressId: i.shippingAddressId,
              billingAddressId: i.billingAddressId,
            })
          ).setCartAddresses,
      ),
    ),
    loadPaymentMethods: fromPromise<CheckoutPaymentMethod[]>(() =>
      call(async () => (await request(PaymentMethodsDocument, {})).paymentMethods),
    ),
    setPaymentMethod: fromPromise<CheckoutCart, { cart: CheckoutCart; code: string }>(
      cartMutation(async (i, cartToken) => {
        const payment = asCart(i.cart).payments[0];
        if (!payment) throw { detail: null, violations: [] } satisfies CheckoutFailure;
        return (
          await request(SetPaymentMethodDocument, {
            cartToken,
            paymentId: payment.id,
            methodCode: i.code,
          })
        ).setPaymentMethod;
      }),
    ),
    saveNote: fromPromise<CheckoutCart, { cart: CheckoutCart; note: string }>(
      cartMutation(
        async (i, cartToken) =>
          (await request(SetOrderNoteDocument, { cartToken, note: i.note })).setOrderNote,
      ),
    ),
    savePoNumber: fromPromise<CheckoutCart, { cart: CheckoutCart; poNumber: string }>(
      cartMutation(
        async (i, cartToken) =>
          (await request(SetPurchaseOrderNumberDocument, { cartToken, poNumber: i.poNumber }))
            .setPurchaseOrderNumber,
      ),
    ),
    completeOrder: fromPromise<{ orderNumber: string }, { cart: CheckoutCart; key: string }>(
      ({ input }) =>
        call(async () => {
          const { completeOrder } = await request(CompleteOrderDocument, {
            cartToken: input.cart.token,
            idempotencyKey: input.key,
          });
          const order = successOf(completeOrder, "Order");
          return { orderNumber: order.number ?? "" };
        }),
    ),
    refreshCart: fromPromise<void>(() => refreshCart()),
  };
}

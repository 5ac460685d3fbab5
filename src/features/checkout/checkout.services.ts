import { fromPromise } from "xstate";
import type {
  CheckoutAddress,
  CheckoutCart,
  CheckoutCustomer,
  CheckoutFailure,
  CheckoutPaymentMethod,
} from "../../../machines/checkout.machine";
import { call, successOf } from "../../lib/gateway-result";
import type { GatewayRequest } from "../../lib/graphql-client";
import type { CartOperation } from "../../../machines/cart.machine";
import {
  ActiveCartDocument,
  AddressesDocument,
  CompleteOrderDocument,
  MeDocument,
  PaymentMethodsDocument,
  type AddressesQuery,
  type CartFieldsFragment,
  type PaymentMethodsQuery,
} from "../../lib/gql/graphql";

export type Cart = CartFieldsFragment;
export type Address = AddressesQuery["addresses"][number];
export type PaymentMethod = PaymentMethodsQuery["paymentMethods"][number];

/**
 * The checkout machine's actors: reads through the gateway; every change of the cart through
 * the cart actor (`changeCart`, src/lib/cart.tsx), its one owner; `refreshCart` asks the cart
 * actor to read the cart again.
 */
export function checkoutActors(
  request: GatewayRequest,
  changeCart: (operation: CartOperation) => Promise<CheckoutCart | null>,
  refreshCart: () => Promise<void>,
) {
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
    changeCart: fromPromise<CheckoutCart | null, { operation: CartOperation }>(({ input }) =>
      changeCart(input.operation),
    ),
    loadAddresses: fromPromise<CheckoutAddress[]>(() =>
      call(async () => (await request(AddressesDocument, {})).addresses),
    ),
    loadPaymentMethods: fromPromise<CheckoutPaymentMethod[]>(() =>
      call(async () => (await request(PaymentMethodsDocument, {})).paymentMethods),
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

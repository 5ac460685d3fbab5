import type { Resolvers } from "./generated/resolvers-types.js";
import { addItemsToCart } from "./resolvers/mutation/add-items-to-cart.js";
import { addToCart } from "./resolvers/mutation/add-to-cart.js";
import { adjustCartItem } from "./resolvers/mutation/adjust-cart-item.js";
import { applyCoupon } from "./resolvers/mutation/apply-coupon.js";
import { completeOrder } from "./resolvers/mutation/complete-order.js";
import { deleteCart } from "./resolvers/mutation/delete-cart.js";
import { removeCartItem } from "./resolvers/mutation/remove-cart-item.js";
import { removeCoupon } from "./resolvers/mutation/remove-coupon.js";
import { setCartAddresses } from "./resolvers/mutation/set-cart-addresses.js";
import { setOrderNote } from "./resolvers/mutation/set-order-note.js";
import { setPaymentMethod } from "./resolvers/mutation/set-payment-method.js";
import { setShippingMethod } from "./resolvers/mutation/set-shipping-method.js";
import { signIn } from "./resolvers/mutation/sign-in.js";
import { startCart } from "./resolvers/mutation/start-cart.js";
import { related } from "./resolvers/product/related.js";
import { activeCart } from "./resolvers/query/active-cart.js";
import { addresses } from "./resolvers/query/addresses.js";
import { channel } from "./resolvers/query/channel.js";
import { countries } from "./resolvers/query/countries.js";
import { health } from "./resolvers/query/health.js";
import { me } from "./resolvers/query/me.js";
import { navigation } from "./resolvers/query/navigation.js";
import { order } from "./resolvers/query/order.js";
import { orders } from "./resolvers/query/orders.js";
import { paymentMethods } from "./resolvers/query/payment-methods.js";
import { product } from "./resolvers/query/product.js";
import { products } from "./resolvers/query/products.js";
import { shippingMethods } from "./resolvers/query/shipping-methods.js";
import { taxon } from "./resolvers/query/taxon.js";
import { children } from "./resolvers/taxon/children.js";
import { products as taxonProducts } from "./resolvers/taxon/products.js";

/**
 * Every resolver, one per file. Fields without a resolver read the model's property; union
 * and interface members are told apart by the `__typename` every result carries.
 */
export const resolvers = {
  Query: {
    health,
    me,
    channel,
    navigation,
    taxon,
    products,
    product,
    countries,
    addresses,
    paymentMethods,
    shippingMethods,
    activeCart,
    order,
    orders,
  },
  Mutation: {
    signIn,
    startCart,
    addToCart,
    addItemsToCart,
    adjustCartItem,
    removeCartItem,
    deleteCart,
    setCartAddresses,
    applyCoupon,
    removeCoupon,
    setOrderNote,
    setShippingMethod,
    setPaymentMethod,
    completeOrder,
  },
  Product: { related },
  Taxon: { children, products: taxonProducts },
} satisfies Resolvers;

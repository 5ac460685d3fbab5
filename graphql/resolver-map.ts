import type { Resolvers } from "./generated/resolvers-types.js";
import { addItemsToCart } from "./resolvers/mutation/add-items-to-cart.js";
import { addToCart } from "./resolvers/mutation/add-to-cart.js";
import { adjustCartItem } from "./resolvers/mutation/adjust-cart-item.js";
import { applyCoupon } from "./resolvers/mutation/apply-coupon.js";
import { completeOrder } from "./resolvers/mutation/complete-order.js";
import { createShoppingList } from "./resolvers/mutation/create-shopping-list.js";
import { deleteCart } from "./resolvers/mutation/delete-cart.js";
import { deleteShoppingList } from "./resolvers/mutation/delete-shopping-list.js";
import { orderShoppingList } from "./resolvers/mutation/order-shopping-list.js";
import { removeCartItem } from "./resolvers/mutation/remove-cart-item.js";
import { removeCoupon } from "./resolvers/mutation/remove-coupon.js";
import { setCartAddresses } from "./resolvers/mutation/set-cart-addresses.js";
import { setOrderNote } from "./resolvers/mutation/set-order-note.js";
import { setPoNumberRequired } from "./resolvers/mutation/set-po-number-required.js";
import { setSpendingLimits } from "./resolvers/mutation/set-spending-limits.js";
import { approveOrder, rejectOrder } from "./resolvers/mutation/decide-order.js";
import { approvals } from "./resolvers/query/approvals.js";
import { setPurchaseOrderNumber } from "./resolvers/mutation/set-purchase-order-number.js";
import { setPaymentMethod } from "./resolvers/mutation/set-payment-method.js";
import { setShippingMethod } from "./resolvers/mutation/set-shipping-method.js";
import { signIn } from "./resolvers/mutation/sign-in.js";
import { signOut } from "./resolvers/mutation/sign-out.js";
import { setPreferredLanguage } from "./resolvers/mutation/set-preferred-language.js";
import { startCart } from "./resolvers/mutation/start-cart.js";
import { parentOrderNumber } from "./resolvers/order/parent-order-number.js";
import { mainTaxon } from "./resolvers/product/main-taxon.js";
import { related } from "./resolvers/product/related.js";
import { activeCart } from "./resolvers/query/active-cart.js";
import { addresses } from "./resolvers/query/addresses.js";
import { channel } from "./resolvers/query/channel.js";
import { contractPrices } from "./resolvers/query/contract-prices.js";
import { countries } from "./resolvers/query/countries.js";
import { registrationCountries } from "./resolvers/query/registration-countries.js";
import { health } from "./resolvers/query/health.js";
import { me } from "./resolvers/query/me.js";
import { navigation } from "./resolvers/query/navigation.js";
import { order } from "./resolvers/query/order.js";
import { orders } from "./resolvers/query/orders.js";
import { paymentMethods } from "./resolvers/query/payment-methods.js";
import { product } from "./resolvers/query/product.js";
import { productVariants } from "./resolvers/query/product-variants.js";
import { stockCheck } from "./resolvers/query/stock-check.js";
import { quickOrderLines } from "./resolvers/query/quick-order-lines.js";
import { quickOrderPaste } from "./resolvers/query/quick-order-paste.js";
import { products } from "./resolvers/query/products.js";
import { shippingMethods } from "./resolvers/query/shipping-methods.js";
import { shoppingLists } from "./resolvers/query/shopping-lists.js";
import { taxon } from "./resolvers/query/taxon.js";
import { children } from "./resolvers/taxon/children.js";
import { products as taxonProducts } from "./resolvers/taxon/products.js";
import { changeCompanyUserRole } from "./resolvers/mutation/change-company-user-role.js";
import { changePassword } from "./resolvers/mutation/change-password.js";
import { createAddress } from "./resolvers/mutation/create-address.js";
import { deleteAddress } from "./resolvers/mutation/delete-address.js";
import { inviteCompanyUser } from "./resolvers/mutation/invite-company-user.js";
import { registerTeamMember } from "./resolvers/mutation/register-team-member.js";
import { confirmEmailChange } from "./resolvers/mutation/confirm-email-change.js";
import { registerPartner } from "./resolvers/mutation/register-partner.js";
import { removeCompanyUser } from "./resolvers/mutation/remove-company-user.js";
import { setDefaultShippingAddress } from "./resolvers/mutation/set-default-shipping-address.js";
import { updateAddress } from "./resolvers/mutation/update-address.js";
import { updateMyInformation } from "./resolvers/mutation/update-my-information.js";
import { companyDetails } from "./resolvers/query/company-details.js";
import { companyUsers } from "./resolvers/query/company-users.js";
import { teamInvitation } from "./resolvers/query/team-invitation.js";
import { cardPaymentSetup } from "./resolvers/query/card-payment-setup.js";
import { cardPaymentOutcome } from "./resolvers/query/card-payment-outcome.js";
import { submitCardPayment } from "./resolvers/mutation/submit-card-payment.js";
import { submitCardPaymentDetails } from "./resolvers/mutation/submit-card-payment-details.js";

/**
 * Every resolver, one per file. Fields without a resolver read the model's property; union
 * and interface members are told apart by the `__typename` every result carries.
 */
export const resolvers = {
  Query: {
    companyDetails,
    companyUsers,
    approvals,
    teamInvitation,
    health,
    me,
    channel,
    navigation,
    taxon,
    products,
    product,
    countries,
    registrationCountries,
    addresses,
    paymentMethods,
    shippingMethods,
    activeCart,
    order,
    orders,
    // Account area: order history extras, contract prices, saved lists.
    productVariants,
    stockCheck,
    quickOrderLines,
    quickOrderPaste,
    contractPrices,
    shoppingLists,
    // Card payments.
    cardPaymentSetup,
    cardPaymentOutcome,
  },
  Mutation: {
    setSpendingLimits,
    approveOrder,
    rejectOrder,
    updateMyInformation,
    changePassword,
    inviteCompanyUser,
    changeCompanyUserRole,
    removeCompanyUser,
    createAddress,
    updateAddress,
    deleteAddress,
    setDefaultShippingAddress,
    registerTeamMember,
    confirmEmailChange,
    registerPartner,
    signIn,
    signOut,
    setPreferredLanguage,
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
    setPurchaseOrderNumber,
    setPoNumberRequired,
    setShippingMethod,
    setPaymentMethod,
    completeOrder,
    createShoppingList,
    deleteShoppingList,
    orderShoppingList,
    submitCardPayment,
    submitCardPaymentDetails,
  },
  Order: { parentOrderNumber },
  Product: { related, mainTaxon },
  Taxon: { children, products: taxonProducts },
} satisfies Resolvers;

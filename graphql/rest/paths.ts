/**
 * Every REST path the gateway calls: one home (issue 20), so a path the server moves is changed
 * here once. IRIs sent inside bodies are built by `iri` (./iri.ts).
 */
const API = "/api/v2";
const SHOP = `${API}/shop`;
const seg = encodeURIComponent;

export const paths = {
  health: "/health",

  // The session, the caller and the company's people and places.
  signIn: `${SHOP}/customers/token`,
  customer: (id: string) => `${SHOP}/customers/${seg(id)}`,
  /** The language the caller works in (decision 053): their mails follow it. */
  customerLanguage: (id: string) => `${SHOP}/customers/${seg(id)}/language`,
  customerPassword: (id: string) => `${SHOP}/customers/${seg(id)}/password`,
  defaultShipping: (id: string) => `${SHOP}/customers/${seg(id)}/default-shipping-address`,
  emailChange: (token: string) => `${SHOP}/email-changes/${seg(token)}`,
  shopUsers: `${SHOP}/shop-users`,
  shopUser: (id: string) => `${SHOP}/shop-users/${seg(id)}`,
  spendingLimits: (id: string) => `${SHOP}/shop-users/${seg(id)}/spending-limits`,
  /** Orders awaiting an ADMIN's approval and the decision on one (decision 043). */
  approvals: `${SHOP}/approvals`,
  approve: (token: string) => `${SHOP}/approvals/${seg(token)}/approve`,
  reject: (token: string) => `${SHOP}/approvals/${seg(token)}/reject`,
  addresses: `${SHOP}/addresses`,
  address: (id: string) => `${SHOP}/addresses/${seg(id)}`,
  registerTeamMember: `${API}/team-members/register`,
  teamInvitation: (token: string) => `${API}/team-members/invitations/${seg(token)}`,
  /** The partner application form (account spec section 7). */
  partnerApplication: "/form/customer",

  // Reference data and the catalogue.
  channels: `${SHOP}/channels`,
  countries: `${SHOP}/countries`,
  paymentMethods: `${SHOP}/payment-methods`,
  shippingMethods: `${SHOP}/shipping-methods`,
  taxons: `${SHOP}/taxons`,
  taxon: (code: string) => `${SHOP}/taxons/${seg(code)}`,
  products: `${SHOP}/products`,
  product: (code: string) => `${SHOP}/products/${seg(code)}`,
  variants: `${SHOP}/product-variants`,
  contractPrices: `${SHOP}/contract-prices`,

  // Carts and orders.
  orders: `${SHOP}/orders`,
  order: (token: string) => `${SHOP}/orders/${seg(token)}`,
  orderItems: (token: string) => `${SHOP}/orders/${seg(token)}/items`,
  orderItemsBulk: (token: string) => `${SHOP}/orders/${seg(token)}/items-bulk`,
  stockCheck: `${SHOP}/stock-check`,
  orderItem: (token: string, id: string) => `${SHOP}/orders/${seg(token)}/items/${seg(id)}`,
  orderShipment: (token: string, id: string) => `${SHOP}/orders/${seg(token)}/shipments/${seg(id)}`,
  orderPayment: (token: string, id: string) => `${SHOP}/orders/${seg(token)}/payments/${seg(id)}`,
  orderComplete: (token: string) => `${SHOP}/orders/${seg(token)}/complete`,
  quickOrderCheck: `${SHOP}/quick-order/check`,
  quickOrderPaste: `${SHOP}/quick-order/paste`,

  // Card payments (the REST setup answers the same paths).
  cardPayment: (methodCode: string, orderToken: string) =>
    `${SHOP}/payment/adyen/${seg(methodCode)}/${seg(orderToken)}`,
  cardPaymentDetails: (methodCode: string) => `${SHOP}/payment/adyen/${seg(methodCode)}/details`,

  // Saved lists.
  shoppingLists: `${API}/shopping-lists`,
  shoppingList: (id: string) => `${API}/shopping-lists/${seg(id)}`,
  orderShoppingList: (id: string) => `${API}/shopping-lists/${seg(id)}/order`,
};

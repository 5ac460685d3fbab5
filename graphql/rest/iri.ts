/**
 * The REST API names resources by IRI. The gateway builds the IRIs it must send and reads ids
 * and codes out of the ones it receives, so the UI only ever deals with codes, ids and tokens.
 */
const SHOP = "/api/v2/shop";
const seg = encodeURIComponent;

export const iri = {
  variant: (code: string) => `${SHOP}/product-variants/${seg(code)}`,
  address: (id: string) => `${SHOP}/addresses/${seg(id)}`,
  paymentMethod: (code: string) => `${SHOP}/payment-methods/${seg(code)}`,
  shippingMethod: (code: string) => `${SHOP}/shipping-methods/${seg(code)}`,
};

/** REST paths the gateway calls. */
export const paths = {
  health: "/health",
  signIn: `${SHOP}/customers/token`,
  customer: (id: string) => `${SHOP}/customers/${seg(id)}`,
  channels: `${SHOP}/channels`,
  countries: `${SHOP}/countries`,
  addresses: `${SHOP}/addresses`,
  paymentMethods: `${SHOP}/payment-methods`,
  shippingMethods: `${SHOP}/shipping-methods`,
  taxons: `${SHOP}/taxons`,
  taxon: (code: string) => `${SHOP}/taxons/${seg(code)}`,
  products: `${SHOP}/products`,
  product: (code: string) => `${SHOP}/products/${seg(code)}`,
  orders: `${SHOP}/orders`,
  order: (token: string) => `${SHOP}/orders/${seg(token)}`,
  orderItems: (token: string) => `${SHOP}/orders/${seg(token)}/items`,
  orderItemsBulk: (token: string) => `${SHOP}/orders/${seg(token)}/items-bulk`,
  orderItem: (token: string, id: string) => `${SHOP}/orders/${seg(token)}/items/${seg(id)}`,
  orderShipment: (token: string, id: string) => `${SHOP}/orders/${seg(token)}/shipments/${seg(id)}`,
  orderPayment: (token: string, id: string) => `${SHOP}/orders/${seg(token)}/payments/${seg(id)}`,
  orderComplete: (token: string) => `${SHOP}/orders/${seg(token)}/complete`,
};

/** The last path segment of an IRI (its id or code); null for null. */
export function idOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  // Called for every IRI of every answer: slices instead of split/replace/pop.
  let end = value.indexOf("?");
  if (end < 0) end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 47 /* "/" */) end--;
  const last = value.slice(value.lastIndexOf("/", end - 1) + 1, end);
  if (!last.includes("%")) return last;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Like idOf, for values the REST API always sends. */
export function requiredIdOf(value: string): string {
  return idOf(value) ?? "";
}

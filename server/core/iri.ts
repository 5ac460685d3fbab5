/** IRIs of the shop API's resources (REST-CONVENTIONS.md). */
const base = "/api/v2/shop";
const seg = encodeURIComponent;

export const iri = {
  product: (code: string) => `${base}/products/${seg(code)}`,
  variant: (code: string) => `${base}/product-variants/${seg(code)}`,
  taxon: (code: string) => `${base}/taxons/${seg(code)}`,
  order: (token: string) => `${base}/orders/${seg(token)}`,
  orderItem: (token: string, id: number) => `${base}/orders/${seg(token)}/items/${id}`,
  payment: (id: number) => `${base}/payments/${id}`,
  shipment: (id: number) => `${base}/shipments/${id}`,
  customer: (id: number) => `${base}/customers/${id}`,
  shopUser: (id: number) => `${base}/shop-users/${id}`,
  address: (id: number) => `${base}/addresses/${id}`,
  country: (code: string) => `${base}/countries/${seg(code)}`,
  province: (code: string) => `${base}/provinces/${seg(code)}`,
  channel: (code: string) => `${base}/channels/${seg(code)}`,
  currency: (code: string) => `${base}/currencies/${seg(code)}`,
  paymentMethod: (code: string) => `${base}/payment-methods/${seg(code)}`,
  shippingMethod: (code: string) => `${base}/shipping-methods/${seg(code)}`,
};

/**
 * The identifier a reference points at: its last path segment when it is an IRI of the
 * expected collection, or the value itself when a bare code is sent. Anything else is undefined.
 */
export function idFromReference(value: unknown, collection: string): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 512) return undefined;
  if (!value.includes("/")) return value;
  const prefix = `${base}/${collection}/`;
  if (!value.startsWith(prefix)) return undefined;
  const rest = value.slice(prefix.length);
  if (rest.length === 0 || rest.includes("/")) return undefined;
  try {
    return decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}

export interface Collection<T> {
  "hydra:member": T[];
  "hydra:totalItems": number;
}

export function collection<T>(members: T[], total = members.length): Collection<T> {
  return { "hydra:member": members, "hydra:totalItems": total };
}

/**
 * A numeric id from a path segment or IRI: decimal digits only, so "1.0", "1e0" or "0x1" name
 * nothing rather than resource 1. Undefined when it is not one.
 */
export function numericId(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

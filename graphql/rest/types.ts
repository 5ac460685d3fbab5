/**
 * The parts of the REST API's answers (Sylius shop shapes, REST-CONVENTIONS.md) the gateway
 * reads. Fields the gateway does not read are left out; IRIs are typed as `Iri`.
 */
export type Iri = string;

export interface Collection<T> {
  "hydra:member": T[];
  "hydra:totalItems": number;
}

export interface RestImage {
  id?: number | string | null;
  type: string;
  path: string;
}

export interface RestCustomer {
  "@id": Iri;
  id: number | string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  fullName?: string | null;
  phoneNumber: string | null;
  jobTitle: string | null;
  companyName: string;
  taxNumber: string | null;
  currencyCode: string;
  minimalOrderValue: number;
  channel?: Iri | null;
  defaultBillingAddress: Iri | null;
  defaultShippingAddress: Iri | null;
  userRoles: string[];
  personResponsible: { name: string | null; email: string | null } | null;
  /** Only in the answer of a change that asked for a new e-mail (PUT /customers/{id}). */
  pendingEmail?: string | null;
  /** Whether checkout requires a purchase-order number (issue 21); absent from older APIs. */
  poNumberRequired?: boolean;
  /** A limited buyer's own limits and month's spending (issue 21); null or absent: none. */
  spendingLimits?: {
    orderLimit: number | null;
    monthlyLimit: number | null;
    spentThisMonth: number;
  } | null;
}

export interface RestChannel {
  code: string;
  name: string;
  baseCurrency: Iri;
}

export interface RestCurrency {
  code: string;
}

export interface RestCountry {
  code: string;
  name: string;
  provinces: { code: string; name: string }[];
}

export interface RestAddress {
  id: number | string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
  provinceCode: string | null;
  provinceName: string | null;
  phoneNumber: string | null;
  email: string | null;
  isBilling?: boolean;
  isShipping?: boolean;
}

export interface RestMethod {
  code: string;
  name: string;
}

export interface RestTaxon {
  code: string;
  name: string;
  description: string | null;
  position?: number;
  parent?: Iri | null;
  images?: RestImage[];
  children?: Iri[];
}

/** A quantity tier of a contract price (decision 040). */
export interface RestVolumePrice {
  minQuantity: number;
  maxQuantity: number | null;
  price: number;
}

export interface RestVariantData {
  code: string;
  name?: string | null;
  price: number | null;
  originalPrice?: number | null;
  rrpPrice: number | null;
  volumePrices?: RestVolumePrice[];
  currencyCode?: string | null;
  inStock: boolean;
  ean?: string | null;
  /** The variant's pictures (its own, else its product's; decision 051). */
  images?: RestImage[];
}

export interface RestProduct {
  id?: string | number;
  code: string;
  name: string;
  slug?: string | null;
  description: string | null;
  images?: RestImage[];
  mainTaxon?: Iri | null;
  productTaxons?: Iri[];
  associations?: { type?: string; associatedProducts: Iri[] }[];
  defaultVariant?: Iri | null;
  ean?: string | null;
  variantsData?: RestVariantData[];
}

export interface RestOrderAddress {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
  provinceCode?: string | null;
  provinceName?: string | null;
  phoneNumber?: string | null;
  email?: string | null;
}

export interface RestOrderItem {
  id: number | string;
  variant: Iri;
  productCode?: string | null;
  productName: string;
  variantName?: string | null;
  quantity: number;
  unitPrice: number;
  originalUnitPrice: number;
  discountedUnitPrice: number;
  subtotal: number;
  total: number;
  productImages?: RestImage[];
  images?: RestImage[];
}

export interface RestPayment {
  id: number | string;
  method: Iri;
  state: string;
  amount: number;
  currencyCode?: string | null;
  dueDate?: string | null;
  overdue?: boolean;
  paidAt?: string | null;
}

export interface RestShipment {
  id: number | string;
  method: Iri;
  state?: string | null;
}

export interface RestSplitOrder {
  tokenValue: string;
  number: string | null;
  state: string;
  paymentState: string;
  paymentStatus?: string | null;
  total: number;
  splitIndex?: number | null;
  splitCount?: number | null;
}

export interface RestOrder {
  tokenValue: string;
  number: string | null;
  state: string;
  checkoutState: string;
  paymentState: string;
  paymentStatus?: string | null;
  shippingState: string;
  currencyCode: string;
  localeCode?: string | null;
  notes: string | null;
  /** The buyer's purchase-order number (issue 21); absent from older APIs. */
  poNumber?: string | null;
  /** An order placed over the buyer's spending limit (decision 043); null otherwise. */
  approval?: RestOrderApproval | null;
  couponCode: string | null;
  minimalOrderValue: number;
  items: RestOrderItem[];
  itemsTotal: number;
  itemsSubtotal: number;
  shippingTotal: number;
  shippingTaxTotal: number;
  taxTotal: number;
  orderPromotionTotal: number;
  manualDiscount?: number;
  total: number;
  totalUnpaidAmount?: number;
  overdue?: boolean;
  billingAddress: RestOrderAddress | null;
  shippingAddress: RestOrderAddress | null;
  payments: RestPayment[];
  shipments: RestShipment[];
  parentOrder?: Iri | null;
  splitIndex?: number | null;
  splitCount?: number | null;
  splitOrders?: RestSplitOrder[];
  splitTotal?: number;
  statuses?: string[];
  createdAt?: string;
  checkoutCompletedAt?: string | null;
}

/** The approval of an order placed over a spending limit (decision 043). */
export interface RestOrderApproval {
  state: "pending" | "approved" | "rejected";
  reason: string | null;
  decidedBy: Iri | null;
  decidedAt: string | null;
}

/** An order awaiting approval as GET /api/v2/shop/approvals lists it. */
export interface RestApproval {
  order: RestOrder;
  buyer: {
    "@id": Iri;
    email: string;
    name: string;
    orderLimit: number | null;
    monthlyLimit: number | null;
  };
  ownOrder: boolean;
}

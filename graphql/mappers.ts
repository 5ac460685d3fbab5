import type {
  ApprovalState,
  AddressModel,
  CartModel,
  ChannelModel,
  CountryModel,
  CustomerModel,
  ImageModel,
  OrderAddressModel,
  OrderItemModel,
  OrderModel,
  PaymentMethodModel,
  PaymentModel,
  ProductModel,
  ShipmentModel,
  ShippingMethodModel,
  TaxonModel,
} from "./generated/resolvers-types.js";
import type { CardPaymentResultModel, CardPaymentSetupModel } from "./generated/resolvers-types.js";
import { idOf, requiredIdOf } from "./rest/iri.js";
import type {
  RestAddress,
  RestCountry,
  RestCustomer,
  RestImage,
  RestMethod,
  RestOrder,
  RestOrderAddress,
  RestOrderItem,
  RestProduct,
  RestTaxon,
  RestVolumePrice,
} from "./rest/types.js";

/** Related products shown on a product page (storefront spec 2 and 9). */
export const MAX_RELATED = 4;

// Every mapper turns a REST answer into the GraphQL shape: IRIs become codes, ids and tokens.

export function toImage(i: RestImage): ImageModel {
  return {
    id: i.id === null || i.id === undefined ? null : String(i.id),
    type: i.type,
    path: i.path,
  };
}

export function toCustomer(c: RestCustomer): CustomerModel {
  const fullName = c.fullName ?? [c.firstName, c.lastName].filter(Boolean).join(" ");
  return {
    id: String(c.id),
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    fullName,
    phoneNumber: c.phoneNumber,
    jobTitle: c.jobTitle,
    companyName: c.companyName,
    taxNumber: c.taxNumber,
    roles: c.userRoles,
    personResponsible: {
      name: c.personResponsible?.name ?? null,
      email: c.personResponsible?.email ?? null,
    },
    defaultBillingAddressId: idOf(c.defaultBillingAddress),
    defaultShippingAddressId: idOf(c.defaultShippingAddress),
    currencyCode: c.currencyCode,
    minimalOrderValue: c.minimalOrderValue,
    channelCode: idOf(c.channel),
    pendingEmail: c.pendingEmail ?? null,
    poNumberRequired: c.poNumberRequired ?? false,
    spendingLimits: c.spendingLimits ?? null,
  };
}

export function toChannel(c: { code: string; name: string }, currencyCode: string): ChannelModel {
  return { code: c.code, name: c.name, currencyCode };
}

export function toCountry(c: RestCountry): CountryModel {
  return {
    code: c.code,
    name: c.name,
    provinces: (c.provinces ?? []).map((p) => ({ code: p.code, name: p.name })),
  };
}

export function toAddress(a: RestAddress): AddressModel {
  return {
    id: String(a.id),
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company,
    street: a.street,
    postcode: a.postcode,
    city: a.city,
    countryCode: a.countryCode,
    provinceCode: a.provinceCode,
    provinceName: a.provinceName,
    phoneNumber: a.phoneNumber,
    email: a.email,
    isDefaultBilling: a.isBilling ?? false,
    isDefaultShipping: a.isShipping ?? false,
  };
}

/** Storefront spec 3: a payment method whose code contains 'adyen' is a card payment. */
export function toPaymentMethod(m: RestMethod): PaymentMethodModel {
  return { code: m.code, name: m.name, isCard: m.code.toLowerCase().includes("adyen") };
}

export function toShippingMethod(m: RestMethod): ShippingMethodModel {
  return { code: m.code, name: m.name };
}

export function toTaxon(t: RestTaxon): TaxonModel {
  const images = (t.images ?? []).map(toImage);
  return {
    code: t.code,
    name: t.name,
    description: t.description ?? "",
    position: t.position ?? 0,
    parentCode: idOf(t.parent),
    images,
    coverImage: images[0] ?? null,
    childCodes: (t.children ?? []).map(requiredIdOf),
  };
}

export function toProduct(p: RestProduct): ProductModel {
  const variants = (p.variantsData ?? []).map((v) => ({
    code: v.code,
    name: v.name ?? v.code,
    price: v.price,
    originalPrice: v.originalPrice ?? null,
    rrpPrice: v.rrpPrice,
    volumePrices: toVolumePrices(v.volumePrices),
    currencyCode: v.currencyCode ?? null,
    inStock: v.inStock,
    ean: v.ean ?? null,
    images: (v.images ?? []).map(toImage),
  }));
  const first = variants[0];
  return {
    id: String(p.id ?? p.code),
    code: p.code,
    name: p.name,
    slug: p.slug ?? p.code,
    description: p.description ?? "",
    images: (p.images ?? []).map(toImage),
    mainTaxonCode: idOf(p.mainTaxon),
    taxonCodes: (p.productTaxons ?? []).map(requiredIdOf),
    ean: p.ean ?? first?.ean ?? null,
    variants,
    defaultVariantCode: idOf(p.defaultVariant) ?? first?.code ?? null,
    price: first?.price ?? null,
    originalPrice: first?.originalPrice ?? null,
    rrpPrice: first?.rrpPrice ?? null,
    currencyCode: first?.currencyCode ?? null,
    inStock: first?.inStock ?? false,
    // Storefront spec 2: related products come from the first association.
    relatedCodes: (p.associations?.[0]?.associatedProducts ?? [])
      .map(requiredIdOf)
      .slice(0, MAX_RELATED),
  };
}

function toOrderAddress(a: RestOrderAddress | null): OrderAddressModel | null {
  if (!a) return null;
  return {
    firstName: a.firstName ?? null,
    lastName: a.lastName ?? null,
    company: a.company ?? null,
    street: a.street,
    postcode: a.postcode,
    city: a.city,
    countryCode: a.countryCode,
    provinceCode: a.provinceCode ?? null,
    provinceName: a.provinceName ?? null,
    phoneNumber: a.phoneNumber ?? null,
    email: a.email ?? null,
  };
}

function toOrderItem(i: RestOrderItem): OrderItemModel {
  return {
    id: String(i.id),
    variantCode: requiredIdOf(i.variant),
    variantName: i.variantName ?? null,
    productCode: i.productCode ?? null,
    productName: i.productName,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    originalUnitPrice: i.originalUnitPrice,
    discountedUnitPrice: i.discountedUnitPrice,
    subtotal: i.subtotal,
    total: i.total,
    images: (i.images ?? i.productImages ?? []).map(toImage),
  };
}

/** The fields a cart and an order share. */
function orderBase(o: RestOrder) {
  const payments: PaymentModel[] = o.payments.map((p) => ({
    id: String(p.id),
    methodCode: requiredIdOf(p.method),
    state: p.state,
    amount: p.amount,
    currencyCode: p.currencyCode ?? o.currencyCode,
    dueDate: p.dueDate ?? null,
    overdue: p.overdue ?? false,
    paidAt: p.paidAt ?? null,
  }));
  const shipments: ShipmentModel[] = o.shipments.map((s) => ({
    id: String(s.id),
    methodCode: requiredIdOf(s.method),
    state: s.state ?? null,
  }));
  return {
    token: o.tokenValue,
    currencyCode: o.currencyCode,
    localeCode: o.localeCode ?? null,
    items: o.items.map(toOrderItem),
    itemsTotal: o.itemsTotal,
    itemsSubtotal: o.itemsSubtotal,
    shippingTotal: o.shippingTotal,
    shippingTaxTotal: o.shippingTaxTotal,
    taxTotal: o.taxTotal,
    orderPromotionTotal: o.orderPromotionTotal,
    total: o.total,
    couponCode: o.couponCode,
    notes: o.notes,
    poNumber: o.poNumber ?? null,
    billingAddress: toOrderAddress(o.billingAddress),
    shippingAddress: toOrderAddress(o.shippingAddress),
    payments,
    shipments,
  };
}

/**
 * The partner's margin (storefront spec 3): the absolute value of the items at RRP plus
 * shipping tax plus tax, minus the total.
 */
export function profitOf(o: RestOrder): number {
  const atRrp = o.items.reduce((sum, i) => sum + i.quantity * i.originalUnitPrice, 0);
  return Math.abs(atRrp + o.shippingTaxTotal + o.taxTotal - o.total);
}

export function toCart(o: RestOrder): CartModel & { __typename: "Cart" } {
  return {
    __typename: "Cart",
    ...orderBase(o),
    minimalOrderValue: o.minimalOrderValue,
    profit: profitOf(o),
  };
}

export function toOrder(o: RestOrder): OrderModel & { __typename: "Order" } {
  const splitOrders = (o.splitOrders ?? []).map((s) => ({
    token: s.tokenValue,
    number: s.number,
    state: s.state,
    paymentState: s.paymentState,
    paymentStatus: s.paymentStatus ?? null,
    total: s.total,
    splitIndex: s.splitIndex ?? null,
    splitCount: s.splitCount ?? null,
  }));
  return {
    __typename: "Order",
    ...orderBase(o),
    number: o.number,
    state: o.state,
    checkoutState: o.checkoutState,
    paymentState: o.paymentState,
    paymentStatus: o.paymentStatus ?? null,
    shippingState: o.shippingState,
    manualDiscount: o.manualDiscount ?? 0,
    totalUnpaidAmount: o.totalUnpaidAmount ?? 0,
    overdue: o.overdue ?? false,
    parentOrderToken: idOf(o.parentOrder),
    splitIndex: o.splitIndex ?? null,
    splitCount: o.splitCount ?? null,
    splitOrders,
    splitTotal: o.splitTotal ?? o.total,
    statuses: o.statuses ?? [o.state],
    createdAt: o.createdAt ?? "",
    checkoutCompletedAt: o.checkoutCompletedAt ?? null,
    approval: o.approval
      ? {
          state: o.approval.state.toUpperCase() as ApprovalState,
          reason: o.approval.reason,
          decidedAt: o.approval.decidedAt,
        }
      : null,
  };
}

/** The REST card payment setup (GET /api/v2/shop/payment/adyen/{method}/{orderToken}). */
export interface RestCardPaymentSetup {
  provider: string;
  clientKey: string;
  environment: string;
  payments: string;
  paymentDetails: string;
  paymentMethods: unknown;
  billingAddress: { countryCode: string };
  amount: { value: number; currency: string };
  locale: string;
  flow: string;
}

/** The REST answer of a card payment or its details. */
export interface RestCardPaymentOutcome {
  resultCode: string;
  merchantReference: string;
  action?: unknown;
  refusalReason?: string;
  order?: RestOrder;
}

export function toCardPaymentSetup(
  s: RestCardPaymentSetup,
): CardPaymentSetupModel & { __typename: "CardPaymentSetup" } {
  return {
    __typename: "CardPaymentSetup",
    provider: s.provider,
    clientKey: s.clientKey,
    environment: s.environment,
    paymentMethods: JSON.stringify(s.paymentMethods ?? { paymentMethods: [] }),
    countryCode: s.billingAddress.countryCode,
    amount: s.amount.value,
    currencyCode: s.amount.currency,
    locale: s.locale,
    flow: s.flow,
  };
}

/** Account spec 4: Authorised, Pending and Received are a successful card payment. */
export const CARD_SUCCESS_CODES = ["Authorised", "Pending", "Received"];

export function toCardPaymentResult(
  r: RestCardPaymentOutcome,
): CardPaymentResultModel & { __typename: "CardPaymentResult" } {
  return {
    __typename: "CardPaymentResult",
    resultCode: r.resultCode,
    success: CARD_SUCCESS_CODES.includes(r.resultCode),
    action: r.action === undefined || r.action === null ? null : JSON.stringify(r.action),
    refusalReason: r.refusalReason ?? null,
    merchantReference: r.merchantReference,
    order: r.order ? toOrder(r.order) : null,
  };
}

/** A variant's volume prices as REST answers them (none when it names none). */
export function toVolumePrices(list: RestVolumePrice[] | undefined) {
  return (list ?? []).map((t) => ({
    minQuantity: t.minQuantity,
    maxQuantity: t.maxQuantity ?? null,
    price: t.price,
  }));
}

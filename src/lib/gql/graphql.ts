/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AddressInput = {
  city: string;
  company: string;
  countryCode: string;
  email?: string | null | undefined;
  firstName: string;
  /** True makes the address the default shipping address. */
  isDefaultShipping?: boolean | null | undefined;
  lastName: string;
  phoneNumber?: string | null | undefined;
  postcode: string;
  /** Required exactly when the country has provinces. */
  provinceCode?: string | null | undefined;
  street: string;
};

/** Where the approval of an order over a spending limit stands. */
export type ApprovalState =
  | 'APPROVED'
  /** Nobody decided within the days allowed (HELD_ORDER_DAYS): it was cancelled. */
  | 'EXPIRED'
  | 'PENDING'
  | 'REJECTED'
  /** The brand's staff cancelled it while it awaited approval. */
  | 'WITHDRAWN';

export type CartLineInput = {
  quantity: number;
  variantCode: string;
};

export type ChangePasswordInput = {
  confirmNewPassword: string;
  currentPassword: string;
  newPassword: string;
};

/** Active once the person set a name (registered), Pending until then. */
export type CompanyUserStatus =
  | 'ACTIVE'
  | 'PENDING';

export type ErrorCode =
  | 'COUPON_ERROR'
  | 'EMPTY_CART_ERROR'
  | 'FORBIDDEN_ERROR'
  | 'IDEMPOTENCY_KEY_REUSED_ERROR'
  | 'INSUFFICIENT_STOCK_ERROR'
  | 'INVALID_CREDENTIALS_ERROR'
  | 'MINIMAL_ORDER_VALUE_ERROR'
  | 'MISSING_ADDRESS_ERROR'
  | 'MISSING_PAYMENT_METHOD_ERROR'
  | 'NOT_FOUND_ERROR'
  | 'ORDER_STATE_ERROR'
  | 'OUT_OF_STOCK_ERROR'
  | 'QUANTITY_ERROR'
  | 'VALIDATION_ERROR';

export type MyInformationInput = {
  /** Required when email is a new address (not only another case of the current one). */
  currentPassword?: string | null | undefined;
  email: string;
  firstName: string;
  jobTitle?: string | null | undefined;
  lastName: string;
  phoneNumber?: string | null | undefined;
};

/** The company's address (relationships.billing_address; also its shipping address). */
export type PartnerAddressInput = {
  company?: string | null | undefined;
  /** ISO country code, e.g. US. */
  country: string;
  name?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  postCode: string;
  /** Province code (US-NY) where the country has provinces. */
  state?: string | null | undefined;
  street: string;
  surname?: string | null | undefined;
  town: string;
};

/** The contact person of the application (relationships.default_contact). */
export type PartnerContactInput = {
  email: string;
  name: string;
  phone: string;
  surname: string;
};

/** The registration payload of account spec section 7. */
export type PartnerRegistrationInput = {
  address: PartnerAddressInput;
  companyName: string;
  contact: PartnerContactInput;
  /** Asked of US and Canadian companies. */
  corporateRegistrationNumber?: string | null | undefined;
  /** The business model code, e.g. omnichannel. */
  customerType: string;
  /**
   * The evaluation answers as JSON object text: type_of_business, company_status,
   * business_model, web_url, online_shops_count, stores_count, trading_countries,
   * already_have_{product}_in_stock, supplier_name, retail_beauty_market_share,
   * skincare_market_share.
   */
  evaluation: string;
  jobTitle?: string | null | undefined;
  /** The VAT number, asked of companies in EMEA countries. */
  taxNumber?: string | null | undefined;
  termsAccepted: boolean;
};

/** A quick-order row as typed or read from a file: the quantity as written. */
export type QuickOrderLineInput = {
  code?: string | null | undefined;
  quantity?: string | null | undefined;
  /** The row's number (the file's row, or the table's line). */
  row: number;
};

/** What a quick-order message calls a row's number (issue 30). */
export type QuickOrderNumbering =
  /** A line of pasted text or of the product table: 'Line 3'. */
  | 'LINE'
  /** A row of an uploaded spreadsheet: 'Row 3'. */
  | 'ROW';

/** Why an invitation link does not work. */
export type TeamInvitationProblem =
  /** The invited address has an account in another company: its holder signs in with it instead. */
  | 'EMAIL_HAS_ACCOUNT'
  /** Unknown, already used or expired (the API answers these alike). */
  | 'INVALID';

export type TeamMemberRegistrationInput = {
  firstName: string;
  lastName: string;
  password: string;
  passwordRepeat: string;
  termsAccepted: boolean;
  token: string;
};

/** Team roles as the storefront shows them (stored with the prefix ROLE_COMPANY_). */
export type TeamRole =
  | 'ADMIN'
  | 'COMMERCIAL'
  | 'MARKETING';

export type ShoppingListFieldsFragment = { id: string, name: string, createdAt: string, currencyCode: string, total: number, items: Array<{ id: string, variantCode: string, productCode: string | null, productName: string, variantName: string | null, quantity: number, unitPrice: number | null, available: boolean, inStock: boolean, images: Array<{ id: string | null, type: string, path: string }> }> };

export type OrderHistoryQueryVariables = Exact<{
  page?: number | null | undefined;
  perPage?: number | null | undefined;
  search?: string | null | undefined;
}>;


export type OrderHistoryQuery = { orders: { totalItems: number, items: Array<{ parentOrderNumber: string | null, token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> }> } };

export type ProductVariantsQueryVariables = Exact<{
  codes: Array<string> | string;
}>;


export type ProductVariantsQuery = { productVariants: Array<{ code: string, name: string, price: number | null, currencyCode: string | null, inStock: boolean }> };

export type StockCheckQueryVariables = Exact<{
  items: Array<CartLineInput> | CartLineInput;
}>;


export type StockCheckQuery = { stockCheck: Array<{ variantCode: string, quantity: number, available: number }> };

export type ContractPricesQueryVariables = Exact<{
  page?: number | null | undefined;
  perPage?: number | null | undefined;
}>;


export type ContractPricesQuery = { contractPrices: { totalItems: number, items: Array<{ code: string, name: string, currencyCode: string, variants: Array<{ code: string, name: string, price: number | null, rrpPrice: number | null, ean: string | null, inStock: boolean, image: { id: string | null, type: string, path: string } | null, volumePrices: Array<{ minQuantity: number, maxQuantity: number | null, price: number }> }> }> } };

export type ShoppingListsQueryVariables = Exact<{ [key: string]: never; }>;


export type ShoppingListsQuery = { shoppingLists: { totalItems: number, items: Array<{ id: string, name: string, createdAt: string, currencyCode: string, total: number, items: Array<{ id: string, variantCode: string, productCode: string | null, productName: string, variantName: string | null, quantity: number, unitPrice: number | null, available: boolean, inStock: boolean, images: Array<{ id: string | null, type: string, path: string }> }> }> } };

export type CreateShoppingListMutationVariables = Exact<{
  name?: string | null | undefined;
  items: Array<CartLineInput> | CartLineInput;
}>;


export type CreateShoppingListMutation = { createShoppingList:
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'QuantityError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ShoppingList', id: string, name: string, createdAt: string, currencyCode: string, total: number, items: Array<{ id: string, variantCode: string, productCode: string | null, productName: string, variantName: string | null, quantity: number, unitPrice: number | null, available: boolean, inStock: boolean, images: Array<{ id: string | null, type: string, path: string }> }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type DeleteShoppingListMutationVariables = Exact<{
  id: string;
}>;


export type DeleteShoppingListMutation = { deleteShoppingList:
    | { __typename: 'Deleted', success: boolean }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type OrderShoppingListMutationVariables = Exact<{
  id: string;
}>;


export type OrderShoppingListMutation = { orderShoppingList:
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ShoppingListOrdered', cart: { token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }, skipped: Array<{ variantCode: string, reason: string, message: string }> }
   };

export type ApprovalsQueryVariables = Exact<{ [key: string]: never; }>;


export type ApprovalsQuery = { approvals: { totalItems: number, items: Array<{ buyerName: string, buyerEmail: string, orderLimit: number | null, monthlyLimit: number | null, ownOrder: boolean, order: { token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> } }> } };

export type ApproveOrderMutationVariables = Exact<{
  token: string;
}>;


export type ApproveOrderMutation = { approveOrder:
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'Order', token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type RejectOrderMutationVariables = Exact<{
  token: string;
  reason: string;
}>;


export type RejectOrderMutation = { rejectOrder:
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'Order', token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SetPurchaseOrderNumberMutationVariables = Exact<{
  cartToken: string;
  poNumber: string;
}>;


export type SetPurchaseOrderNumberMutation = { setPurchaseOrderNumber:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SetPoNumberRequiredMutationVariables = Exact<{
  required: boolean;
}>;


export type SetPoNumberRequiredMutation = { setPoNumberRequired:
    | { __typename: 'CompanyDetails', poNumberRequired: boolean }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type ActiveCartQueryVariables = Exact<{ [key: string]: never; }>;


export type ActiveCartQuery = { activeCart: { token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> } | null };

export type StartCartMutationVariables = Exact<{
  localeCode?: string | null | undefined;
}>;


export type StartCartMutation = { startCart: { token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> } };

export type AddToCartMutationVariables = Exact<{
  cartToken: string;
  variantCode: string;
  quantity: number;
  upToStock?: boolean | null | undefined;
}>;


export type AddToCartMutation = { addToCart:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'InsufficientStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OutOfStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'QuantityError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type AddItemsToCartMutationVariables = Exact<{
  cartToken: string;
  items: Array<CartLineInput> | CartLineInput;
}>;


export type AddItemsToCartMutation = { addItemsToCart:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'InsufficientStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OutOfStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'QuantityError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type AdjustCartItemMutationVariables = Exact<{
  cartToken: string;
  itemId: string;
  quantity: number;
}>;


export type AdjustCartItemMutation = { adjustCartItem:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'InsufficientStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OutOfStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'QuantityError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type RemoveCartItemMutationVariables = Exact<{
  cartToken: string;
  itemId: string;
}>;


export type RemoveCartItemMutation = { removeCartItem:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type DeleteCartMutationVariables = Exact<{
  cartToken: string;
}>;


export type DeleteCartMutation = { deleteCart:
    | { __typename: 'Deleted', success: boolean }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SetCartAddressesMutationVariables = Exact<{
  cartToken: string;
  shippingAddressId: string;
  billingAddressId?: string | null | undefined;
}>;


export type SetCartAddressesMutation = { setCartAddresses:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type ApplyCouponMutationVariables = Exact<{
  cartToken: string;
  code: string;
}>;


export type ApplyCouponMutation = { applyCoupon:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'CouponError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type RemoveCouponMutationVariables = Exact<{
  cartToken: string;
}>;


export type RemoveCouponMutation = { removeCoupon:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SetOrderNoteMutationVariables = Exact<{
  cartToken: string;
  note: string;
}>;


export type SetOrderNoteMutation = { setOrderNote:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SetShippingMethodMutationVariables = Exact<{
  cartToken: string;
  shipmentId: string;
  methodCode: string;
}>;


export type SetShippingMethodMutation = { setShippingMethod:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SetPaymentMethodMutationVariables = Exact<{
  cartToken: string;
  paymentId: string;
  methodCode: string;
}>;


export type SetPaymentMethodMutation = { setPaymentMethod:
    | { __typename: 'Cart', token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type CompleteOrderMutationVariables = Exact<{
  cartToken: string;
  idempotencyKey: string;
}>;


export type CompleteOrderMutation = { completeOrder:
    | { __typename: 'CouponError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'EmptyCartError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'IdempotencyKeyReusedError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'InsufficientStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'MinimalOrderValueError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'MissingAddressError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'MissingPaymentMethodError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'Order', token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OutOfStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type NavigationQueryVariables = Exact<{ [key: string]: never; }>;


export type NavigationQuery = { navigation: Array<{ code: string, name: string, description: string, coverImage: { id: string | null, type: string, path: string } | null, children: Array<{ code: string, name: string, coverImage: { id: string | null, type: string, path: string } | null }> }> };

export type TaxonQueryVariables = Exact<{
  code: string;
  page?: number | null | undefined;
  perPage?: number | null | undefined;
}>;


export type TaxonQuery = { taxon: { code: string, name: string, description: string, images: Array<{ id: string | null, type: string, path: string }>, children: Array<{ code: string, name: string, description: string, images: Array<{ id: string | null, type: string, path: string }> }>, products: { totalItems: number, items: Array<{ code: string, name: string, defaultVariantCode: string | null, price: number | null, rrpPrice: number | null, currencyCode: string | null, inStock: boolean, images: Array<{ id: string | null, type: string, path: string }>, variants: Array<{ code: string, name: string }> }> } } | null };

export type TreatmentsQueryVariables = Exact<{
  code?: string;
  perPage?: number | null | undefined;
}>;


export type TreatmentsQuery = { taxon: { code: string, name: string, children: Array<{ code: string, name: string, description: string, images: Array<{ id: string | null, type: string, path: string }>, products: { items: Array<{ code: string, name: string, defaultVariantCode: string | null, price: number | null, rrpPrice: number | null, currencyCode: string | null, inStock: boolean, images: Array<{ id: string | null, type: string, path: string }>, variants: Array<{ code: string, name: string }> }> } }> } | null };

export type ProductsQueryVariables = Exact<{
  taxonCode?: string | null | undefined;
  search?: string | null | undefined;
  page?: number | null | undefined;
  perPage?: number | null | undefined;
}>;


export type ProductsQuery = { products: { totalItems: number, items: Array<{ code: string, name: string, defaultVariantCode: string | null, price: number | null, rrpPrice: number | null, currencyCode: string | null, inStock: boolean, images: Array<{ id: string | null, type: string, path: string }>, variants: Array<{ code: string, name: string }> }> } };

export type ProductQueryVariables = Exact<{
  code: string;
  treatmentProducts?: number | null | undefined;
}>;


export type ProductQuery = { product: { slug: string, description: string, mainTaxonCode: string | null, taxonCodes: Array<string>, originalPrice: number | null, code: string, name: string, defaultVariantCode: string | null, price: number | null, rrpPrice: number | null, currencyCode: string | null, inStock: boolean, variants: Array<{ code: string, name: string, price: number | null, originalPrice: number | null, rrpPrice: number | null, currencyCode: string | null, inStock: boolean, volumePrices: Array<{ minQuantity: number, maxQuantity: number | null, price: number }>, images: Array<{ id: string | null, type: string, path: string }> }>, related: Array<{ code: string, name: string, defaultVariantCode: string | null, price: number | null, rrpPrice: number | null, currencyCode: string | null, inStock: boolean, images: Array<{ id: string | null, type: string, path: string }>, variants: Array<{ code: string, name: string }> }>, mainTaxon: { code: string, name: string, description: string, coverImage: { id: string | null, type: string, path: string } | null, products: { totalItems: number, items: Array<{ code: string, name: string, defaultVariantCode: string | null, price: number | null, rrpPrice: number | null, currencyCode: string | null, inStock: boolean, images: Array<{ id: string | null, type: string, path: string }>, variants: Array<{ code: string, name: string }> }> } } | null, images: Array<{ id: string | null, type: string, path: string }> } | null };

export type HomeCollectionsQueryVariables = Exact<{
  code?: string;
}>;


export type HomeCollectionsQuery = { taxon: { code: string, children: Array<{ code: string, name: string, description: string, coverImage: { id: string | null, type: string, path: string } | null }> } | null };

export type CatalogueProductsQueryVariables = Exact<{
  taxonCode?: string | null | undefined;
  perPage?: number | null | undefined;
}>;


export type CatalogueProductsQuery = { products: { items: Array<{ code: string, name: string, description: string, price: number | null, currencyCode: string | null, images: Array<{ id: string | null, type: string, path: string }> }> } };

type ErrorFields_CouponError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_EmptyCartError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_ForbiddenError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_IdempotencyKeyReusedError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_InsufficientStockError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_InvalidCredentialsError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_MinimalOrderValueError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_MissingAddressError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_MissingPaymentMethodError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_NotFoundError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_OrderStateError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_OutOfStockError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_QuantityError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

type ErrorFields_ValidationError_Fragment = { errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> };

export type ErrorFieldsFragment =
  | ErrorFields_CouponError_Fragment
  | ErrorFields_EmptyCartError_Fragment
  | ErrorFields_ForbiddenError_Fragment
  | ErrorFields_IdempotencyKeyReusedError_Fragment
  | ErrorFields_InsufficientStockError_Fragment
  | ErrorFields_InvalidCredentialsError_Fragment
  | ErrorFields_MinimalOrderValueError_Fragment
  | ErrorFields_MissingAddressError_Fragment
  | ErrorFields_MissingPaymentMethodError_Fragment
  | ErrorFields_NotFoundError_Fragment
  | ErrorFields_OrderStateError_Fragment
  | ErrorFields_OutOfStockError_Fragment
  | ErrorFields_QuantityError_Fragment
  | ErrorFields_ValidationError_Fragment
;

export type ImageFieldsFragment = { id: string | null, type: string, path: string };

export type ProductCardFieldsFragment = { code: string, name: string, defaultVariantCode: string | null, price: number | null, rrpPrice: number | null, currencyCode: string | null, inStock: boolean, images: Array<{ id: string | null, type: string, path: string }>, variants: Array<{ code: string, name: string }> };

export type OrderAddressFieldsFragment = { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null };

export type OrderItemFieldsFragment = { id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> };

export type CartFieldsFragment = { token: string, currencyCode: string, localeCode: string | null, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, total: number, minimalOrderValue: number, profit: number, couponCode: string | null, notes: string | null, poNumber: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number }>, shipments: Array<{ id: string, methodCode: string }> };

export type OrderFieldsFragment = { token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> };

export type HealthQueryVariables = Exact<{ [key: string]: never; }>;


export type HealthQuery = { health: { status: string } };

export type OrderQueryVariables = Exact<{
  token: string;
}>;


export type OrderQuery = { order: { token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> } | null };

export type OrdersQueryVariables = Exact<{
  page?: number | null | undefined;
  perPage?: number | null | undefined;
  search?: string | null | undefined;
}>;


export type OrdersQuery = { orders: { totalItems: number, items: Array<{ token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> }> } };

export type CardPaymentSetupQueryVariables = Exact<{
  orderToken: string;
  methodCode: string;
}>;


export type CardPaymentSetupQuery = { cardPaymentSetup:
    | { __typename: 'CardPaymentSetup', provider: string, clientKey: string, environment: string, paymentMethods: string, countryCode: string, amount: number, currencyCode: string, locale: string, flow: string }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type CardPaymentResultFieldsFragment = { resultCode: string, success: boolean, action: string | null, refusalReason: string | null, merchantReference: string, order: { token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> } | null };

export type SubmitCardPaymentMutationVariables = Exact<{
  orderToken: string;
  methodCode: string;
  data: string;
  idempotencyKey: string;
}>;


export type SubmitCardPaymentMutation = { submitCardPayment:
    | { __typename: 'CardPaymentResult', resultCode: string, success: boolean, action: string | null, refusalReason: string | null, merchantReference: string, order: { token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> } | null }
    | { __typename: 'CouponError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'EmptyCartError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'IdempotencyKeyReusedError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'InsufficientStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'MinimalOrderValueError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'MissingAddressError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'MissingPaymentMethodError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OutOfStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SubmitCardPaymentDetailsMutationVariables = Exact<{
  orderToken: string;
  methodCode: string;
  data: string;
  idempotencyKey: string;
}>;


export type SubmitCardPaymentDetailsMutation = { submitCardPaymentDetails:
    | { __typename: 'CardPaymentResult', resultCode: string, success: boolean, action: string | null, refusalReason: string | null, merchantReference: string, order: { token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> } | null }
    | { __typename: 'CouponError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'EmptyCartError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'IdempotencyKeyReusedError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'InsufficientStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'MinimalOrderValueError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'MissingAddressError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'MissingPaymentMethodError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OutOfStockError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type CardPaymentOutcomeQueryVariables = Exact<{
  methodCode: string;
  merchantReference: string;
  redirectResult?: string | null | undefined;
}>;


export type CardPaymentOutcomeQuery = { cardPaymentOutcome:
    | { __typename: 'CardPaymentResult', resultCode: string, success: boolean, action: string | null, refusalReason: string | null, merchantReference: string, order: { token: string, number: string | null, state: string, checkoutState: string, paymentState: string, paymentStatus: string | null, shippingState: string, currencyCode: string, itemsTotal: number, itemsSubtotal: number, shippingTotal: number, shippingTaxTotal: number, taxTotal: number, orderPromotionTotal: number, manualDiscount: number, total: number, totalUnpaidAmount: number, overdue: boolean, couponCode: string | null, notes: string | null, poNumber: string | null, parentOrderToken: string | null, splitIndex: number | null, splitCount: number | null, splitTotal: number, statuses: Array<string>, createdAt: string, checkoutCompletedAt: string | null, items: Array<{ id: string, variantCode: string, variantName: string | null, productCode: string | null, productName: string, quantity: number, unitPrice: number, originalUnitPrice: number, discountedUnitPrice: number, subtotal: number, total: number, images: Array<{ id: string | null, type: string, path: string }> }>, approval: { state: ApprovalState, reason: string | null, decidedAt: string | null } | null, billingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, shippingAddress: { firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null } | null, payments: Array<{ id: string, methodCode: string, state: string, amount: number, currencyCode: string | null, dueDate: string | null, overdue: boolean, paidAt: string | null }>, shipments: Array<{ id: string, methodCode: string, state: string | null }>, splitOrders: Array<{ token: string, number: string | null, state: string, paymentState: string, paymentStatus: string | null, total: number, splitIndex: number | null, splitCount: number | null }> } | null }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'OrderStateError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type QuickOrderProductsQueryVariables = Exact<{
  search: string;
  perPage?: number | null | undefined;
}>;


export type QuickOrderProductsQuery = { products: { items: Array<{ code: string, name: string, variants: Array<{ code: string, name: string, inStock: boolean }> }> } };

export type QuickOrderLineFieldsFragment = { row: number, code: string | null, quantity: string | null, lineTotal: number | null, product: { variantCode: string, productCode: string, name: string, variantName: string, image: string | null, unitPrice: number, currencyCode: string } | null, problems: Array<{ field: string, reason: string, message: string, variants: Array<{ code: string, name: string }> }> };

export type QuickOrderLinesQueryVariables = Exact<{
  lines: Array<QuickOrderLineInput> | QuickOrderLineInput;
  numbering?: QuickOrderNumbering | null | undefined;
}>;


export type QuickOrderLinesQuery = { quickOrderLines: Array<{ row: number, code: string | null, quantity: string | null, lineTotal: number | null, product: { variantCode: string, productCode: string, name: string, variantName: string, image: string | null, unitPrice: number, currencyCode: string } | null, problems: Array<{ field: string, reason: string, message: string, variants: Array<{ code: string, name: string }> }> }> };

export type QuickOrderPasteQueryVariables = Exact<{
  text: string;
}>;


export type QuickOrderPasteQuery = { quickOrderPaste:
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'QuickOrderPasted', lines: Array<{ row: number, code: string | null, quantity: string | null, lineTotal: number | null, product: { variantCode: string, productCode: string, name: string, variantName: string, image: string | null, unitPrice: number, currencyCode: string } | null, problems: Array<{ field: string, reason: string, message: string, variants: Array<{ code: string, name: string }> }> }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type CountriesQueryVariables = Exact<{ [key: string]: never; }>;


export type CountriesQuery = { countries: Array<{ code: string, name: string, provinces: Array<{ code: string, name: string }> }> };

export type AddressesQueryVariables = Exact<{ [key: string]: never; }>;


export type AddressesQuery = { addresses: Array<{ id: string, firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null, isDefaultBilling: boolean, isDefaultShipping: boolean }> };

export type PaymentMethodsQueryVariables = Exact<{ [key: string]: never; }>;


export type PaymentMethodsQuery = { paymentMethods: Array<{ code: string, name: string, isCard: boolean }> };

export type ShippingMethodsQueryVariables = Exact<{ [key: string]: never; }>;


export type ShippingMethodsQuery = { shippingMethods: Array<{ code: string, name: string }> };

export type RegistrationCountriesQueryVariables = Exact<{ [key: string]: never; }>;


export type RegistrationCountriesQuery = { registrationCountries: Array<{ code: string, name: string, emea: boolean, provinces: Array<{ code: string, name: string }> }> };

export type RegisterPartnerMutationVariables = Exact<{
  input: PartnerRegistrationInput;
}>;


export type RegisterPartnerMutation = { registerPartner:
    | { __typename: 'PartnerRegistrationReceived', message: string }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SignInMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type SignInMutation = { signIn:
    | { __typename: 'InvalidCredentialsError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'SignInSuccess', customerId: string }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SignOutMutationVariables = Exact<{ [key: string]: never; }>;


export type SignOutMutation = { signOut: boolean };

export type SetPreferredLanguageMutationVariables = Exact<{
  localeCode: string;
}>;


export type SetPreferredLanguageMutation = { setPreferredLanguage: boolean };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, email: string, firstName: string | null, lastName: string | null, fullName: string, phoneNumber: string | null, jobTitle: string | null, companyName: string, taxNumber: string | null, roles: Array<string>, defaultBillingAddressId: string | null, defaultShippingAddressId: string | null, currencyCode: string, minimalOrderValue: number, channelCode: string | null, poNumberRequired: boolean, personResponsible: { name: string | null, email: string | null }, spendingLimits: { orderLimit: number | null, monthlyLimit: number | null, spentThisMonth: number } | null } | null };

export type ChannelQueryVariables = Exact<{ [key: string]: never; }>;


export type ChannelQuery = { channel: { code: string, name: string, currencyCode: string } | null };

export type AddressBookFieldsFragment = { id: string, firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null, isDefaultBilling: boolean, isDefaultShipping: boolean };

export type CompanyUserFieldsFragment = { id: string, email: string, firstName: string | null, lastName: string | null, roles: Array<TeamRole>, role: TeamRole | null, status: CompanyUserStatus, isSelf: boolean, orderLimit: number | null, monthlyLimit: number | null };

export type MyInformationFieldsFragment = { id: string, email: string, firstName: string | null, lastName: string | null, fullName: string, phoneNumber: string | null, jobTitle: string | null, companyName: string, roles: Array<string>, pendingEmail: string | null };

export type CompanyDetailsQueryVariables = Exact<{ [key: string]: never; }>;


export type CompanyDetailsQuery = { companyDetails: { companyName: string, legalName: string | null, email: string | null, phoneNumber: string | null, taxNumber: string | null, poNumberRequired: boolean, address: { id: string, firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null, isDefaultBilling: boolean, isDefaultShipping: boolean } | null } };

export type MyInformationQueryVariables = Exact<{ [key: string]: never; }>;


export type MyInformationQuery = { me: { id: string, email: string, firstName: string | null, lastName: string | null, fullName: string, phoneNumber: string | null, jobTitle: string | null, companyName: string, roles: Array<string>, pendingEmail: string | null } | null };

export type CompanyUsersQueryVariables = Exact<{ [key: string]: never; }>;


export type CompanyUsersQuery = { companyUsers: Array<{ id: string, email: string, firstName: string | null, lastName: string | null, roles: Array<TeamRole>, role: TeamRole | null, status: CompanyUserStatus, isSelf: boolean, orderLimit: number | null, monthlyLimit: number | null }> };

export type AddressBookQueryVariables = Exact<{ [key: string]: never; }>;


export type AddressBookQuery = { addresses: Array<{ id: string, firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null, isDefaultBilling: boolean, isDefaultShipping: boolean }>, countries: Array<{ code: string, name: string, provinces: Array<{ code: string, name: string }> }> };

export type TeamInvitationQueryVariables = Exact<{
  token: string;
}>;


export type TeamInvitationQuery = { teamInvitation: { valid: boolean, message: string | null, problem: TeamInvitationProblem | null, companyName: string | null, approvedApplication: boolean, firstName: string | null, lastName: string | null } };

export type UpdateMyInformationMutationVariables = Exact<{
  input: MyInformationInput;
}>;


export type UpdateMyInformationMutation = { updateMyInformation:
    | { __typename: 'Customer', id: string, email: string, firstName: string | null, lastName: string | null, fullName: string, phoneNumber: string | null, jobTitle: string | null, companyName: string, roles: Array<string>, pendingEmail: string | null }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type ChangePasswordMutationVariables = Exact<{
  input: ChangePasswordInput;
}>;


export type ChangePasswordMutation = { changePassword:
    | { __typename: 'PasswordChanged' }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type InviteCompanyUserMutationVariables = Exact<{
  email: string;
  role: TeamRole;
}>;


export type InviteCompanyUserMutation = { inviteCompanyUser:
    | { __typename: 'CompanyUser', id: string, email: string, firstName: string | null, lastName: string | null, roles: Array<TeamRole>, role: TeamRole | null, status: CompanyUserStatus, isSelf: boolean, orderLimit: number | null, monthlyLimit: number | null }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type ChangeCompanyUserRoleMutationVariables = Exact<{
  id: string;
  role: TeamRole;
}>;


export type ChangeCompanyUserRoleMutation = { changeCompanyUserRole:
    | { __typename: 'CompanyUser', id: string, email: string, firstName: string | null, lastName: string | null, roles: Array<TeamRole>, role: TeamRole | null, status: CompanyUserStatus, isSelf: boolean, orderLimit: number | null, monthlyLimit: number | null }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type RemoveCompanyUserMutationVariables = Exact<{
  id: string;
}>;


export type RemoveCompanyUserMutation = { removeCompanyUser:
    | { __typename: 'Deleted', success: boolean }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type CreateAddressMutationVariables = Exact<{
  input: AddressInput;
}>;


export type CreateAddressMutation = { createAddress:
    | { __typename: 'Address', id: string, firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null, isDefaultBilling: boolean, isDefaultShipping: boolean }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type UpdateAddressMutationVariables = Exact<{
  id: string;
  input: AddressInput;
}>;


export type UpdateAddressMutation = { updateAddress:
    | { __typename: 'Address', id: string, firstName: string | null, lastName: string | null, company: string | null, street: string, postcode: string, city: string, countryCode: string, provinceCode: string | null, provinceName: string | null, phoneNumber: string | null, email: string | null, isDefaultBilling: boolean, isDefaultShipping: boolean }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type DeleteAddressMutationVariables = Exact<{
  id: string;
}>;


export type DeleteAddressMutation = { deleteAddress:
    | { __typename: 'Deleted', success: boolean }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SetDefaultShippingAddressMutationVariables = Exact<{
  id: string;
}>;


export type SetDefaultShippingAddressMutation = { setDefaultShippingAddress:
    | { __typename: 'Customer', id: string, defaultShippingAddressId: string | null }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type RegisterTeamMemberMutationVariables = Exact<{
  input: TeamMemberRegistrationInput;
}>;


export type RegisterTeamMemberMutation = { registerTeamMember:
    | { __typename: 'TeamMemberRegistered', email: string }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type ConfirmEmailChangeMutationVariables = Exact<{
  token: string;
}>;


export type ConfirmEmailChangeMutation = { confirmEmailChange:
    | { __typename: 'EmailChangeConfirmed', email: string }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export type SetSpendingLimitsMutationVariables = Exact<{
  userId: string;
  orderLimit?: number | null | undefined;
  monthlyLimit?: number | null | undefined;
}>;


export type SetSpendingLimitsMutation = { setSpendingLimits:
    | { __typename: 'CompanyUser', id: string, email: string, firstName: string | null, lastName: string | null, roles: Array<TeamRole>, role: TeamRole | null, status: CompanyUserStatus, isSelf: boolean, orderLimit: number | null, monthlyLimit: number | null }
    | { __typename: 'ForbiddenError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'NotFoundError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
    | { __typename: 'ValidationError', errorCode: ErrorCode, message: string, violations: Array<{ propertyPath: string, message: string, code: string }> }
   };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const ImageFieldsFragmentDoc = new TypedDocumentString(`
    fragment ImageFields on Image {
  id
  type
  path
}
    `, {"fragmentName":"ImageFields"}) as unknown as TypedDocumentString<ImageFieldsFragment, unknown>;
export const ShoppingListFieldsFragmentDoc = new TypedDocumentString(`
    fragment ShoppingListFields on ShoppingList {
  id
  name
  createdAt
  currencyCode
  total
  items {
    id
    variantCode
    productCode
    productName
    variantName
    quantity
    images {
      ...ImageFields
    }
    unitPrice
    available
    inStock
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}`, {"fragmentName":"ShoppingListFields"}) as unknown as TypedDocumentString<ShoppingListFieldsFragment, unknown>;
export const ErrorFieldsFragmentDoc = new TypedDocumentString(`
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
    `, {"fragmentName":"ErrorFields"}) as unknown as TypedDocumentString<ErrorFieldsFragment, unknown>;
export const ProductCardFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProductCardFields on Product {
  code
  name
  images {
    ...ImageFields
  }
  defaultVariantCode
  price
  rrpPrice
  currencyCode
  inStock
  variants {
    code
    name
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}`, {"fragmentName":"ProductCardFields"}) as unknown as TypedDocumentString<ProductCardFieldsFragment, unknown>;
export const OrderItemFieldsFragmentDoc = new TypedDocumentString(`
    fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}`, {"fragmentName":"OrderItemFields"}) as unknown as TypedDocumentString<OrderItemFieldsFragment, unknown>;
export const OrderAddressFieldsFragmentDoc = new TypedDocumentString(`
    fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
    `, {"fragmentName":"OrderAddressFields"}) as unknown as TypedDocumentString<OrderAddressFieldsFragment, unknown>;
export const CartFieldsFragmentDoc = new TypedDocumentString(`
    fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}`, {"fragmentName":"CartFields"}) as unknown as TypedDocumentString<CartFieldsFragment, unknown>;
export const OrderFieldsFragmentDoc = new TypedDocumentString(`
    fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}`, {"fragmentName":"OrderFields"}) as unknown as TypedDocumentString<OrderFieldsFragment, unknown>;
export const CardPaymentResultFieldsFragmentDoc = new TypedDocumentString(`
    fragment CardPaymentResultFields on CardPaymentResult {
  resultCode
  success
  action
  refusalReason
  merchantReference
  order {
    ...OrderFields
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}`, {"fragmentName":"CardPaymentResultFields"}) as unknown as TypedDocumentString<CardPaymentResultFieldsFragment, unknown>;
export const QuickOrderLineFieldsFragmentDoc = new TypedDocumentString(`
    fragment QuickOrderLineFields on QuickOrderLine {
  row
  code
  quantity
  product {
    variantCode
    productCode
    name
    variantName
    image
    unitPrice
    currencyCode
  }
  lineTotal
  problems {
    field
    reason
    message
    variants {
      code
      name
    }
  }
}
    `, {"fragmentName":"QuickOrderLineFields"}) as unknown as TypedDocumentString<QuickOrderLineFieldsFragment, unknown>;
export const AddressBookFieldsFragmentDoc = new TypedDocumentString(`
    fragment AddressBookFields on Address {
  id
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
  isDefaultBilling
  isDefaultShipping
}
    `, {"fragmentName":"AddressBookFields"}) as unknown as TypedDocumentString<AddressBookFieldsFragment, unknown>;
export const CompanyUserFieldsFragmentDoc = new TypedDocumentString(`
    fragment CompanyUserFields on CompanyUser {
  id
  email
  firstName
  lastName
  roles
  role
  status
  isSelf
  orderLimit
  monthlyLimit
}
    `, {"fragmentName":"CompanyUserFields"}) as unknown as TypedDocumentString<CompanyUserFieldsFragment, unknown>;
export const MyInformationFieldsFragmentDoc = new TypedDocumentString(`
    fragment MyInformationFields on Customer {
  id
  email
  firstName
  lastName
  fullName
  phoneNumber
  jobTitle
  companyName
  roles
  pendingEmail
}
    `, {"fragmentName":"MyInformationFields"}) as unknown as TypedDocumentString<MyInformationFieldsFragment, unknown>;
export const OrderHistoryDocument = new TypedDocumentString(`
    query OrderHistory($page: Int, $perPage: Int, $search: String) {
  orders(page: $page, perPage: $perPage, search: $search) {
    totalItems
    items {
      ...OrderFields
      parentOrderNumber
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}`) as unknown as TypedDocumentString<OrderHistoryQuery, OrderHistoryQueryVariables>;
export const ProductVariantsDocument = new TypedDocumentString(`
    query ProductVariants($codes: [String!]!) {
  productVariants(codes: $codes) {
    code
    name
    price
    currencyCode
    inStock
  }
}
    `) as unknown as TypedDocumentString<ProductVariantsQuery, ProductVariantsQueryVariables>;
export const StockCheckDocument = new TypedDocumentString(`
    query StockCheck($items: [CartLineInput!]!) {
  stockCheck(items: $items) {
    variantCode
    quantity
    available
  }
}
    `) as unknown as TypedDocumentString<StockCheckQuery, StockCheckQueryVariables>;
export const ContractPricesDocument = new TypedDocumentString(`
    query ContractPrices($page: Int, $perPage: Int) {
  contractPrices(page: $page, perPage: $perPage) {
    totalItems
    items {
      code
      name
      currencyCode
      variants {
        code
        name
        image {
          ...ImageFields
        }
        price
        rrpPrice
        volumePrices {
          minQuantity
          maxQuantity
          price
        }
        ean
        inStock
      }
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}`) as unknown as TypedDocumentString<ContractPricesQuery, ContractPricesQueryVariables>;
export const ShoppingListsDocument = new TypedDocumentString(`
    query ShoppingLists {
  shoppingLists {
    totalItems
    items {
      ...ShoppingListFields
    }
  }
}
    fragment ShoppingListFields on ShoppingList {
  id
  name
  createdAt
  currencyCode
  total
  items {
    id
    variantCode
    productCode
    productName
    variantName
    quantity
    images {
      ...ImageFields
    }
    unitPrice
    available
    inStock
  }
}
fragment ImageFields on Image {
  id
  type
  path
}`) as unknown as TypedDocumentString<ShoppingListsQuery, ShoppingListsQueryVariables>;
export const CreateShoppingListDocument = new TypedDocumentString(`
    mutation CreateShoppingList($name: String, $items: [CartLineInput!]!) {
  createShoppingList(name: $name, items: $items) {
    __typename
    ... on ShoppingList {
      ...ShoppingListFields
    }
    ...ErrorFields
  }
}
    fragment ShoppingListFields on ShoppingList {
  id
  name
  createdAt
  currencyCode
  total
  items {
    id
    variantCode
    productCode
    productName
    variantName
    quantity
    images {
      ...ImageFields
    }
    unitPrice
    available
    inStock
  }
}
fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}`) as unknown as TypedDocumentString<CreateShoppingListMutation, CreateShoppingListMutationVariables>;
export const DeleteShoppingListDocument = new TypedDocumentString(`
    mutation DeleteShoppingList($id: ID!) {
  deleteShoppingList(id: $id) {
    __typename
    ... on Deleted {
      success
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<DeleteShoppingListMutation, DeleteShoppingListMutationVariables>;
export const OrderShoppingListDocument = new TypedDocumentString(`
    mutation OrderShoppingList($id: ID!) {
  orderShoppingList(id: $id) {
    __typename
    ... on ShoppingListOrdered {
      cart {
        ...CartFields
      }
      skipped {
        variantCode
        reason
        message
      }
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<OrderShoppingListMutation, OrderShoppingListMutationVariables>;
export const ApprovalsDocument = new TypedDocumentString(`
    query Approvals {
  approvals {
    totalItems
    items {
      order {
        ...OrderFields
      }
      buyerName
      buyerEmail
      orderLimit
      monthlyLimit
      ownOrder
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}`) as unknown as TypedDocumentString<ApprovalsQuery, ApprovalsQueryVariables>;
export const ApproveOrderDocument = new TypedDocumentString(`
    mutation ApproveOrder($token: String!) {
  approveOrder(token: $token) {
    __typename
    ...OrderFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}`) as unknown as TypedDocumentString<ApproveOrderMutation, ApproveOrderMutationVariables>;
export const RejectOrderDocument = new TypedDocumentString(`
    mutation RejectOrder($token: String!, $reason: String!) {
  rejectOrder(token: $token, reason: $reason) {
    __typename
    ...OrderFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}`) as unknown as TypedDocumentString<RejectOrderMutation, RejectOrderMutationVariables>;
export const SetPurchaseOrderNumberDocument = new TypedDocumentString(`
    mutation SetPurchaseOrderNumber($cartToken: String!, $poNumber: String!) {
  setPurchaseOrderNumber(cartToken: $cartToken, poNumber: $poNumber) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<SetPurchaseOrderNumberMutation, SetPurchaseOrderNumberMutationVariables>;
export const SetPoNumberRequiredDocument = new TypedDocumentString(`
    mutation SetPoNumberRequired($required: Boolean!) {
  setPoNumberRequired(required: $required) {
    __typename
    ... on CompanyDetails {
      poNumberRequired
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<SetPoNumberRequiredMutation, SetPoNumberRequiredMutationVariables>;
export const ActiveCartDocument = new TypedDocumentString(`
    query ActiveCart {
  activeCart {
    ...CartFields
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<ActiveCartQuery, ActiveCartQueryVariables>;
export const StartCartDocument = new TypedDocumentString(`
    mutation StartCart($localeCode: String) {
  startCart(localeCode: $localeCode) {
    ...CartFields
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<StartCartMutation, StartCartMutationVariables>;
export const AddToCartDocument = new TypedDocumentString(`
    mutation AddToCart($cartToken: String!, $variantCode: String!, $quantity: Int!, $upToStock: Boolean) {
  addToCart(
    cartToken: $cartToken
    variantCode: $variantCode
    quantity: $quantity
    upToStock: $upToStock
  ) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<AddToCartMutation, AddToCartMutationVariables>;
export const AddItemsToCartDocument = new TypedDocumentString(`
    mutation AddItemsToCart($cartToken: String!, $items: [CartLineInput!]!) {
  addItemsToCart(cartToken: $cartToken, items: $items) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<AddItemsToCartMutation, AddItemsToCartMutationVariables>;
export const AdjustCartItemDocument = new TypedDocumentString(`
    mutation AdjustCartItem($cartToken: String!, $itemId: ID!, $quantity: Int!) {
  adjustCartItem(cartToken: $cartToken, itemId: $itemId, quantity: $quantity) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<AdjustCartItemMutation, AdjustCartItemMutationVariables>;
export const RemoveCartItemDocument = new TypedDocumentString(`
    mutation RemoveCartItem($cartToken: String!, $itemId: ID!) {
  removeCartItem(cartToken: $cartToken, itemId: $itemId) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<RemoveCartItemMutation, RemoveCartItemMutationVariables>;
export const DeleteCartDocument = new TypedDocumentString(`
    mutation DeleteCart($cartToken: String!) {
  deleteCart(cartToken: $cartToken) {
    __typename
    ... on Deleted {
      success
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<DeleteCartMutation, DeleteCartMutationVariables>;
export const SetCartAddressesDocument = new TypedDocumentString(`
    mutation SetCartAddresses($cartToken: String!, $shippingAddressId: ID!, $billingAddressId: ID) {
  setCartAddresses(
    cartToken: $cartToken
    shippingAddressId: $shippingAddressId
    billingAddressId: $billingAddressId
  ) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<SetCartAddressesMutation, SetCartAddressesMutationVariables>;
export const ApplyCouponDocument = new TypedDocumentString(`
    mutation ApplyCoupon($cartToken: String!, $code: String!) {
  applyCoupon(cartToken: $cartToken, code: $code) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<ApplyCouponMutation, ApplyCouponMutationVariables>;
export const RemoveCouponDocument = new TypedDocumentString(`
    mutation RemoveCoupon($cartToken: String!) {
  removeCoupon(cartToken: $cartToken) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<RemoveCouponMutation, RemoveCouponMutationVariables>;
export const SetOrderNoteDocument = new TypedDocumentString(`
    mutation SetOrderNote($cartToken: String!, $note: String!) {
  setOrderNote(cartToken: $cartToken, note: $note) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<SetOrderNoteMutation, SetOrderNoteMutationVariables>;
export const SetShippingMethodDocument = new TypedDocumentString(`
    mutation SetShippingMethod($cartToken: String!, $shipmentId: ID!, $methodCode: String!) {
  setShippingMethod(
    cartToken: $cartToken
    shipmentId: $shipmentId
    methodCode: $methodCode
  ) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<SetShippingMethodMutation, SetShippingMethodMutationVariables>;
export const SetPaymentMethodDocument = new TypedDocumentString(`
    mutation SetPaymentMethod($cartToken: String!, $paymentId: ID!, $methodCode: String!) {
  setPaymentMethod(
    cartToken: $cartToken
    paymentId: $paymentId
    methodCode: $methodCode
  ) {
    __typename
    ...CartFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment CartFields on Cart {
  token
  currencyCode
  localeCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  total
  minimalOrderValue
  profit
  couponCode
  notes
  poNumber
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
  }
  shipments {
    id
    methodCode
  }
}`) as unknown as TypedDocumentString<SetPaymentMethodMutation, SetPaymentMethodMutationVariables>;
export const CompleteOrderDocument = new TypedDocumentString(`
    mutation CompleteOrder($cartToken: String!, $idempotencyKey: String!) {
  completeOrder(cartToken: $cartToken, idempotencyKey: $idempotencyKey) {
    __typename
    ...OrderFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}`) as unknown as TypedDocumentString<CompleteOrderMutation, CompleteOrderMutationVariables>;
export const NavigationDocument = new TypedDocumentString(`
    query Navigation {
  navigation {
    code
    name
    description
    coverImage {
      ...ImageFields
    }
    children {
      code
      name
      coverImage {
        ...ImageFields
      }
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}`) as unknown as TypedDocumentString<NavigationQuery, NavigationQueryVariables>;
export const TaxonDocument = new TypedDocumentString(`
    query Taxon($code: String!, $page: Int, $perPage: Int) {
  taxon(code: $code) {
    code
    name
    description
    images {
      ...ImageFields
    }
    children {
      code
      name
      description
      images {
        ...ImageFields
      }
    }
    products(page: $page, perPage: $perPage) {
      totalItems
      items {
        ...ProductCardFields
      }
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment ProductCardFields on Product {
  code
  name
  images {
    ...ImageFields
  }
  defaultVariantCode
  price
  rrpPrice
  currencyCode
  inStock
  variants {
    code
    name
  }
}`) as unknown as TypedDocumentString<TaxonQuery, TaxonQueryVariables>;
export const TreatmentsDocument = new TypedDocumentString(`
    query Treatments($code: String! = "treatments", $perPage: Int = 4) {
  taxon(code: $code) {
    code
    name
    children {
      code
      name
      description
      images {
        ...ImageFields
      }
      products(perPage: $perPage) {
        items {
          ...ProductCardFields
        }
      }
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment ProductCardFields on Product {
  code
  name
  images {
    ...ImageFields
  }
  defaultVariantCode
  price
  rrpPrice
  currencyCode
  inStock
  variants {
    code
    name
  }
}`) as unknown as TypedDocumentString<TreatmentsQuery, TreatmentsQueryVariables>;
export const ProductsDocument = new TypedDocumentString(`
    query Products($taxonCode: String, $search: String, $page: Int, $perPage: Int) {
  products(taxonCode: $taxonCode, search: $search, page: $page, perPage: $perPage) {
    totalItems
    items {
      ...ProductCardFields
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment ProductCardFields on Product {
  code
  name
  images {
    ...ImageFields
  }
  defaultVariantCode
  price
  rrpPrice
  currencyCode
  inStock
  variants {
    code
    name
  }
}`) as unknown as TypedDocumentString<ProductsQuery, ProductsQueryVariables>;
export const ProductDocument = new TypedDocumentString(`
    query Product($code: String!, $treatmentProducts: Int = 5) {
  product(code: $code) {
    ...ProductCardFields
    slug
    description
    mainTaxonCode
    taxonCodes
    originalPrice
    variants {
      code
      name
      price
      originalPrice
      rrpPrice
      volumePrices {
        minQuantity
        maxQuantity
        price
      }
      currencyCode
      inStock
      images {
        ...ImageFields
      }
    }
    related {
      ...ProductCardFields
    }
    mainTaxon {
      code
      name
      description
      coverImage {
        ...ImageFields
      }
      products(perPage: $treatmentProducts) {
        totalItems
        items {
          ...ProductCardFields
        }
      }
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment ProductCardFields on Product {
  code
  name
  images {
    ...ImageFields
  }
  defaultVariantCode
  price
  rrpPrice
  currencyCode
  inStock
  variants {
    code
    name
  }
}`) as unknown as TypedDocumentString<ProductQuery, ProductQueryVariables>;
export const HomeCollectionsDocument = new TypedDocumentString(`
    query HomeCollections($code: String! = "home") {
  taxon(code: $code) {
    code
    children {
      code
      name
      description
      coverImage {
        ...ImageFields
      }
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}`) as unknown as TypedDocumentString<HomeCollectionsQuery, HomeCollectionsQueryVariables>;
export const CatalogueProductsDocument = new TypedDocumentString(`
    query CatalogueProducts($taxonCode: String, $perPage: Int) {
  products(taxonCode: $taxonCode, perPage: $perPage) {
    items {
      code
      name
      description
      price
      currencyCode
      images {
        ...ImageFields
      }
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}`) as unknown as TypedDocumentString<CatalogueProductsQuery, CatalogueProductsQueryVariables>;
export const HealthDocument = new TypedDocumentString(`
    query Health {
  health {
    status
  }
}
    `) as unknown as TypedDocumentString<HealthQuery, HealthQueryVariables>;
export const OrderDocument = new TypedDocumentString(`
    query Order($token: String!) {
  order(token: $token) {
    ...OrderFields
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}`) as unknown as TypedDocumentString<OrderQuery, OrderQueryVariables>;
export const OrdersDocument = new TypedDocumentString(`
    query Orders($page: Int, $perPage: Int, $search: String) {
  orders(page: $page, perPage: $perPage, search: $search) {
    totalItems
    items {
      ...OrderFields
    }
  }
}
    fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}`) as unknown as TypedDocumentString<OrdersQuery, OrdersQueryVariables>;
export const CardPaymentSetupDocument = new TypedDocumentString(`
    query CardPaymentSetup($orderToken: String!, $methodCode: String!) {
  cardPaymentSetup(orderToken: $orderToken, methodCode: $methodCode) {
    __typename
    ... on CardPaymentSetup {
      provider
      clientKey
      environment
      paymentMethods
      countryCode
      amount
      currencyCode
      locale
      flow
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<CardPaymentSetupQuery, CardPaymentSetupQueryVariables>;
export const SubmitCardPaymentDocument = new TypedDocumentString(`
    mutation SubmitCardPayment($orderToken: String!, $methodCode: String!, $data: String!, $idempotencyKey: String!) {
  submitCardPayment(
    orderToken: $orderToken
    methodCode: $methodCode
    data: $data
    idempotencyKey: $idempotencyKey
  ) {
    __typename
    ...CardPaymentResultFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}
fragment CardPaymentResultFields on CardPaymentResult {
  resultCode
  success
  action
  refusalReason
  merchantReference
  order {
    ...OrderFields
  }
}`) as unknown as TypedDocumentString<SubmitCardPaymentMutation, SubmitCardPaymentMutationVariables>;
export const SubmitCardPaymentDetailsDocument = new TypedDocumentString(`
    mutation SubmitCardPaymentDetails($orderToken: String!, $methodCode: String!, $data: String!, $idempotencyKey: String!) {
  submitCardPaymentDetails(
    orderToken: $orderToken
    methodCode: $methodCode
    data: $data
    idempotencyKey: $idempotencyKey
  ) {
    __typename
    ...CardPaymentResultFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}
fragment CardPaymentResultFields on CardPaymentResult {
  resultCode
  success
  action
  refusalReason
  merchantReference
  order {
    ...OrderFields
  }
}`) as unknown as TypedDocumentString<SubmitCardPaymentDetailsMutation, SubmitCardPaymentDetailsMutationVariables>;
export const CardPaymentOutcomeDocument = new TypedDocumentString(`
    query CardPaymentOutcome($methodCode: String!, $merchantReference: String!, $redirectResult: String) {
  cardPaymentOutcome(
    methodCode: $methodCode
    merchantReference: $merchantReference
    redirectResult: $redirectResult
  ) {
    __typename
    ...CardPaymentResultFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment ImageFields on Image {
  id
  type
  path
}
fragment OrderAddressFields on OrderAddress {
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
}
fragment OrderItemFields on OrderItem {
  id
  variantCode
  variantName
  productCode
  productName
  quantity
  unitPrice
  originalUnitPrice
  discountedUnitPrice
  subtotal
  total
  images {
    ...ImageFields
  }
}
fragment OrderFields on Order {
  token
  number
  state
  checkoutState
  paymentState
  paymentStatus
  shippingState
  currencyCode
  items {
    ...OrderItemFields
  }
  itemsTotal
  itemsSubtotal
  shippingTotal
  shippingTaxTotal
  taxTotal
  orderPromotionTotal
  manualDiscount
  total
  totalUnpaidAmount
  overdue
  couponCode
  notes
  poNumber
  approval {
    state
    reason
    decidedAt
  }
  billingAddress {
    ...OrderAddressFields
  }
  shippingAddress {
    ...OrderAddressFields
  }
  payments {
    id
    methodCode
    state
    amount
    currencyCode
    dueDate
    overdue
    paidAt
  }
  shipments {
    id
    methodCode
    state
  }
  parentOrderToken
  splitIndex
  splitCount
  splitOrders {
    token
    number
    state
    paymentState
    paymentStatus
    total
    splitIndex
    splitCount
  }
  splitTotal
  statuses
  createdAt
  checkoutCompletedAt
}
fragment CardPaymentResultFields on CardPaymentResult {
  resultCode
  success
  action
  refusalReason
  merchantReference
  order {
    ...OrderFields
  }
}`) as unknown as TypedDocumentString<CardPaymentOutcomeQuery, CardPaymentOutcomeQueryVariables>;
export const QuickOrderProductsDocument = new TypedDocumentString(`
    query QuickOrderProducts($search: String!, $perPage: Int = 10) {
  products(search: $search, perPage: $perPage) {
    items {
      code
      name
      variants {
        code
        name
        inStock
      }
    }
  }
}
    `) as unknown as TypedDocumentString<QuickOrderProductsQuery, QuickOrderProductsQueryVariables>;
export const QuickOrderLinesDocument = new TypedDocumentString(`
    query QuickOrderLines($lines: [QuickOrderLineInput!]!, $numbering: QuickOrderNumbering) {
  quickOrderLines(lines: $lines, numbering: $numbering) {
    ...QuickOrderLineFields
  }
}
    fragment QuickOrderLineFields on QuickOrderLine {
  row
  code
  quantity
  product {
    variantCode
    productCode
    name
    variantName
    image
    unitPrice
    currencyCode
  }
  lineTotal
  problems {
    field
    reason
    message
    variants {
      code
      name
    }
  }
}`) as unknown as TypedDocumentString<QuickOrderLinesQuery, QuickOrderLinesQueryVariables>;
export const QuickOrderPasteDocument = new TypedDocumentString(`
    query QuickOrderPaste($text: String!) {
  quickOrderPaste(text: $text) {
    __typename
    ... on QuickOrderPasted {
      lines {
        ...QuickOrderLineFields
      }
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment QuickOrderLineFields on QuickOrderLine {
  row
  code
  quantity
  product {
    variantCode
    productCode
    name
    variantName
    image
    unitPrice
    currencyCode
  }
  lineTotal
  problems {
    field
    reason
    message
    variants {
      code
      name
    }
  }
}`) as unknown as TypedDocumentString<QuickOrderPasteQuery, QuickOrderPasteQueryVariables>;
export const CountriesDocument = new TypedDocumentString(`
    query Countries {
  countries {
    code
    name
    provinces {
      code
      name
    }
  }
}
    `) as unknown as TypedDocumentString<CountriesQuery, CountriesQueryVariables>;
export const AddressesDocument = new TypedDocumentString(`
    query Addresses {
  addresses {
    id
    firstName
    lastName
    company
    street
    postcode
    city
    countryCode
    provinceCode
    provinceName
    phoneNumber
    email
    isDefaultBilling
    isDefaultShipping
  }
}
    `) as unknown as TypedDocumentString<AddressesQuery, AddressesQueryVariables>;
export const PaymentMethodsDocument = new TypedDocumentString(`
    query PaymentMethods {
  paymentMethods {
    code
    name
    isCard
  }
}
    `) as unknown as TypedDocumentString<PaymentMethodsQuery, PaymentMethodsQueryVariables>;
export const ShippingMethodsDocument = new TypedDocumentString(`
    query ShippingMethods {
  shippingMethods {
    code
    name
  }
}
    `) as unknown as TypedDocumentString<ShippingMethodsQuery, ShippingMethodsQueryVariables>;
export const RegistrationCountriesDocument = new TypedDocumentString(`
    query RegistrationCountries {
  registrationCountries {
    code
    name
    emea
    provinces {
      code
      name
    }
  }
}
    `) as unknown as TypedDocumentString<RegistrationCountriesQuery, RegistrationCountriesQueryVariables>;
export const RegisterPartnerDocument = new TypedDocumentString(`
    mutation RegisterPartner($input: PartnerRegistrationInput!) {
  registerPartner(input: $input) {
    __typename
    ... on PartnerRegistrationReceived {
      message
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<RegisterPartnerMutation, RegisterPartnerMutationVariables>;
export const SignInDocument = new TypedDocumentString(`
    mutation SignIn($email: String!, $password: String!) {
  signIn(email: $email, password: $password) {
    __typename
    ... on SignInSuccess {
      customerId
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<SignInMutation, SignInMutationVariables>;
export const SignOutDocument = new TypedDocumentString(`
    mutation SignOut {
  signOut
}
    `) as unknown as TypedDocumentString<SignOutMutation, SignOutMutationVariables>;
export const SetPreferredLanguageDocument = new TypedDocumentString(`
    mutation SetPreferredLanguage($localeCode: String!) {
  setPreferredLanguage(localeCode: $localeCode)
}
    `) as unknown as TypedDocumentString<SetPreferredLanguageMutation, SetPreferredLanguageMutationVariables>;
export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    id
    email
    firstName
    lastName
    fullName
    phoneNumber
    jobTitle
    companyName
    taxNumber
    roles
    personResponsible {
      name
      email
    }
    defaultBillingAddressId
    defaultShippingAddressId
    currencyCode
    minimalOrderValue
    channelCode
    poNumberRequired
    spendingLimits {
      orderLimit
      monthlyLimit
      spentThisMonth
    }
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const ChannelDocument = new TypedDocumentString(`
    query Channel {
  channel {
    code
    name
    currencyCode
  }
}
    `) as unknown as TypedDocumentString<ChannelQuery, ChannelQueryVariables>;
export const CompanyDetailsDocument = new TypedDocumentString(`
    query CompanyDetails {
  companyDetails {
    companyName
    legalName
    email
    phoneNumber
    taxNumber
    poNumberRequired
    address {
      ...AddressBookFields
    }
  }
}
    fragment AddressBookFields on Address {
  id
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
  isDefaultBilling
  isDefaultShipping
}`) as unknown as TypedDocumentString<CompanyDetailsQuery, CompanyDetailsQueryVariables>;
export const MyInformationDocument = new TypedDocumentString(`
    query MyInformation {
  me {
    ...MyInformationFields
  }
}
    fragment MyInformationFields on Customer {
  id
  email
  firstName
  lastName
  fullName
  phoneNumber
  jobTitle
  companyName
  roles
  pendingEmail
}`) as unknown as TypedDocumentString<MyInformationQuery, MyInformationQueryVariables>;
export const CompanyUsersDocument = new TypedDocumentString(`
    query CompanyUsers {
  companyUsers {
    ...CompanyUserFields
  }
}
    fragment CompanyUserFields on CompanyUser {
  id
  email
  firstName
  lastName
  roles
  role
  status
  isSelf
  orderLimit
  monthlyLimit
}`) as unknown as TypedDocumentString<CompanyUsersQuery, CompanyUsersQueryVariables>;
export const AddressBookDocument = new TypedDocumentString(`
    query AddressBook {
  addresses {
    ...AddressBookFields
  }
  countries {
    code
    name
    provinces {
      code
      name
    }
  }
}
    fragment AddressBookFields on Address {
  id
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
  isDefaultBilling
  isDefaultShipping
}`) as unknown as TypedDocumentString<AddressBookQuery, AddressBookQueryVariables>;
export const TeamInvitationDocument = new TypedDocumentString(`
    query TeamInvitation($token: String!) {
  teamInvitation(token: $token) {
    valid
    message
    problem
    companyName
    approvedApplication
    firstName
    lastName
  }
}
    `) as unknown as TypedDocumentString<TeamInvitationQuery, TeamInvitationQueryVariables>;
export const UpdateMyInformationDocument = new TypedDocumentString(`
    mutation UpdateMyInformation($input: MyInformationInput!) {
  updateMyInformation(input: $input) {
    __typename
    ... on Customer {
      ...MyInformationFields
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment MyInformationFields on Customer {
  id
  email
  firstName
  lastName
  fullName
  phoneNumber
  jobTitle
  companyName
  roles
  pendingEmail
}`) as unknown as TypedDocumentString<UpdateMyInformationMutation, UpdateMyInformationMutationVariables>;
export const ChangePasswordDocument = new TypedDocumentString(`
    mutation ChangePassword($input: ChangePasswordInput!) {
  changePassword(input: $input) {
    __typename
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<ChangePasswordMutation, ChangePasswordMutationVariables>;
export const InviteCompanyUserDocument = new TypedDocumentString(`
    mutation InviteCompanyUser($email: String!, $role: TeamRole!) {
  inviteCompanyUser(email: $email, role: $role) {
    __typename
    ... on CompanyUser {
      ...CompanyUserFields
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment CompanyUserFields on CompanyUser {
  id
  email
  firstName
  lastName
  roles
  role
  status
  isSelf
  orderLimit
  monthlyLimit
}`) as unknown as TypedDocumentString<InviteCompanyUserMutation, InviteCompanyUserMutationVariables>;
export const ChangeCompanyUserRoleDocument = new TypedDocumentString(`
    mutation ChangeCompanyUserRole($id: ID!, $role: TeamRole!) {
  changeCompanyUserRole(id: $id, role: $role) {
    __typename
    ... on CompanyUser {
      ...CompanyUserFields
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment CompanyUserFields on CompanyUser {
  id
  email
  firstName
  lastName
  roles
  role
  status
  isSelf
  orderLimit
  monthlyLimit
}`) as unknown as TypedDocumentString<ChangeCompanyUserRoleMutation, ChangeCompanyUserRoleMutationVariables>;
export const RemoveCompanyUserDocument = new TypedDocumentString(`
    mutation RemoveCompanyUser($id: ID!) {
  removeCompanyUser(id: $id) {
    __typename
    ... on Deleted {
      success
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<RemoveCompanyUserMutation, RemoveCompanyUserMutationVariables>;
export const CreateAddressDocument = new TypedDocumentString(`
    mutation CreateAddress($input: AddressInput!) {
  createAddress(input: $input) {
    __typename
    ... on Address {
      ...AddressBookFields
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment AddressBookFields on Address {
  id
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
  isDefaultBilling
  isDefaultShipping
}`) as unknown as TypedDocumentString<CreateAddressMutation, CreateAddressMutationVariables>;
export const UpdateAddressDocument = new TypedDocumentString(`
    mutation UpdateAddress($id: ID!, $input: AddressInput!) {
  updateAddress(id: $id, input: $input) {
    __typename
    ... on Address {
      ...AddressBookFields
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment AddressBookFields on Address {
  id
  firstName
  lastName
  company
  street
  postcode
  city
  countryCode
  provinceCode
  provinceName
  phoneNumber
  email
  isDefaultBilling
  isDefaultShipping
}`) as unknown as TypedDocumentString<UpdateAddressMutation, UpdateAddressMutationVariables>;
export const DeleteAddressDocument = new TypedDocumentString(`
    mutation DeleteAddress($id: ID!) {
  deleteAddress(id: $id) {
    __typename
    ... on Deleted {
      success
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<DeleteAddressMutation, DeleteAddressMutationVariables>;
export const SetDefaultShippingAddressDocument = new TypedDocumentString(`
    mutation SetDefaultShippingAddress($id: ID!) {
  setDefaultShippingAddress(id: $id) {
    __typename
    ... on Customer {
      id
      defaultShippingAddressId
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<SetDefaultShippingAddressMutation, SetDefaultShippingAddressMutationVariables>;
export const RegisterTeamMemberDocument = new TypedDocumentString(`
    mutation RegisterTeamMember($input: TeamMemberRegistrationInput!) {
  registerTeamMember(input: $input) {
    __typename
    ... on TeamMemberRegistered {
      email
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<RegisterTeamMemberMutation, RegisterTeamMemberMutationVariables>;
export const ConfirmEmailChangeDocument = new TypedDocumentString(`
    mutation ConfirmEmailChange($token: String!) {
  confirmEmailChange(token: $token) {
    __typename
    ... on EmailChangeConfirmed {
      email
    }
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}`) as unknown as TypedDocumentString<ConfirmEmailChangeMutation, ConfirmEmailChangeMutationVariables>;
export const SetSpendingLimitsDocument = new TypedDocumentString(`
    mutation SetSpendingLimits($userId: ID!, $orderLimit: Int, $monthlyLimit: Int) {
  setSpendingLimits(
    userId: $userId
    orderLimit: $orderLimit
    monthlyLimit: $monthlyLimit
  ) {
    __typename
    ...CompanyUserFields
    ...ErrorFields
  }
}
    fragment ErrorFields on ErrorResult {
  errorCode
  message
  violations {
    propertyPath
    message
    code
  }
}
fragment CompanyUserFields on CompanyUser {
  id
  email
  firstName
  lastName
  roles
  role
  status
  isSelf
  orderLimit
  monthlyLimit
}`) as unknown as TypedDocumentString<SetSpendingLimitsMutation, SetSpendingLimitsMutationVariables>;
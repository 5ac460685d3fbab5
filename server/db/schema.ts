import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** Column types of the database, kept by hand beside the SQL migrations. */
/** A timestamp column with a default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string, string>;

export interface AddressSnapshot {
  firstName: string;
  lastName: string;
  company: string | null;
  street: string;
  city: string;
  postcode: string;
  countryCode: string;
  provinceCode: string | null;
  provinceName: string | null;
  phoneNumber: string | null;
  email: string | null;
}

/**
 * Where a card payment attempt stands: `sent` (asked, no answer yet), `action` (the shopper
 * must authenticate), `refused`, `processing` (Pending/Received: the order waits for the
 * webhook), `paid`, `voiding`/`voided` (authorised but not used: cancelled at the gateway),
 * `unknown` (the gateway did not answer; a webhook or a retry tells).
 */
export type CardAttemptStatus =
  "sent" | "action" | "refused" | "processing" | "paid" | "voiding" | "voided" | "unknown";

export interface DB {
  /** Ids of signed-out tokens until they expire (decision 037). */
  revoked_tokens: { jti: string; expires_at: Timestamp };
  /** Shared rate-limit windows on PostgreSQL (server/http/rate-limit.ts, migration 0010). */
  rate_limits: { rule: string; key: string; count: number; reset_at: Timestamp };
  currencies: { code: string };
  channels: { code: string; name: string; base_currency_code: string };
  countries: {
    code: string;
    name: string;
    emea: Generated<boolean>;
    tax_rate_bp: Generated<number>;
    enabled: Generated<boolean>;
  };
  provinces: { code: string; country_code: string; name: string };
  price_lists: { code: string; name: string; currency_code: string };
  media: { path: string; content_type: string; body: Uint8Array };
  taxons: {
    code: string;
    parent_code: string | null;
    name: string;
    description: Generated<string>;
    position: Generated<number>;
    image_path: string | null;
  };
  products: {
    code: string;
    name: string;
    slug: string;
    description: Generated<string>;
    main_taxon_code: string | null;
    position: Generated<number>;
    enabled: Generated<boolean>;
    created_at: Timestamp;
  };
  product_images: {
    id: Generated<number>;
    product_code: string;
    type: string;
    path: string;
    position: Generated<number>;
    /** The variant the picture shows (migration 0017); null: the product's own picture. */
    variant_code: string | null;
  };
  /** Catalogue texts in a locale other than English (null description: the English one). */
  product_translations: {
    product_code: string;
    locale: string;
    name: string;
    description: string | null;
  };
  product_variant_translations: { variant_code: string; locale: string; name: string };
  taxon_translations: {
    taxon_code: string;
    locale: string;
    name: string;
    description: string | null;
  };
  product_taxons: { product_code: string; taxon_code: string; position: Generated<number> };
  product_associations: {
    product_code: string;
    type: string;
    associated_code: string;
    position: Generated<number>;
  };
  /** One row: raised by triggers on every write that changes a catalogue answer (decision 046). */
  catalogue_version: {
    id: Generated<boolean>;
    version: number;
  };
  product_variants: {
    code: string;
    product_code: string;
    name: string;
    position: Generated<number>;
    ean: string | null;
    weight_grams: Generated<number>;
    on_hand: Generated<number>;
    enabled: Generated<boolean>;
  };
  variant_prices: {
    price_list_code: string;
    variant_code: string;
    price: number;
    original_price: number;
    rrp_price: number;
  };
  /** Volume prices of a price list entry (migration 0013, decision 040). */
  variant_price_tiers: {
    price_list_code: string;
    variant_code: string;
    min_quantity: number;
    price: number;
  };
  companies: {
    id: Generated<number>;
    name: string;
    legal_name: string;
    email: string;
    phone: Generated<string>;
    tax_number: string | null;
    registration_number: string | null;
    channel_code: string;
    price_list_code: string;
    currency_code: string;
    minimal_order_value: number;
    payment_terms_days: Generated<number>;
    sales_agent_name: string;
    sales_agent_email: string;
    default_billing_address_id: number | null;
    default_shipping_address_id: number | null;
    enabled: Generated<boolean>;
    /** Checkout refuses an order without a purchase-order number (issue 21). */
    po_number_required: Generated<boolean>;
    created_at: Timestamp;
  };
  shop_users: {
    id: Generated<number>;
    company_id: number;
    email: string;
    password_hash: string | null;
    first_name: string | null;
    last_name: string | null;
    phone_number: string | null;
    job_title: string | null;
    roles: string[];
    enabled: Generated<boolean>;
    locale_code: Generated<string>;
    token_version: Generated<number>;
    /** Spending limits in minor units of the company's currency (migration 0015, decision 043). */
    order_limit: number | null;
    monthly_limit: number | null;
    created_at: Timestamp;
  };
  addresses: {
    id: Generated<number>;
    company_id: number;
    first_name: string;
    last_name: string;
    company: string | null;
    street: string;
    city: string;
    postcode: string;
    country_code: string;
    province_code: string | null;
    province_name: string | null;
    phone_number: string | null;
    email: string | null;
    created_at: Timestamp;
  };
  payment_methods: {
    code: string;
    name: string;
    kind: "card" | "invoice";
    position: Generated<number>;
    enabled: Generated<boolean>;
  };
  shipping_methods: {
    code: string;
    name: string;
    position: Generated<number>;
    enabled: Generated<boolean>;
  };
  coupons: {
    code: string;
    name: string;
    percentage_bp: number;
    usage_limit: number | null;
    used: Generated<number>;
    starts_at: NullableTimestamp;
    ends_at: NullableTimestamp;
    enabled: Generated<boolean>;
  };
  orders: {
    id: Generated<number>;
    token_value: string;
    number: string | null;
    company_id: number;
    shop_user_id: number;
    state: Generated<string>;
    checkout_state: Generated<string>;
    payment_state: Generated<string>;
    shipping_state: Generated<string>;
    currency_code: string;
    locale_code: Generated<string>;
    notes: string | null;
    /** The buyer's order reference / purchase-order number (trimmed, at most 35 characters). */
    po_number: string | null;
    coupon_code: string | null;
    billing_address: Json<AddressSnapshot | null>;
    shipping_address: Json<AddressSnapshot | null>;
    items_subtotal: Generated<number>;
    items_total: Generated<number>;
    shipping_total: Generated<number>;
    shipping_tax_total: Generated<number>;
    tax_total: Generated<number>;
    order_promotion_total: Generated<number>;
    manual_discount: Generated<number>;
    total: Generated<number>;
    minimal_order_value: Generated<number>;
    parent_order_id: number | null;
    split_index: number | null;
    split_count: number | null;
    created_at: Timestamp;
    updated_at: Timestamp;
    checkout_completed_at: NullableTimestamp;
    /** An order over the buyer's spending limit (decision 043): pending, then approved or rejected. */
    approval_state: "pending" | "approved" | "rejected" | "withdrawn" | "expired" | null;
    approval_decided_by: number | null;
    approval_decided_at: NullableTimestamp;
    /** Why an ADMIN rejected the order. */
    approval_reason: string | null;
  };
  order_items: {
    id: Generated<number>;
    order_id: number;
    variant_code: string;
    product_code: string;
    product_name: string;
    variant_name: string;
    quantity: number;
    unit_price: number;
    original_unit_price: number;
    discounted_unit_price: number;
    subtotal: number;
    total: number;
    tax_total: Generated<number>;
    position: Generated<number>;
  };
  payments: {
    id: Generated<number>;
    order_id: number;
    method_code: string;
    state: Generated<string>;
    amount: Generated<number>;
    currency_code: string;
    due_date: NullableTimestamp;
    provider_reference: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  shipments: {
    id: Generated<number>;
    order_id: number;
    method_code: string;
    state: Generated<string>;
    created_at: Timestamp;
  };
  idempotency_keys: {
    shop_user_id: number;
    key: string;
    request_hash: string;
    response_status: Generated<number>;
    response_body: ColumnType<unknown, string | undefined, string>;
    created_at: Timestamp;
  };
  staff_users: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    enabled: Generated<boolean>;
    created_at: Timestamp;
  };
  invitations: {
    id: Generated<number>;
    shop_user_id: number;
    token_hash: string;
    expires_at: Date | string;
    used_at: NullableTimestamp;
    created_at: Timestamp;
  };
  password_resets: {
    id: Generated<number>;
    shop_user_id: number;
    token_hash: string;
    expires_at: Date | string;
    used_at: NullableTimestamp;
    created_at: Timestamp;
  };
  email_changes: {
    id: Generated<number>;
    shop_user_id: number;
    new_email: string;
    token_hash: string;
    expires_at: Date | string;
    used_at: NullableTimestamp;
    created_at: Timestamp;
  };
  mail_outbox: {
    id: Generated<number>;
    kind: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    status: Generated<"pending" | "sent" | "failed">;
    attempts: Generated<number>;
    last_error: string | null;
    created_at: Timestamp;
    sent_at: NullableTimestamp;
  };
  shopping_lists: {
    id: Generated<number>;
    company_id: number;
    shop_user_id: number;
    name: string;
    created_at: Timestamp;
  };
  shopping_list_items: {
    id: Generated<number>;
    shopping_list_id: number;
    variant_code: string;
    quantity: number;
    position: Generated<number>;
  };
  support_requests: {
    id: Generated<number>;
    company_id: number | null;
    shop_user_id: number | null;
    name: string;
    email: string;
    subject: string | null;
    question: string;
    attachment_name: string | null;
    attachment_type: string | null;
    attachment: Uint8Array | null;
    created_at: Timestamp;
  };
  partner_applications: {
    id: Generated<number>;
    status: Generated<"pending" | "approved" | "rejected">;
    email: string;
    company_name: string;
    country_code: string;
    payload: ColumnType<unknown, string, string>;
    /** The language the applicant registered in (en, fr, de, it, es): their mails' language. */
    language: Generated<string>;
    company_id: number | null;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    rejection_reason: string | null;
    created_at: Timestamp;
  };
  card_payment_attempts: {
    id: Generated<number>;
    order_id: number | null;
    company_id: number;
    shop_user_id: number;
    method_code: string;
    flow: "checkout" | "pay_now";
    merchant_reference: string;
    psp_reference: string | null;
    amount: number;
    currency_code: string;
    status: Generated<CardAttemptStatus>;
    result_code: string | null;
    refusal_reason: string | null;
    action: ColumnType<unknown, string | null | undefined, string | null>;
    problem: ColumnType<unknown, string | null | undefined, string | null>;
    last_error: string | null;
    idempotency_key: string | null;
    request_hash: string;
    gateway_idempotency_key: string;
    details_idempotency_key: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  payment_webhook_events: {
    id: Generated<number>;
    psp_reference: string;
    original_reference: string | null;
    merchant_reference: string | null;
    event_code: string;
    success: boolean;
    payload: ColumnType<unknown, string, string>;
    outcome: string | null;
    received_at: Timestamp;
    processed_at: NullableTimestamp;
  };
  audit_events: {
    id: Generated<number>;
    actor_type: "user" | "staff" | "system";
    actor_id: number | null;
    company_id: number | null;
    entity_type: string;
    entity_id: string;
    action: string;
    before: ColumnType<unknown, string | null, string | null>;
    after: ColumnType<unknown, string | null, string | null>;
    created_at: Timestamp;
  };
}

export type OrderRow = Selectable<DB["orders"]>;
export type OrderItemRow = Selectable<DB["order_items"]>;
export type ShopUserRow = Selectable<DB["shop_users"]>;
export type CompanyRow = Selectable<DB["companies"]>;
export type AddressRow = Selectable<DB["addresses"]>;
export type CardPaymentAttemptRow = Selectable<DB["card_payment_attempts"]>;
export type NewOrderItem = Insertable<DB["order_items"]>;

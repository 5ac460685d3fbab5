-- Commerce core: catalogue, companies and their users, carts and orders.
-- Money is integer minor units of the row's currency.
-- Statements are separated by breakpoint marker lines so the migrator can run them one by one
-- on PGlite too.
create table currencies (
  code text primary key
);
--> statement-breakpoint
create table channels (
  code text primary key,
  name text not null,
  base_currency_code text not null references currencies(code)
);
--> statement-breakpoint
create table countries (
  code text primary key,
  name text not null,
  emea boolean not null default false,
  tax_rate_bp integer not null default 0 check (tax_rate_bp between 0 and 10000),
  enabled boolean not null default true
);
--> statement-breakpoint
create table provinces (
  code text primary key,
  country_code text not null references countries(code),
  name text not null
);
--> statement-breakpoint
create table price_lists (
  code text primary key,
  name text not null,
  currency_code text not null references currencies(code)
);
--> statement-breakpoint
create table media (
  path text primary key,
  content_type text not null,
  body bytea not null
);
--> statement-breakpoint
create table taxons (
  code text primary key,
  parent_code text references taxons(code),
  name text not null,
  description text not null default '',
  position integer not null default 0,
  image_path text
);
--> statement-breakpoint
create index taxons_parent on taxons(parent_code, position);
--> statement-breakpoint
create table products (
  code text primary key,
  name text not null,
  slug text not null unique,
  description text not null default '',
  main_taxon_code text references taxons(code),
  position integer not null default 0,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index products_name_lower on products(lower(name));
--> statement-breakpoint
create table product_images (
  id serial primary key,
  product_code text not null references products(code) on delete cascade,
  type text not null,
  path text not null,
  position integer not null default 0
);
--> statement-breakpoint
create index product_images_product on product_images(product_code, position);
--> statement-breakpoint
create table product_taxons (
  product_code text not null references products(code) on delete cascade,
  taxon_code text not null references taxons(code) on delete cascade,
  position integer not null default 0,
  primary key (product_code, taxon_code)
);
--> statement-breakpoint
create index product_taxons_taxon on product_taxons(taxon_code, position);
--> statement-breakpoint
create table product_associations (
  product_code text not null references products(code) on delete cascade,
  type text not null,
  associated_code text not null references products(code) on delete cascade,
  position integer not null default 0,
  primary key (product_code, type, associated_code)
);
--> statement-breakpoint
create table product_variants (
  code text primary key,
  product_code text not null references products(code) on delete cascade,
  name text not null,
  position integer not null default 0,
  ean text,
  weight_grams integer not null default 0 check (weight_grams >= 0),
  on_hand integer not null default 0 check (on_hand >= 0),
  enabled boolean not null default true
);
--> statement-breakpoint
create index product_variants_product on product_variants(product_code, position);
--> statement-breakpoint
create table variant_prices (
  price_list_code text not null references price_lists(code),
  variant_code text not null references product_variants(code) on delete cascade,
  price integer not null check (price >= 0),
  original_price integer not null check (original_price >= 0),
  rrp_price integer not null check (rrp_price >= 0),
  primary key (price_list_code, variant_code)
);
--> statement-breakpoint
create table companies (
  id serial primary key,
  name text not null,
  legal_name text not null,
  email text not null,
  phone text not null default '',
  tax_number text,
  registration_number text,
  channel_code text not null references channels(code),
  price_list_code text not null references price_lists(code),
  currency_code text not null references currencies(code),
  minimal_order_value integer not null check (minimal_order_value >= 0),
  payment_terms_days integer not null default 30,
  sales_agent_name text not null,
  sales_agent_email text not null,
  default_billing_address_id integer,
  default_shipping_address_id integer,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create table shop_users (
  id serial primary key,
  company_id integer not null references companies(id),
  email text not null,
  password_hash text,
  first_name text,
  last_name text,
  phone_number text,
  job_title text,
  roles text[] not null,
  enabled boolean not null default true,
  locale_code text not null default 'en_US',
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create unique index shop_users_email on shop_users(lower(email));
--> statement-breakpoint
create index shop_users_company on shop_users(company_id);
--> statement-breakpoint
create table addresses (
  id serial primary key,
  company_id integer not null references companies(id),
  first_name text not null,
  last_name text not null,
  company text,
  street text not null,
  city text not null,
  postcode text not null,
  country_code text not null references countries(code),
  province_code text references provinces(code),
  province_name text,
  phone_number text,
  email text,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index addresses_company on addresses(company_id);
--> statement-breakpoint
alter table companies
  add constraint companies_default_billing foreign key (default_billing_address_id)
    references addresses(id),
  add constraint companies_default_shipping foreign key (default_shipping_address_id)
    references addresses(id);
--> statement-breakpoint
create table payment_methods (
  code text primary key,
  name text not null,
  kind text not null check (kind in ('card', 'invoice')),
  position integer not null default 0,
  enabled boolean not null default true
);
--> statement-breakpoint
create table shipping_methods (
  code text primary key,
  name text not null,
  position integer not null default 0,
  enabled boolean not null default true
);
--> statement-breakpoint
create table coupons (
  code text primary key,
  name text not null,
  percentage_bp integer not null check (percentage_bp between 0 and 10000),
  usage_limit integer check (usage_limit is null or usage_limit >= 0),
  used integer not null default 0 check (used >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  enabled boolean not null default true,
  check (usage_limit is null or used <= usage_limit)
);
--> statement-breakpoint
create sequence order_number_seq start 100001;
--> statement-breakpoint
create table orders (
  id serial primary key,
  token_value text not null unique,
  number text unique,
  company_id integer not null references companies(id),
  shop_user_id integer not null references shop_users(id),
  state text not null default 'cart',
  checkout_state text not null default 'cart',
  payment_state text not null default 'cart',
  shipping_state text not null default 'cart',
  currency_code text not null references currencies(code),
  locale_code text not null default 'en_US',
  notes text check (char_length(notes) <= 500),
  coupon_code text references coupons(code),
  billing_address jsonb,
  shipping_address jsonb,
  items_subtotal integer not null default 0,
  items_total integer not null default 0,
  shipping_total integer not null default 0,
  shipping_tax_total integer not null default 0,
  tax_total integer not null default 0,
  order_promotion_total integer not null default 0,
  manual_discount integer not null default 0,
  total integer not null default 0,
  minimal_order_value integer not null default 0,
  parent_order_id integer references orders(id),
  split_index integer,
  split_count integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  checkout_completed_at timestamptz
);
--> statement-breakpoint
create index orders_company_state on orders(company_id, state, created_at desc);
--> statement-breakpoint
create index orders_user_state on orders(shop_user_id, state);
--> statement-breakpoint
create table order_items (
  id serial primary key,
  order_id integer not null references orders(id) on delete cascade,
  variant_code text not null references product_variants(code),
  product_code text not null,
  product_name text not null,
  variant_name text not null,
  quantity integer not null check (quantity between 1 and 300),
  unit_price integer not null,
  original_unit_price integer not null,
  discounted_unit_price integer not null,
  subtotal integer not null,
  total integer not null,
  tax_total integer not null default 0,
  position integer not null default 0,
  unique (order_id, variant_code)
);
--> statement-breakpoint
create table payments (
  id serial primary key,
  order_id integer not null references orders(id) on delete cascade,
  method_code text not null references payment_methods(code),
  state text not null default 'cart',
  amount integer not null default 0,
  currency_code text not null,
  due_date timestamptz,
  provider_reference text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
--> statement-breakpoint
create index payments_order on payments(order_id);
--> statement-breakpoint
create table shipments (
  id serial primary key,
  order_id integer not null references orders(id) on delete cascade,
  method_code text not null references shipping_methods(code),
  state text not null default 'cart',
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index shipments_order on shipments(order_id);
--> statement-breakpoint
create table idempotency_keys (
  shop_user_id integer not null references shop_users(id),
  key text not null,
  request_hash text not null,
  response_status integer not null default 0,
  response_body jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (shop_user_id, key)
);

-- Card payments (architecture: Payments). One row per attempt to pay an order by card: the
-- amount and currency come from the order when the attempt starts, never from the browser;
-- the merchant reference is what the gateway and its webhooks name the attempt by. The order
-- may be deleted (an abandoned cart): the attempt stays, so a late authorisation can still be
-- found and cancelled.
create table card_payment_attempts (
  id serial primary key,
  order_id integer references orders(id) on delete set null,
  company_id integer not null references companies(id),
  shop_user_id integer not null references shop_users(id),
  method_code text not null references payment_methods(code),
  -- checkout: pays a cart and completes it; pay_now: pays the open balance of a placed order.
  flow text not null check (flow in ('checkout', 'pay_now')),
  merchant_reference text not null unique,
  psp_reference text,
  amount integer not null check (amount > 0),
  currency_code text not null,
  -- sent, action, refused, processing, paid, voiding, voided, unknown (see server/payments/README.md)
  status text not null default 'sent',
  result_code text,
  refusal_reason text,
  -- The gateway's action as given to the browser (paymentData kept for the details call).
  action jsonb,
  -- The problem answered when an authorisation could not be used (replayed as it was).
  problem jsonb,
  last_error text,
  -- The client's Idempotency-Key (per user) and the keys sent to the gateway.
  idempotency_key text,
  request_hash text not null,
  gateway_idempotency_key text not null,
  details_idempotency_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
--> statement-breakpoint
create unique index card_payment_attempts_key on card_payment_attempts(shop_user_id, idempotency_key)
  where idempotency_key is not null;
--> statement-breakpoint
create index card_payment_attempts_order on card_payment_attempts(order_id);
--> statement-breakpoint
create index card_payment_attempts_psp on card_payment_attempts(psp_reference)
  where psp_reference is not null;
--> statement-breakpoint
-- Every verified webhook item, once: Adyen delivers at least once, and the same
-- (pspReference, eventCode, success) is the same event (Adyen's own de-duplication rule).
create table payment_webhook_events (
  id serial primary key,
  psp_reference text not null,
  original_reference text,
  merchant_reference text,
  event_code text not null,
  success boolean not null,
  payload jsonb not null,
  outcome text,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  unique (psp_reference, event_code, success)
);

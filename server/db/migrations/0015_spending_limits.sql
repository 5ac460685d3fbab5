-- Spending limits and order approval (issue 21, part 1; decision 043). A company ADMIN gives a
-- COMMERCIAL user an optional limit per order and per calendar month (UTC), in minor units of
-- the company's currency. An order over a limit is placed "awaiting approval": stock taken,
-- payments and shipments kept in their cart states (nothing to pay, nothing to ship) until an
-- ADMIN other than the buyer approves it (state new) or rejects it with a reason (cancelled).
alter table shop_users add column order_limit integer check (order_limit > 0);
--> statement-breakpoint
alter table shop_users add column monthly_limit integer check (monthly_limit > 0);
--> statement-breakpoint
alter table orders add column approval_state text
  check (approval_state in ('pending', 'approved', 'rejected'));
--> statement-breakpoint
alter table orders add column approval_decided_by integer references shop_users(id);
--> statement-breakpoint
alter table orders add column approval_decided_at timestamptz;
--> statement-breakpoint
alter table orders add column approval_reason text;
--> statement-breakpoint
create index orders_awaiting_approval on orders (company_id) where state = 'awaiting approval';
--> statement-breakpoint
create index orders_user_completed on orders (shop_user_id, checkout_completed_at)
  where checkout_completed_at is not null;

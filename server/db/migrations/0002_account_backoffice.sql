-- Account area, team, files, mail, partner applications, back office and audit trail.

create table staff_users (
  id serial primary key,
  email text not null,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create unique index staff_users_email on staff_users(lower(email));
--> statement-breakpoint
-- An invited colleague is a shop user without a name or password until they register.
create table invitations (
  id serial primary key,
  shop_user_id integer not null references shop_users(id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create table password_resets (
  id serial primary key,
  shop_user_id integer not null references shop_users(id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create table mail_outbox (
  id serial primary key,
  kind text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
--> statement-breakpoint
create index mail_outbox_pending on mail_outbox(status, id);
--> statement-breakpoint
create table shopping_lists (
  id serial primary key,
  company_id integer not null references companies(id),
  shop_user_id integer not null references shop_users(id) on delete cascade,
  name text not null check (char_length(name) between 1 and 255),
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index shopping_lists_company on shopping_lists(company_id, created_at desc);
--> statement-breakpoint
create table shopping_list_items (
  id serial primary key,
  shopping_list_id integer not null references shopping_lists(id) on delete cascade,
  variant_code text not null references product_variants(code),
  quantity integer not null check (quantity between 1 and 300),
  position integer not null default 0
);
--> statement-breakpoint
create table support_requests (
  id serial primary key,
  company_id integer references companies(id),
  shop_user_id integer references shop_users(id) on delete set null,
  name text not null,
  email text not null,
  subject text,
  question text not null,
  attachment_name text,
  attachment_type text,
  attachment bytea,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create table partner_applications (
  id serial primary key,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  email text not null,
  company_name text not null,
  country_code text not null references countries(code),
  payload jsonb not null,
  company_id integer references companies(id),
  reviewed_by integer references staff_users(id),
  reviewed_at timestamptz,
  rejection_reason text,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create unique index partner_applications_pending_email on partner_applications(lower(email))
  where status = 'pending';
--> statement-breakpoint
create table audit_events (
  id bigserial primary key,
  actor_type text not null check (actor_type in ('user', 'staff', 'system')),
  actor_id integer,
  company_id integer references companies(id),
  entity_type text not null,
  entity_id text not null,
  action text not null,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index audit_events_company on audit_events(company_id, id desc);
--> statement-breakpoint
create index audit_events_entity on audit_events(entity_type, entity_id);

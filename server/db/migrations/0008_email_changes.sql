-- A change of the sign-in e-mail waits for its confirmation (issue 18, finding 2): the new
-- address gets a link (only its SHA-256 is stored), single use, 24 hours; the user's e-mail
-- changes only when the link is opened. A newer request ends the older ones.
create table email_changes (
  id serial primary key,
  shop_user_id integer not null references shop_users(id) on delete cascade,
  new_email text not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index email_changes_user on email_changes (shop_user_id);

-- Issue 18, finding 5: inviting an address that has an account in another company answers like
-- a free address, so the invitation (a pending shop user without a password) must be able to
-- hold it. A sign-in e-mail stays unique among users who registered (they have a password);
-- within one company an address is held once, registered or pending. Registering through an
-- invitation whose address has an account elsewhere is refused (server/http/routes/team-registration.ts).
drop index shop_users_email;
--> statement-breakpoint
create unique index shop_users_email on shop_users(lower(email)) where password_hash is not null;
--> statement-breakpoint
create unique index shop_users_company_email on shop_users(company_id, lower(email));
--> statement-breakpoint
create index shop_users_email_lookup on shop_users(lower(email));

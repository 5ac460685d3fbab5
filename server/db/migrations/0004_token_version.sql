-- Sign-in tokens carry the user's token version; changing or resetting the password bumps it,
-- so every token issued before stops working on the next request.
alter table shop_users add column token_version integer not null default 0;

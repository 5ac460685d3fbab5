-- Signed-out sessions: a token's id (its `jti`) is kept until the token would have expired
-- anyway, and every request refuses a token whose id is here. Rows past their expiry are
-- swept whenever a token is revoked (decision 037).
create table revoked_tokens (
  jti text primary key,
  expires_at timestamptz not null
);
--> statement-breakpoint
create index revoked_tokens_expires_at on revoked_tokens (expires_at);

-- Rate-limit counters shared by every server process on one PostgreSQL database (issue 18,
-- "beyond one process"): the sign-in and reset-request rules count here when DATABASE_URL is
-- set, so N processes give an attacker one budget, not N. One fixed window per rule and key
-- (a SHA-256 of the e-mail or address, never the address itself); ended windows are swept
-- by the processes now and then. PGlite keeps its counters in memory and never writes here.
create table rate_limits (
  rule text not null,
  key text not null,
  count integer not null,
  reset_at timestamptz not null,
  primary key (rule, key)
);
--> statement-breakpoint
create index rate_limits_reset_at on rate_limits (reset_at);

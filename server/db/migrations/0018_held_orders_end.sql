-- Orders held for approval have a way out besides an ADMIN's decision (issue 32, finding B):
-- the brand's staff withdraw one ('withdrawn'), or it expires unanswered ('expired'). Either
-- way it is cancelled with its stock and coupon use given back, as a rejection is.
alter table orders drop constraint orders_approval_state_check;
--> statement-breakpoint
alter table orders add constraint orders_approval_state_check
  check (approval_state in ('pending', 'approved', 'rejected', 'withdrawn', 'expired'));

-- Purchase-order numbers (issue 21, part 2): the buyer's own reference for an order, at most
-- 35 characters (what EDI and most ERPs keep), and a company setting that makes it required
-- at checkout. Order history searches it case-insensitively within one company.
alter table orders add column po_number text;
--> statement-breakpoint
alter table companies add column po_number_required boolean not null default false;
--> statement-breakpoint
create index orders_company_po_number on orders (company_id, lower(po_number)) where po_number is not null;

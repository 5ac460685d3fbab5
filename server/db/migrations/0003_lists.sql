-- Saved lists and split orders are read by their parent on every account page: index the
-- foreign keys they are looked up by (PostgreSQL does not index referencing columns itself).

create index shopping_list_items_list on shopping_list_items(shopping_list_id, position);
--> statement-breakpoint
create index orders_parent on orders(parent_order_id) where parent_order_id is not null;

-- Volume prices (issue 21, part 4): a contract price list entry can have quantity tiers.
-- A tier applies from its minimum quantity up to the next tier's minimum less one; the first
-- tier starts at 1 and its price is the entry's own price (variant_prices.price, which every
-- listing shows), so an entry with tiers has at least two. The server picks the tier of a
-- cart line's whole quantity (decision 040).
create table variant_price_tiers (
  price_list_code text not null,
  variant_code text not null,
  min_quantity integer not null check (min_quantity >= 1),
  price integer not null check (price > 0),
  primary key (price_list_code, variant_code, min_quantity),
  foreign key (price_list_code, variant_code)
    references variant_prices (price_list_code, variant_code) on delete cascade
);

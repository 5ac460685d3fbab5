-- The catalogue version (issue 22, decision 046): one number that every write changing a
-- catalogue answer raises in its own transaction, so a server can keep catalogue answers in
-- memory and know, from one committed value, whether an answer it holds is still the
-- database's. Triggers raise it, so no writer (routes, seed, admin CLI, a hand-made SQL fix)
-- can forget to. Stock raises it only when a variant's availability changes (on_hand crosses
-- zero): the catalogue shows `inStock`, never the quantity, and orders take stock all day.
create table catalogue_version (
  id boolean primary key default true check (id),
  version bigint not null
);
--> statement-breakpoint
insert into catalogue_version (id, version) values (true, 1);
--> statement-breakpoint
create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  update catalogue_version set version = version + 1;
  return null;
end
$$;
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on taxons
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on taxon_translations
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on products
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on product_translations
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on product_images
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on product_taxons
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on product_associations
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on product_variant_translations
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on variant_prices
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or update or delete or truncate on variant_price_tiers
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
create trigger catalogue_version after insert or delete or truncate on product_variants
  for each statement execute function bump_catalogue_version();
--> statement-breakpoint
-- An update of a variant raises the version when anything the catalogue shows changed: every
-- column but on_hand, and of on_hand only whether it is above zero. A column added to
-- product_variants later must be added to both rows here.
create trigger catalogue_version_update after update on product_variants
  for each row
  when (
    row(old.code, old.product_code, old.name, old.position, old.ean, old.weight_grams,
        old.enabled, old.on_hand > 0)
    is distinct from
    row(new.code, new.product_code, new.name, new.position, new.ean, new.weight_grams,
        new.enabled, new.on_hand > 0)
  )
  execute function bump_catalogue_version();

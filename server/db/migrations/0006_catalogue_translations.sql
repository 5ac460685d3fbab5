-- Catalogue texts per locale (decision 030), as Sylius keeps them: one translation row per
-- product, variant and taxon and locale ('fr', 'de', 'it', 'es'). The row itself keeps the
-- English text, the default locale: it is the fallback for a locale without a row (or with an
-- empty field) and what orders, exports and the back office record. Reads join the caller's
-- locale and take coalesce(translation, English) in the same statement.
create table product_translations (
  product_code text not null references products(code) on delete cascade,
  locale text not null check (locale in ('fr', 'de', 'it', 'es')),
  name text not null check (name <> ''),
  description text,
  primary key (product_code, locale)
);
--> statement-breakpoint
create index product_translations_name_lower on product_translations(locale, lower(name));
--> statement-breakpoint
create table product_variant_translations (
  variant_code text not null references product_variants(code) on delete cascade,
  locale text not null check (locale in ('fr', 'de', 'it', 'es')),
  name text not null check (name <> ''),
  primary key (variant_code, locale)
);
--> statement-breakpoint
create table taxon_translations (
  taxon_code text not null references taxons(code) on delete cascade,
  locale text not null check (locale in ('fr', 'de', 'it', 'es')),
  name text not null check (name <> ''),
  description text,
  primary key (taxon_code, locale)
);

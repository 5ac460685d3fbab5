-- A variant's own pictures (issue 30, decision 051): a product image row may belong to one of
-- the product's variants (a colour's tinted picture). Rows without a variant are the product's
-- own; a variant without pictures of its own shows the product's. The catalogue version
-- trigger on product_images (0016) already covers the new column.
alter table product_images
  add column variant_code text references product_variants(code) on delete cascade;
--> statement-breakpoint
create index product_images_variant on product_images(variant_code, position)
  where variant_code is not null;

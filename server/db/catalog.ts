import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { tierRanges, type Tier, type TierRange } from "../domain/volume-prices.js";
import type { DB } from "./schema.js";
import { variantTiersJson } from "./volume-prices.js";

export interface ProductQuery {
  taxonCode?: string;
  codeOrName?: string;
  codes?: string[];
  page: number;
  itemsPerPage: number;
  /** The caller's price list; undefined for visitors, who see no prices. */
  priceList: string | undefined;
  /** The caller's language (decision 030); texts without a translation are English. */
  language?: string;
}

export interface VariantView {
  code: string;
  name: string;
  productCode: string;
  ean: string | null;
  weightGrams: number;
  onHand: number;
  price: number | null;
  originalPrice: number | null;
  rrpPrice: number | null;
  /** Volume prices in the caller's price list, by quantity; empty without tiers (decision 040). */
  tiers: TierRange[];
  /**
   * The variant's pictures (decision 051): its own, else its product's main ones, so every
   * variant answers the picture to show for it.
   */
  images: ImageView[];
}

export interface ImageView {
  id: number;
  type: string;
  path: string;
}

export interface ProductView {
  code: string;
  name: string;
  slug: string;
  description: string;
  mainTaxon: string | null;
  images: { id: number; type: string; path: string }[];
  taxons: string[];
  related: string[];
  variants: VariantView[];
}

/**
 * One page of products and the total count in one statement, whatever the page size: the
 * page's rows carry their images, taxons, related products and priced variants as JSON, and
 * the count of all matches (`count(*) over ()`). Only a page past the end asks again, for the
 * count alone.
 */
export async function findProducts(db: Kysely<DB>, q: ProductQuery) {
  const language = q.language ?? DEFAULT_LANGUAGE;
  let base = db.selectFrom("products").where("products.enabled", "=", true);
  if (q.taxonCode !== undefined) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_taxons")
          .whereRef("product_taxons.product_code", "=", "products.code")
          .where("product_taxons.taxon_code", "=", q.taxonCode!),
      ),
    );
  }
  if (q.codeOrName !== undefined) {
    const pattern = `%${q.codeOrName.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["products.code"]), "like", pattern),
        eb(eb.fn("lower", ["products.name"]), "like", pattern),
        // The name the caller reads, in their language.
        eb.exists(
          eb
            .selectFrom("product_translations as st")
            .whereRef("st.product_code", "=", "products.code")
            .where("st.locale", "=", language)
            .where(sql<string>`lower(st.name)`, "like", pattern),
        ),
        eb.exists(
          eb
            .selectFrom("product_variants")
            .whereRef("product_variants.product_code", "=", "products.code")
            .where(sql<string>`lower(product_variants.code)`, "like", pattern),
        ),
      ]),
    );
  }
  if (q.codes !== undefined) {
    // An empty list asks for nothing (and `in ()` is not SQL).
    base =
      q.codes.length > 0
        ? base.where("products.code", "in", q.codes)
        : base.where(sql<boolean>`false`);
  }

  let page = withDetails(base, q.priceList, language).select(
    sql<string>`count(*) over ()`.as("total"),
  );
  if (q.taxonCode !== undefined) {
    page = page
      .leftJoin("product_taxons as pt", (j) =>
        j.onRef("pt.product_code", "=", "products.code").on("pt.taxon_code", "=", q.taxonCode!),
      )
      .orderBy("pt.position");
  }
  const rows = await page
    .orderBy("products.position")
    .orderBy("products.code")
    .limit(q.itemsPerPage)
    .offset((q.page - 1) * q.itemsPerPage)
    .execute();
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && q.page > 1) {
    const count = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
    total = Number(count?.n ?? 0);
  }
  return { products: rows.map(toProductView), total };
}

export async function findProduct(
  db: Kysely<DB>,
  code: string,
  priceList: string | undefined,
  language: string = DEFAULT_LANGUAGE,
) {
  const rows = await withDetails(
    db
      .selectFrom("products")
      .where("products.code", "=", code)
      .where("products.enabled", "=", true),
    priceList,
    language,
  ).execute();
  return rows[0] && toProductView(rows[0]);
}

/**
 * Whether a page address names a product the catalogue does not have (`/shop/products/{code}`
 * with an unknown or disabled code): the page answers 404 (decision 026). Other addresses are
 * not this function's business.
 */
export async function productPageIsMissing(db: Kysely<DB>, pathname: string): Promise<boolean> {
  const code = productPageCode(pathname);
  if (code === undefined) return false;
  if (code === null) return true;
  const found = await db
    .selectFrom("products")
    .select("code")
    .where("code", "=", code)
    .where("enabled", "=", true)
    .executeTakeFirst();
  return found === undefined;
}

/**
 * The product code a product page's path names: undefined on any other page, null when the
 * path cannot name one (bad escape, too long).
 */
function productPageCode(pathname: string): string | null | undefined {
  const match = /^\/shop\/products\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  try {
    const code = decodeURIComponent(match[1]!);
    return code.length > 255 ? null : code;
  } catch {
    return null;
  }
}

/**
 * The name of the enabled product a product page's path names, in `language` (English where
 * no translation exists): the page's title on its first paint (issue 30). Null on any other
 * page and for a code no enabled product has.
 */
export async function productPageName(
  db: Kysely<DB>,
  pathname: string,
  language: string,
): Promise<string | null> {
  const code = productPageCode(pathname);
  if (!code) return null;
  const found = await db
    .selectFrom("products")
    .leftJoin("product_translations as tr", (j) =>
      j.onRef("tr.product_code", "=", "products.code").on("tr.locale", "=", language),
    )
    .select(sql<string>`coalesce(tr.name, products.name)`.as("name"))
    .where("products.code", "=", code)
    .where("products.enabled", "=", true)
    .executeTakeFirst();
  return found?.name ?? null;
}

/** The language whose texts sit on the catalogue rows themselves; others are translations. */
export const DEFAULT_LANGUAGE = "en";

/**
 * What a variant view reads of `product_variants as v`, its translation in the caller's language
 * `product_variant_translations as vt` (left-joined) and its price `variant_prices as vp`.
 */
const VARIANT_COLUMNS = [
  "v.code",
  sql<string>`coalesce(vt.name, v.name)`.as("name"),
  "v.product_code",
  "v.ean",
  "v.weight_grams",
  "v.on_hand",
  "vp.price",
  "vp.original_price",
  "vp.rrp_price",
  variantTiersJson().as("tiers"),
  variantImagesJson().as("images"),
] as const;

/**
 * The pictures of `product_variants as v` as JSON (decision 051): its own (product_images rows
 * naming it), else the product's own main pictures; in position order.
 */
function variantImagesJson() {
  return sql<ImageView[]>`coalesce(
    (select json_agg(json_build_object('id', vi.id, 'type', vi.type, 'path', vi.path)
                     order by vi.position, vi.id)
     from product_images as vi where vi.variant_code = v.code),
    (select json_agg(json_build_object('id', pi.id, 'type', pi.type, 'path', pi.path)
                     order by pi.position, pi.id)
     from product_images as pi
     where pi.product_code = v.product_code and pi.variant_code is null and pi.type = 'main'),
    '[]'::json)`;
}

type ProductSource = SelectQueryBuilder<DB, "products", object>;

/**
 * The product's own columns with its texts in `language` (English where no translation exists)
 * and, as JSON arrays, everything a product view shows.
 */
function withDetails(query: ProductSource, priceList: string | undefined, language: string) {
  return query
    .leftJoin("product_translations as tr", (j) =>
      j.onRef("tr.product_code", "=", "products.code").on("tr.locale", "=", language),
    )
    .select([
      "products.code",
      "products.slug",
      "products.main_taxon_code",
      sql<string>`coalesce(tr.name, products.name)`.as("name"),
      sql<string>`coalesce(nullif(tr.description, ''), products.description)`.as("description"),
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom("product_images as i")
          .select(["i.id", "i.type", "i.path"])
          .whereRef("i.product_code", "=", "products.code")
          // A variant's own pictures are the variant's (decision 051), not the product's.
          .where("i.variant_code", "is", null)
          .orderBy("i.position")
          .orderBy("i.id"),
      ).as("images"),
      jsonArrayFrom(
        eb
          .selectFrom("product_taxons as t")
          .select("t.taxon_code")
          .whereRef("t.product_code", "=", "products.code")
          .orderBy("t.taxon_code"),
      ).as("taxons"),
      jsonArrayFrom(
        eb
          .selectFrom("product_associations as a")
          .select("a.associated_code")
          .whereRef("a.product_code", "=", "products.code")
          .where("a.type", "=", "related")
          .orderBy("a.position"),
      ).as("related"),
      jsonArrayFrom(
        eb
          .selectFrom("product_variants as v")
          .leftJoin("variant_prices as vp", (j) =>
            j
              .onRef("vp.variant_code", "=", "v.code")
              .on("vp.price_list_code", "=", priceList ?? ""),
          )
          .leftJoin("product_variant_translations as vt", (j) =>
            j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
          )
          .select(VARIANT_COLUMNS)
          .whereRef("v.product_code", "=", "products.code")
          .where("v.enabled", "=", true)
          .orderBy("v.position")
          .orderBy("v.code"),
      ).as("variants"),
    ]);
}

type VariantRow = {
  code: string;
  name: string;
  product_code: string;
  ean: string | null;
  weight_grams: number;
  on_hand: number;
  price: number | null;
  original_price: number | null;
  rrp_price: number | null;
  tiers: Tier[];
  images: ImageView[];
};

function toVariantView(r: VariantRow): VariantView {
  return {
    code: r.code,
    name: r.name,
    productCode: r.product_code,
    ean: r.ean,
    weightGrams: r.weight_grams,
    onHand: r.on_hand,
    price: r.price,
    originalPrice: r.original_price,
    rrpPrice: r.rrp_price,
    tiers: tierRanges(r.tiers),
    images: r.images.map((i) => ({ id: i.id, type: i.type, path: i.path })),
  };
}

function toProductView(r: {
  code: string;
  name: string;
  slug: string;
  description: string;
  main_taxon_code: string | null;
  images: { id: number; type: string; path: string }[];
  taxons: { taxon_code: string }[];
  related: { associated_code: string }[];
  variants: VariantRow[];
}): ProductView {
  return {
    code: r.code,
    name: r.name,
    slug: r.slug,
    description: r.description,
    mainTaxon: r.main_taxon_code,
    images: r.images.map((i) => ({ id: i.id, type: i.type, path: i.path })),
    taxons: r.taxons.map((t) => t.taxon_code),
    related: r.related.map((a) => a.associated_code),
    variants: r.variants.map(toVariantView),
  };
}

/** Variants with the price list's prices (null prices for visitors). */
export async function findVariants(
  db: Kysely<DB>,
  filter: { productCodes?: string[]; codes?: string[]; page?: number; itemsPerPage?: number },
  priceList: string | undefined,
  language: string = DEFAULT_LANGUAGE,
): Promise<VariantView[]> {
  let q = db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .leftJoin("variant_prices as vp", (j) =>
      j.onRef("vp.variant_code", "=", "v.code").on("vp.price_list_code", "=", priceList ?? ""),
    )
    .leftJoin("product_variant_translations as vt", (j) =>
      j.onRef("vt.variant_code", "=", "v.code").on("vt.locale", "=", language),
    )
    .select(VARIANT_COLUMNS)
    .where("v.enabled", "=", true)
    .where("p.enabled", "=", true);
  if (filter.productCodes) q = q.where("v.product_code", "in", filter.productCodes);
  if (filter.codes)
    q =
      filter.codes.length > 0
        ? q.where("v.code", "in", filter.codes)
        : q.where(sql<boolean>`false`);
  q = q.orderBy("v.product_code").orderBy("v.position").orderBy("v.code");
  if (filter.itemsPerPage) {
    q = q.limit(filter.itemsPerPage).offset(((filter.page ?? 1) - 1) * filter.itemsPerPage);
  }
  return (await q.execute()).map(toVariantView);
}

export async function countVariants(
  db: Kysely<DB>,
  filter: { productCodes?: string[]; codes?: string[] },
) {
  const { productCodes, codes } = filter;
  let q = db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .select(sql<number>`count(*)`.as("n"))
    .where("v.enabled", "=", true)
    .where("p.enabled", "=", true);
  if (productCodes) q = q.where("v.product_code", "in", productCodes);
  if (codes) q = codes.length > 0 ? q.where("v.code", "in", codes) : q.where(sql<boolean>`false`);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

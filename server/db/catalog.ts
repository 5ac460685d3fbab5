import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.js";

export interface ProductQuery {
  taxonCode?: string;
  codeOrName?: string;
  codes?: string[];
  page: number;
  itemsPerPage: number;
  /** The caller's price list; undefined for visitors, who see no prices. */
  priceList: string | undefined;
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
 * One page of products and the total count. Whatever the page size, this is five queries:
 * the page, then images, taxons, associations and variants for all its products at once.
 */
export async function findProducts(db: Kysely<DB>, q: ProductQuery) {
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

  const countRow = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  let page = base.selectAll("products");
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
  const products = await hydrateProducts(db, rows, q.priceList);
  return { products, total: Number(countRow?.n ?? 0) };
}

export async function findProduct(db: Kysely<DB>, code: string, priceList: string | undefined) {
  const rows = await db
    .selectFrom("products")
    .selectAll()
    .where("code", "=", code)
    .where("enabled", "=", true)
    .execute();
  return (await hydrateProducts(db, rows, priceList))[0];
}

type ProductRow = {
  code: string;
  name: string;
  slug: string;
  description: string;
  main_taxon_code: string | null;
};

async function hydrateProducts(
  db: Kysely<DB>,
  rows: ProductRow[],
  priceList: string | undefined,
): Promise<ProductView[]> {
  if (rows.length === 0) return [];
  const codes = rows.map((r) => r.code);
  const [images, taxons, related, variants] = await Promise.all([
    db
      .selectFrom("product_images")
      .select(["id", "product_code", "type", "path"])
      .where("product_code", "in", codes)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_taxons")
      .select(["product_code", "taxon_code"])
      .where("product_code", "in", codes)
      .orderBy("taxon_code")
      .execute(),
    db
      .selectFrom("product_associations")
      .select(["product_code", "associated_code"])
      .where("product_code", "in", codes)
      .where("type", "=", "related")
      .orderBy("position")
      .execute(),
    findVariants(db, { productCodes: codes }, priceList),
  ]);
  const group = <T extends { product_code: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list)
      map.set(item.product_code, [...(map.get(item.product_code) ?? []), item]);
    return map;
  };
  const img = group(images);
  const tx = group(taxons);
  const rel = group(related);
  const vars = new Map<string, VariantView[]>();
  for (const v of variants) vars.set(v.productCode, [...(vars.get(v.productCode) ?? []), v]);
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    slug: r.slug,
    description: r.description,
    mainTaxon: r.main_taxon_code,
    images: (img.get(r.code) ?? []).map((i) => ({ id: i.id, type: i.type, path: i.path })),
    taxons: (tx.get(r.code) ?? []).map((t) => t.taxon_code),
    related: (rel.get(r.code) ?? []).map((a) => a.associated_code),
    variants: vars.get(r.code) ?? [],
  }));
}

/** Variants with the price list's prices (null prices for visitors). */
export async function findVariants(
  db: Kysely<DB>,
  filter: { productCodes?: string[]; codes?: string[]; page?: number; itemsPerPage?: number },
  priceList: string | undefined,
): Promise<VariantView[]> {
  let q = db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.code", "v.product_code")
    .leftJoin("variant_prices as vp", (j) =>
      j.onRef("vp.variant_code", "=", "v.code").on("vp.price_list_code", "=", priceList ?? ""),
    )
    .select([
      "v.code",
      "v.name",
      "v.product_code",
      "v.ean",
      "v.weight_grams",
      "v.on_hand",
      "vp.price",
      "vp.original_price",
      "vp.rrp_price",
    ])
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
  const rows = await q.execute();
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    productCode: r.product_code,
    ean: r.ean,
    weightGrams: r.weight_grams,
    onHand: r.on_hand,
    price: r.price,
    originalPrice: r.original_price,
    rrpPrice: r.rrp_price,
  }));
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
